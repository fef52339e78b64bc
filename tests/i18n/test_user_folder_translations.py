"""Issue 37 item 12: what 'tcforge --data DIR i18n import' writes into a folder of one's own is read back from it, by
'cards show', 'scenario show' and the rule book the booklet prints, layered over the bundled catalogue."""
from __future__ import annotations

from pathlib import Path

from tcforge.i18n.catalog import load_rulebook
from tcforge.paths import use_data_dirs


def _edit(po: Path, pairs: dict[str, tuple[str, str]]) -> None:
    """Change the msgstr of each msgctxt in ``pairs``: (old, new)."""
    lines = po.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        for ctxt, (old, new) in pairs.items():
            if line == f'msgctxt "{ctxt}"':
                at = next(j for j in range(i, i + 6) if lines[j].startswith("msgstr "))
                assert lines[at] == f'msgstr "{old}"', lines[at]
                lines[at] = f'msgstr "{new}"'
    po.write_text("\n".join(lines), encoding="utf-8")


def test_an_import_into_a_folder_of_ones_own_is_read_back(tcforge, tmp_path: Path) -> None:
    code, _, err = tcforge("i18n", "export", "--lang", "fr", "-o", "fr.po")
    assert code == 0, err
    _edit(tmp_path / "fr.po", {"card:6|name": ("Recrues allemandes", "Recrues allemandes (mine)"),
                               "scenario:hill-621|title": ("La colline 621", "La colline 621 (mine)"),
                               "9.1|title": ("Portée", "Portée (mine)")})
    own = tmp_path / "own"
    own.mkdir()
    code, out, err = tcforge("--data", str(own), "i18n", "import", "fr.po", "--lang", "fr")
    assert code == 0, err
    assert (own / "i18n" / "fr.json").is_file() and (own / "rules" / "fr").is_dir()

    code, out, err = tcforge("--data", str(own), "cards", "show", "6", "--lang", "fr")
    assert code == 0, err
    assert out.splitlines()[0] == "6  Recrues allemandes (mine)"
    code, out, err = tcforge("--data", str(own), "scenario", "show", "hill-621", "--lang", "fr")
    assert code == 0, err
    assert "La colline 621 (mine)" in out.splitlines()[0]
    try:
        use_data_dirs([own])
        assert load_rulebook().book("fr").case_map()["9.1"].title == "Portée (mine)"  # what the booklet prints
    finally:
        use_data_dirs([])
    assert load_rulebook().book("fr").case_map()["9.1"].title == "Portée"  # the bundled catalogue is untouched

    code, out, err = tcforge("cards", "show", "6", "--lang", "fr")  # without --data: the bundled text
    assert out.splitlines()[0] == "6  Recrues allemandes"

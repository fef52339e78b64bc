"""Issue 37 items 13 and 14: a language started with 'tcforge i18n init' prints (cards show, scenario show, the rule
book), what is not translated falling back to English and counted as missing; a case with only its title translated is
kept; the PO header has a real date and the project's contact fields; --lang names the languages there are."""
from __future__ import annotations

import re
from pathlib import Path

from tcforge.i18n.catalog import load_rulebook
from tcforge.paths import use_data_dirs


def _translate(po: Path, pairs: dict[str, str]) -> None:
    """Fill the empty msgstr of each msgctxt in ``pairs``."""
    lines = po.read_text(encoding="utf-8").split("\n")
    done = set()
    for i, line in enumerate(lines):
        ctxt = line.removeprefix('msgctxt "').removesuffix('"')
        if line.startswith("msgctxt ") and ctxt in pairs:
            at = next(j for j in range(i, i + 8) if lines[j].startswith("msgstr "))
            assert lines[at] == 'msgstr ""', lines[at]
            lines[at] = f'msgstr "{pairs[ctxt]}"'
            done.add(ctxt)
    assert done == set(pairs)
    po.write_text("\n".join(lines), encoding="utf-8")


def test_a_german_catalogue_of_a_few_entries_prints(tcforge, tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    code, out, err = tcforge("cards", "show", "6", "--lang", "de")
    assert code == 2 and err.strip() == ("tcforge: --lang de: no catalogue for this language (languages: en, fr); "
                                         "start one with 'tcforge i18n init de'")
    assert tcforge("--data", str(own), "i18n", "init", "de")[0] == 0
    code, _, err = tcforge("--data", str(own), "i18n", "export", "--lang", "de", "-o", "de.po")
    assert code == 0, err
    header = (tmp_path / "de.po").read_text(encoding="utf-8").split("\n\n")[0]
    assert "2002-01-01" not in header and re.search(r"POT-Creation-Date: 20\d\d-", header)
    assert "EMAIL@ADDRESS" not in header and "Language-Team: German" in header
    _translate(tmp_path / "de.po", {"card:6|name": "Deutscher Rekrutentrupp", "scenario:hill-621|title": "Höhe 621",
                                    "9.1|title": "Reichweite"})  # 9.1: its title only
    code, out, err = tcforge("--data", str(own), "i18n", "import", "de.po", "--lang", "de")
    assert code == 0, err
    assert "case 9.1 has a translated title only; added with the English text" in err

    code, out, err = tcforge("--data", str(own), "cards", "show", "6", "--lang", "de")
    assert code == 0, err
    assert out.splitlines()[0] == "6  Deutscher Rekrutentrupp"
    code, out, err = tcforge("--data", str(own), "scenario", "show", "hill-621", "--lang", "de")
    assert code == 0, err
    assert out.splitlines()[0] == "hill-621  Höhe 621"
    assert "Early July 1944" in out  # the description is not translated: in English
    assert "not translated into de" in err

    code, out, err = tcforge("--data", str(own), "i18n", "status", "--lang", "de")
    lines = out.splitlines()
    assert lines[0] == "de: 118 English case(s): 0 current, 1 stale, 117 missing"
    assert any(line.split()[:2] == ["stale", "9.1"] for line in lines)
    assert "de: 183 card and scenario text(s): 2 current, 0 stale, 181 missing" in lines
    try:
        use_data_dirs([own])
        case = load_rulebook().book("de").case_map()["9.1"]  # what the booklet prints, marked stale
        assert case.title == "Reichweite" and case.text == load_rulebook().source.case_map()["9.1"].text
    finally:
        use_data_dirs([])


def test_status_counts_the_current_cases(tcforge) -> None:
    code, out, _ = tcforge("i18n", "status", "--lang", "fr")
    assert code == 0
    current = [line for line in out.splitlines() if line.strip().startswith("current:")]
    assert current and len(current[0]) < 100, current


def test_cards_show_gives_the_class_in_french(tcforge) -> None:
    code, out, _ = tcforge("cards", "show", "159", "--lang", "fr")
    assert code == 0 and out.splitlines()[1].split(", ")[1] == "frappe aérienne"

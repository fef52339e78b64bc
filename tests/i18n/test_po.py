"""tcforge i18n export / import: gettext PO files via Babel, and the round trip back to the YAML files."""
from __future__ import annotations

import shutil
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.i18n import app
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, load_rulebook
from tcforge.i18n.chapterfile import dump_chapter
from tcforge.i18n.po import export_po, import_po
from tcforge.i18n.ruletext import text_hash

FIXTURE = ROOT / "tests" / "data" / "i18n" / "rules"
RULES = ROOT / "data" / "rules"


@pytest.fixture()
def rules(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(FIXTURE, target)
    return target


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.yaml"))}


def _edit(po: bytes, edits: dict[str, tuple[str | None, bool]]) -> bytes:
    """Set msgstr and the fuzzy flag of entries by msgctxt; None keeps the msgstr."""
    catalog = read_po(BytesIO(po))
    for msg in catalog:
        if msg.context in edits:
            text, fuzzy = edits[msg.context]
            if text is not None:
                msg.string = text
            if fuzzy:
                msg.flags.add("fuzzy")
            else:
                msg.flags.discard("fuzzy")
    buf = BytesIO()
    write_po(buf, catalog)
    return buf.getvalue()


def test_chapter_files_are_written_back_byte_for_byte() -> None:
    book = load_rulebook()
    for lang, language in book.books.items():
        for chapter in language.chapters:
            assert dump_chapter(chapter) == (RULES / lang / chapter.file).read_text(encoding="utf-8"), chapter.file


def test_export_then_import_of_the_bundled_rule_book_changes_no_file(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    shutil.copytree(RULES, folder)
    before = _snapshot(folder)
    po = tmp_path / "fr.po"
    po.write_bytes(export_po(load_rulebook(folder), "fr"))
    report = import_po(load_rulebook(folder), "fr", po)
    assert report.files == [] and report.updated == [] and report.added == []
    assert _snapshot(folder) == before


def test_export_uses_case_contexts_english_msgids_and_marks_stale_entries_fuzzy(rules: Path) -> None:
    text = export_po(load_rulebook(rules), "fr")
    catalog = read_po(BytesIO(text))
    entries = {m.context: m for m in catalog if m.id}
    assert entries["1.2|text"].id == "A roll of 4 or less hits; add +2 in Woods."
    assert entries["1.2|text"].string.startswith("Un jet de 3")
    assert entries["1.2|title"].fuzzy and entries["1.2|text"].fuzzy and entries["1.5|text"].fuzzy
    assert not entries["1.1|text"].fuzzy and not entries["1.4|text"].fuzzy
    assert entries["1.3|text"].string == "" and entries["2.1|title"].string == ""
    assert entries["1.0|chapter"].string == "Les bases"
    assert catalog.locale_identifier == "fr"
    # No python-format guesses on rule text ({param:...} is not a format, "50 % chance" neither).
    assert b"python-format" not in text and b"python-brace-format" not in text


def test_import_of_a_reviewed_stale_entry_records_the_current_english_hash(rules: Path, tmp_path: Path) -> None:
    po = _edit(export_po(load_rulebook(rules), "fr"),
               {"1.2|text": ("Un jet de 4 ou moins touche ; ajoutez +2 dans les Bois.", False), "1.2|title": (None, False)})
    (tmp_path / "fr.po").write_bytes(po)
    report = import_po(load_rulebook(rules), "fr", tmp_path / "fr.po")
    assert report.updated == ["1.2"] and report.fuzzy == []
    book = load_rulebook(rules)
    assert book.state_of("fr", "1.2") == CURRENT
    case = book.book("fr").case_map()["1.2"]
    assert case.translated_from == text_hash("Stale case", "A roll of 4 or less hits; add +2 in Woods.")
    assert case.text.startswith("Un jet de 4")


def test_import_keeps_a_fuzzy_entry_stale_with_its_old_hash(rules: Path, tmp_path: Path) -> None:
    po = _edit(export_po(load_rulebook(rules), "fr"), {"1.2|text": ("Un jet de 4 ou moins touche.", True)})
    (tmp_path / "fr.po").write_bytes(po)
    report = import_po(load_rulebook(rules), "fr", tmp_path / "fr.po")
    assert report.fuzzy == ["1.2"]
    book = load_rulebook(rules)
    assert book.state_of("fr", "1.2") == STALE
    assert book.book("fr").case_map()["1.2"].translated_from == "88f675644ba5"


def test_import_adds_missing_cases_in_order_and_creates_a_missing_chapter_file(rules: Path, tmp_path: Path) -> None:
    po = _edit(export_po(load_rulebook(rules), "fr"),
               {"1.3|title": ("Règle manquante", False), "1.3|text": ("Jouez {param:turn.hand_limit} cartes au plus.", False),
                "2.1|title": ("Un chapitre pas encore traduit", False), "2.1|text": ("La victoire exige 3 positions.", False),
                "2.0|chapter": ("Victoire", False)})
    (tmp_path / "fr.po").write_bytes(po)
    report = import_po(load_rulebook(rules), "fr", tmp_path / "fr.po")
    assert report.added == ["1.3", "2.1"]
    book = load_rulebook(rules)
    assert [c.number for c in book.book("fr").chapter("01-basics.yaml").cases] == ["1.1", "1.2", "1.3", "1.4", "1.5"]
    assert book.state_of("fr", "1.3") == CURRENT and book.state_of("fr", "2.1") == CURRENT
    created = (rules / "fr" / "02-victory.yaml").read_text(encoding="utf-8")
    assert created.startswith('lang: fr\nchapter: "2.0"\ntitle: "Victoire"\ncases:\n  - case: "2.1"\n')
    assert {s.number for s in book.status("fr") if s.state == MISSING} == set()


def test_a_po_exported_before_the_english_changed_leaves_the_case_stale(rules: Path, tmp_path: Path) -> None:
    """The hash recorded is the one of the English the translator saw (the msgid), not the English now."""
    po = _edit(export_po(load_rulebook(rules), "fr"), {"1.1|text": ("Chaque joueur pioche 5 cartes ; voir 1.2 !", False)})
    (tmp_path / "fr.po").write_bytes(po)
    english = rules / "en" / "01-basics.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("draws 5 cards", "draws 6 cards"), encoding="utf-8")
    import_po(load_rulebook(rules), "fr", tmp_path / "fr.po")
    book = load_rulebook(rules)
    assert book.state_of("fr", "1.1") == STALE
    assert book.book("fr").case_map()["1.1"].translated_from == text_hash("Current case", "Each player draws 5 cards; see 1.2.")


def test_import_and_export_commands(rules: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    po = tmp_path / "out" / "fr.po"
    result = runner.invoke(app, ["export", "--lang", "fr", "--rules", str(rules), "--out", str(po)])
    assert result.exit_code == 0 and po.is_file()
    before = _snapshot(rules)
    result = runner.invoke(app, ["import", str(po), "--rules", str(rules)])
    assert result.exit_code == 0
    assert "no file changed" in result.stdout
    assert _snapshot(rules) == before


def test_import_of_a_malformed_po_file_is_one_line_per_problem_and_exit_1(rules: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "x"\nmsgstr "y\nthis is not a PO file\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(bad), "--rules", str(rules)])
    assert result.exit_code == 1
    *problems, summary = result.stderr.strip().splitlines()
    assert [p.split(": ")[0] for p in problems] == [f"{bad}:2:10", f"{bad}:3:1"]  # the unclosed string, the stray line
    assert summary.startswith("tcforge: ") and "nothing imported" in summary and "Traceback" not in result.stderr


def test_import_of_a_plural_entry_is_one_line_and_exit_1(rules: Path, tmp_path: Path) -> None:
    """The rule book has no plural forms: a PO entry with msgid_plural is refused with its line, nothing written."""
    before = _snapshot(rules)
    catalog = read_po(BytesIO(export_po(load_rulebook(rules), "fr")))
    catalog.add(("one case", "{n} cases"), ("un cas", "{n} cas"), context="1.2|title", lineno=0)
    buf = BytesIO()
    write_po(buf, catalog)
    po = tmp_path / "plural.po"
    po.write_bytes(buf.getvalue())
    result = CliRunner().invoke(app, ["import", str(po), "--rules", str(rules)])
    assert result.exit_code == 1
    problem, summary = result.stderr.strip().splitlines()  # the problem, then what happened: nothing imported
    assert "1.2|title: a plural entry (msgid_plural)" in problem and summary.startswith("tcforge: ")
    assert _snapshot(rules) == before

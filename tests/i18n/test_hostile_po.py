"""tcforge i18n import against hostile PO files (tests/data/i18n/hostile): exit 1, one line per problem at
FILE:LINE:COL, no traceback, and the data it would have written byte for byte as it was; the default target."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.i18n import app
from tcforge.i18n.po import PoError, read_catalog
from tcforge.i18n.texts import load_texts
from tcforge.paths import DATA_ENV

DATA = ROOT / "data"
HOSTILE = ROOT / "tests" / "data" / "i18n" / "hostile"
ACCEPTED = ROOT / "tests" / "data" / "i18n" / "accepted"

# file -> (how many problem lines, a piece of the first)
CASES = {
    "truncated-mid-string.po": (1, "string is not closed"),
    "truncated-at-a-line-break.po": (1, "1.0|text: the translation ends with white space"),
    "truncated-before-msgstr.po": (1, "the entry has no msgstr: the file ends inside it"),
    "bidi-override.po": (1, "card:8|name: its msgstr holds a control character (U+202E, a bidirectional override)"),
    "escape-sequence.po": (1, "(U+001B, a terminal escape) at character 11"),
    "c1-control.po": (1, "(U+009B, a terminal escape)"),
    "invisible-format.po": (3, "(U+200B, an invisible format character)"),
    "tab.po": (1, "(U+0009, a tab)"),
    "long-text.po": (1, "1.0|text: its msgstr is 20,008 characters long, more than the 10,000-character limit"),
    "long-card-name.po": (1, "name_fr: text is 5,009 characters long, more than 200"),
    "name-on-two-lines.po": (1, "name_fr: text holds a control character"),
    "good-entry-then-long-name.po": (1, "name_fr: text is 5,009 characters long"),
    "charset-klingon.po": (1, "unknown charset 'klingon'"),
    "charset-utf16.po": (1, "charset 'UTF-16' in the Content-Type header is not one a PO file can be read in"),
    "not-the-charset-it-says.po": (1, "byte 0xe9 is not valid utf-8"),
    "plural-forms-header.po": (1, "the Plural-Forms header is not valid"),
    "plural-entry.po": (1, "card:8|name: a plural entry (msgid_plural)"),
    "placeholders.po": (3, "placeholder {param:fire.at_gun_min_he} of the English is missing"),
    "duplicate-context.po": (1, "msgctxt 'card:8|name' again (first on line 20)"),
    "unknown-escape.po": (1, "unknown escape \\q"),
    "not-a-po-file.po": (1, "is not a PO keyword"),
    "other-language.po": (1, "a catalogue of 'de' (its Language header), not of 'fr'"),
    # issue 51 point 9: these three were imported with exit 0 (a second header ignored; an entry without a context or
    # with a mistyped one dropped with a warning)
    "second-header.po": (1, "a second header entry (msgid \"\"; the first is on line 5)"),
    "no-context.po": (1, "an entry without a msgctxt ('German Cavalry')"),
    "context-mistyped.po": (1, "msgctxt '1.0|title ' is not a context tcforge writes"),
}


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # messages then name the PO file by its full path
    target = tmp_path / "data"
    for folder in ("cards", "scenarios", "rules", "i18n"):
        shutil.copytree(DATA / folder, target / folder)
    return target


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, temporary ones included (a left-over .part file shows here)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _run(*args: str) -> tuple[int, str, str]:
    words, env = list(args), {}
    if "--root" in words:  # the data folder is the global --data (TCFORGE_DATA) since issue 32; --root its old spelling
        at = words.index("--root")
        env[DATA_ENV] = words[at + 1]
        del words[at:at + 2]
    result = CliRunner().invoke(app, words, env=env)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_the_corpus_lists_every_hostile_file() -> None:
    assert sorted(p.name for p in HOSTILE.glob("*.po")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.slow
def test_a_hostile_po_is_refused_one_line_a_problem_and_changes_no_file(name: str, data: Path) -> None:
    count, first = CASES[name]
    po = HOSTILE / name
    before = _snapshot(data)
    # other-language.po is a German catalogue imported as French: --lang fr says so (without it the file's own Language
    # header names the language, the next test)
    code, out, err = _run("import", str(po), "--root", str(data), *(["--lang", "fr"] if name == "other-language.po" else []))
    assert code == 1
    assert "Traceback" not in err and "wrote" not in out
    *problems, summary = err.strip().splitlines()
    assert len(problems) == count, err
    assert all(re.match(rf"{re.escape(str(po))}:\d+:\d+: \S", line) for line in problems), problems
    assert first in problems[0]
    assert summary.startswith("tcforge: ") and "nothing imported, no file changed" in summary
    assert all(line.isprintable() for line in err.splitlines())  # no control character reaches the terminal raw
    assert _snapshot(data) == before


@pytest.mark.slow
def test_without_lang_a_po_is_read_as_the_language_its_header_names(data: Path) -> None:
    """The Language header decides when --lang is not given: a German catalogue is not imported as French, it asks for
    a German translation to be started (the control: --lang fr names the clash, in the test above)."""
    before = _snapshot(data)
    code, out, err = _run("import", str(HOSTILE / "other-language.po"), "--root", str(data))
    assert code == 1 and "wrote" not in out and "Traceback" not in err
    assert "no translation 'de'" in err and "tcforge i18n init de" in err
    assert _snapshot(data) == before


ORDINARY = ["byte-order-mark.po", "crlf-line-ends.po", "no-final-line-break.po", "trailing-space-mid-file.po"]


@pytest.mark.parametrize("name", ORDINARY)
def test_a_po_without_a_final_line_break_or_with_a_trailing_space_before_its_end_imports(name: str, data: Path) -> None:
    """Both were refused as 'a truncated file?': no final line break (msgfmt takes it), and any translation ending with
    a space the English lacks. A cut inside a string is 'not closed'; a cut at a line break only ever ends the file.
    Windows line ends and a byte-order mark (as some editors save) are ordinary too."""
    assert sorted(p.name for p in ACCEPTED.glob("*.po")) == ORDINARY
    code, out, err = _run("import", str(ACCEPTED / name), "--root", str(data))
    assert code == 0, err
    assert "wrote into data" in out
    title = (data / "rules" / "fr" / "01-introduction.yaml").read_text(encoding="utf-8")
    assert ('title: "Le jeu de cartes "' if name.startswith("trailing") else 'title: "Le jeu de cartes"\n') in title


def test_a_trailing_space_is_refused_only_when_it_ends_the_file_and_the_english_has_none(tmp_path: Path) -> None:
    """The truncation a line break leaves: the file's last translation ends with a space its English does not have."""
    head = (ACCEPTED / "trailing-space-mid-file.po").read_text(encoding="utf-8").split("\n\nmsgctxt")[0]

    def catalog(*entries: tuple[str, str]) -> Path:
        po = tmp_path / "fr.po"
        po.write_text(head + "".join(f'\n\nmsgid "{english}"\nmsgstr "{french}"' for english, french in entries) + "\n",
                      encoding="utf-8")
        return po

    assert [m.string for m in read_catalog(catalog(("Fire ", "Tir "),), "fr")] == ["Tir "]  # the English has it too
    assert len(read_catalog(catalog(("Fire", "Tir "), ("Move", "Mouvement")), "fr")) == 2  # not the last entry
    with pytest.raises(PoError) as refused:
        read_catalog(catalog(("Move", "Mouvement"), ("Fire", "Tir ")), "fr")
    [problem] = refused.value.problems
    assert "Fire: the translation ends with white space the English does not have, and the file ends there" in problem


def test_the_same_files_import_once_repaired(data: Path, tmp_path: Path) -> None:
    """The refusals are about the faults, not the entries: the long card name cut to a real one imports (exit 0)."""
    po = tmp_path / "fr.po"
    text = (HOSTILE / "good-entry-then-long-name.po").read_text(encoding="utf-8")
    po.write_text(re.sub(r"Cavalerie (très )+allemande", "Cavalerie allemande montée", text), encoding="utf-8")
    code, out, err = _run("import", str(po), "--root", str(data))
    assert code == 0, err
    assert "wrote into data\n" in out  # relative to the working folder, tmp_path
    names = {t.key: t.translations.get("fr") for t in load_texts(data)}
    assert names["card:8|name"] == "Cavalerie allemande montée"
    assert "Le jeu de cartes" in (data / "rules" / "fr" / "01-introduction.yaml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_truncated_po_leaves_the_translation_current_and_whole(data: Path) -> None:
    """Before, a file cut inside a string imported the string's first part and status still said current."""
    introduction = data / "rules" / "fr" / "01-introduction.yaml"
    before = introduction.read_bytes()
    for name in ("truncated-mid-string.po", "truncated-at-a-line-break.po"):
        code, _, _ = _run("import", str(HOSTILE / name), "--root", str(data))
        assert code == 1
    assert introduction.read_bytes() == before
    code, out, _ = _run("status", "--root", str(data), "--check")
    assert code == 0 and "0 stale" in out


def test_an_import_names_no_folder_and_so_is_refused_and_package_data_needs_into_package(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default target is never tcforge's own data: without --root, --rules, --data or --into-package the import
    says how to name a folder; --into-package writes the checkout's data (here a checkout in tmp_path)."""
    home = tmp_path / "checkout"
    home.mkdir()
    shutil.move(str(data), home / "data")
    (home / "schemas").symlink_to(ROOT / "schemas")
    monkeypatch.setenv("TCFORGE_HOME", str(home))
    monkeypatch.delenv("TCFORGE_DATA", raising=False)
    po = tmp_path / "fr.po"
    po.write_text((HOSTILE / "long-card-name.po").read_text(encoding="utf-8").split("msgctxt")[0]
                  + 'msgctxt "card:8|name"\nmsgid "German Cavalry"\nmsgstr "Cavalerie allemande montée"\n',
                  encoding="utf-8")
    before = _snapshot(home / "data")
    code, _, err = _run("import", str(po))
    assert code == 1 and "never into tcforge's own data" in err and "--into-package" in err
    assert len(err.strip().splitlines()) == 1
    code, out, err = _run("import", str(po), "--dry-run")
    assert code == 0 and "nothing written" in out and _snapshot(home / "data") == before
    code, out, err = _run("import", str(po), "--into-package")
    assert code == 0, err
    assert "wrote into" in out and "cards/infantry.yaml" in out
    assert 'name_fr: "Cavalerie allemande montée"' in (home / "data" / "cards" / "infantry.yaml").read_text(encoding="utf-8")

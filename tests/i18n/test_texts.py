"""Card and scenario texts in the PO workflow: stale tracking, previous msgids, placeholders, new languages (issue 20 item 10)."""
from __future__ import annotations

import json
import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli.i18n import app
from tcforge.i18n.catalog import CURRENT, MISSING, STALE, load_rulebook
from tcforge.i18n.texts import load_record, load_texts, text_state, text_statuses
from tcforge.paths import DATA_ENV

DATA = ROOT / "data"


def _run(*args: str) -> tuple[int, str, str]:
    words, env = list(args), {}
    if "--root" in words:  # the data folder is the global --data (TCFORGE_DATA) since issue 32; --root its old spelling
        at = words.index("--root")
        env[DATA_ENV] = words[at + 1]
        del words[at:at + 2]
    result = CliRunner().invoke(app, words, env=env)
    return result.exit_code, result.stdout, result.stderr


def _export(data: Path, tmp_path: Path, lang: str = "fr") -> Path:
    po = tmp_path / f"{lang}.po"
    code, _, err = _run("export", "--lang", lang, "--root", str(data), "-o", str(po))
    assert code == 0, err
    return po


def _edit(po: Path, edits: dict[str, tuple[str | None, bool]]) -> None:
    with po.open("rb") as fh:
        catalog = read_po(fh)
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
    write_po(buf, catalog, include_previous=True)
    po.write_bytes(buf.getvalue())


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _previous(po: Path, ctxt: str) -> str:
    """The previous msgid (``#| msgid``) written above the entry ``ctxt`` (Babel writes it but does not read it)."""
    block = po.read_text(encoding="utf-8").split(f'msgctxt "{ctxt}"')[0].rsplit("\n\n", 1)[-1]
    lines = " ".join(line[3:] for line in block.splitlines() if line.startswith("#| "))
    return "".join(json.loads(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', lines))


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_card_and_scenario_texts_are_units_with_keys_and_the_bundled_french_is_current() -> None:
    texts = {t.key: t for t in load_texts(DATA)}
    assert texts["card:8|name"].en == "German Cavalry"
    assert "card:20|effect.text" in texts
    assert texts["scenario:hill-621|title"].translations["fr"] == "La colline 621"
    assert "scenario:hill-621|sides.german.reinforcements.german-1.title" in texts
    assert "scenario:hill-621|special_rules.path-as-clear.text" in texts
    assert not any(k.startswith("card:") and k.endswith("|name") and "PzKw" in texts[k].en for k in texts)  # designations
    record = load_record(DATA, "fr")
    states = {t.key: text_state(t, "fr", record) for t in texts.values()}
    assert set(states.values()) == {CURRENT}, [k for k, s in states.items() if s != CURRENT]


@pytest.mark.slow
def test_export_then_import_of_the_bundled_texts_changes_no_file(data: Path, tmp_path: Path) -> None:
    before = _snapshot(data)
    po = _export(data, tmp_path)
    code, out, err = _run("import", str(po), "--root", str(data))
    assert code == 0, err
    assert "no file changed" in out
    assert _snapshot(data) == before


@pytest.mark.slow
def test_an_english_change_makes_the_text_stale_and_the_fuzzy_entry_carries_the_previous_msgid(data: Path, tmp_path: Path) -> None:
    _replace(data / "cards" / "infantry.yaml", "name: German Cavalry\n", "name: German Horse Cavalry\n")
    _replace(data / "scenarios" / "hill-621.yaml", "Early July 1944, during", "In early July 1944, during")
    rows = {r.key: r for r in text_statuses(load_texts(data), "fr", load_record(data, "fr"))}
    assert rows["card:8|name"].state == STALE
    assert rows["scenario:hill-621|description"].state == STALE
    code, out, _ = _run("status", "--root", str(data), "--check")
    assert code == 1
    assert "stale    card:8|name" in out
    po = _export(data, tmp_path)
    entries = {m.context: m for m in read_po(BytesIO(po.read_bytes()))}
    cavalry = entries["card:8|name"]
    assert cavalry.fuzzy and cavalry.id == "German Horse Cavalry"
    assert _previous(po, "card:8|name") == "German Cavalry"
    assert _previous(po, "scenario:hill-621|description").startswith("Early July 1944, during")
    assert _previous(po, "card:6|name") == ""  # a current entry has none


@pytest.mark.slow
def test_a_stale_rule_case_carries_the_previous_msgid(data: Path, tmp_path: Path) -> None:
    book = load_rulebook(data / "rules")
    case = list(book.source.cases())[3]
    path = data / "rules" / "en" / case.file
    _replace(path, case.title, case.title + " (revised)")
    po = _export(data, tmp_path)
    entry = {m.context: m for m in read_po(BytesIO(po.read_bytes()))}[f"{case.number}|title"]
    assert entry.fuzzy and _previous(po, f"{case.number}|title") == case.title
    assert _previous(po, f"{case.number}|text") == ""  # the text did not change: no previous msgid for it


@pytest.mark.slow
def test_import_of_a_reviewed_text_writes_the_data_file_and_records_the_english(data: Path, tmp_path: Path) -> None:
    _replace(data / "cards" / "infantry.yaml", "name: German Cavalry\n", "name: German Horse Cavalry\n")
    _replace(data / "scenarios" / "hill-621.yaml", "Early July 1944, during", "In early July 1944, during")
    po = _export(data, tmp_path)
    _edit(po, {"card:8|name": ("Cavalerie montée allemande", False),
               "scenario:hill-621|description": ("Au début de juillet 1944, l'offensive d'été soviétique.", False)})
    code, out, err = _run("import", str(po), "--root", str(data))
    assert code == 0, err
    assert f"wrote into {data}" in out
    texts = {t.key: t for t in load_texts(data)}
    assert texts["card:8|name"].translations["fr"] == "Cavalerie montée allemande"
    assert texts["scenario:hill-621|description"].translations["fr"].startswith("Au début de juillet 1944")
    assert texts["scenario:hill-621|description"].en.startswith("In early July 1944")  # the English untouched
    record = load_record(data, "fr")
    assert record["card:8|name"]["en"] == "German Horse Cavalry"
    assert {r.state for r in text_statuses(list(texts.values()), "fr", record)} == {CURRENT}
    code, _, _ = _run("status", "--root", str(data), "--check")
    assert code == 0


@pytest.mark.slow
def test_import_keeps_a_fuzzy_text_stale(data: Path, tmp_path: Path) -> None:
    _replace(data / "cards" / "infantry.yaml", "name: German Cavalry\n", "name: German Horse Cavalry\n")
    po = _export(data, tmp_path)
    _edit(po, {"card:8|name": ("Cavalerie montée allemande", True)})
    code, out, _ = _run("import", str(po), "--root", str(data))
    assert code == 0 and "still stale (fuzzy): card:8|name" in out
    texts = {t.key: t for t in load_texts(data)}
    assert text_state(texts["card:8|name"], "fr", load_record(data, "fr")) == STALE


@pytest.mark.slow
def test_import_rejects_broken_placeholders_one_line_each_and_writes_nothing(data: Path, tmp_path: Path) -> None:
    book = load_rulebook(data / "rules")
    case = next(c for c in book.source.cases() if "{param:" in c.text)
    placeholder = case.text[case.text.index("{param:"):case.text.index("}", case.text.index("{param:")) + 1]
    po = _export(data, tmp_path)
    french = book.book("fr").case_map()[case.number].text
    _edit(po, {f"{case.number}|text": (french.replace(placeholder, ""), False),
               "card:8|name": ("Cavalerie {param:oops} allemande", False),
               "card:6|name": ("Recrues {allemandes", False)})
    before = _snapshot(data)
    code, _, err = _run("import", str(po), "--root", str(data))
    assert code == 1
    problems = [line for line in err.splitlines() if not line.startswith("tcforge: ")]
    assert len(problems) == 3  # one line per problem, each file:line: what is wrong
    assert all(re.match(rf"{re.escape(str(po))}:\d+:\d+: ", line) for line in problems), problems
    assert any(placeholder in line and "missing" in line for line in problems)
    assert any("{param:oops} is not in the English" in line for line in problems)
    assert any("brace without its pair" in line for line in problems)
    assert "Traceback" not in err
    assert _snapshot(data) == before


@pytest.mark.slow
def test_init_starts_a_new_language_that_status_reports_and_import_fills(data: Path, tmp_path: Path) -> None:
    code, out, err = _run("init", "de", "--root", str(data))
    assert code == 0, err
    assert (data / "rules" / "de").is_dir() and (data / "i18n" / "de.json").is_file()
    code, out, _ = _run("status", "--lang", "de", "--root", str(data))
    assert code == 0
    texts = load_texts(data)
    assert f"de: {len(texts)} card and scenario text(s): 0 current, 0 stale, {len(texts)} missing" in out
    assert "0 current" in out.splitlines()[0] and "missing" in out.splitlines()[0]
    code, _, err = _run("init", "de", "--root", str(data))
    assert code == 1 and "started already" in err
    po = _export(data, tmp_path, "de")
    _edit(po, {"card:8|name": ("Deutsche Kavallerie", False), "scenario:hill-621|title": ("Höhe 621", False)})
    code, out, err = _run("import", str(po), "--lang", "de", "--root", str(data))
    assert code == 0, err
    record = json.loads((data / "i18n" / "de.json").read_text(encoding="utf-8"))["texts"]
    assert record["card:8|name"]["text"] == "Deutsche Kavallerie"  # no name_de slot in the card file: the record holds it
    states = {r.key: r.state for r in text_statuses(load_texts(data), "de", load_record(data, "de"))}
    assert states["card:8|name"] == CURRENT and states["card:6|name"] == MISSING


def test_unknown_language_and_bad_code_are_one_line(data: Path) -> None:
    code, _, err = _run("status", "--lang", "xx", "--root", str(data))
    assert code == 1 and "tcforge i18n init xx" in err
    code, _, err = _run("init", "German", "--root", str(data))
    assert code == 1 and "two lower-case letters" in err


@pytest.mark.slow
def test_import_without_a_named_folder_is_refused_and_a_data_folder_of_ones_own_gets_it(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An import never writes into tcforge's own data unless asked (--into-package): with no folder named it says how
    to name one; with tcforge --data DIR (TCFORGE_DATA) it writes there, and says so."""
    po = _export(data, tmp_path)
    _edit(po, {"card:8|name": ("Cavalerie à cheval allemande", False)})
    monkeypatch.delenv("TCFORGE_DATA", raising=False)
    before = _snapshot(DATA)
    code, _, err = _run("import", str(po))
    assert code == 1 and "give --data DIR" in err and "--into-package" in err
    own = tmp_path / "mine"
    monkeypatch.setenv("TCFORGE_DATA", str(own))
    code, out, err = _run("import", str(po))
    assert code == 0, err
    assert f"wrote into {own}" in out
    record = json.loads((own / "i18n" / "fr.json").read_text(encoding="utf-8"))["texts"]
    assert record["card:8|name"]["text"] == "Cavalerie à cheval allemande"
    assert _snapshot(DATA) == before  # the bundled data is never edited

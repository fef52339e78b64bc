"""The rule book text (data/rules/en and data/rules/fr): complete, well formed, and the two languages in step.

English is the source; each French case translates the English case of the same
number and records the hash of the English text it translates. Numbers that a
ruleset may change are {param:...} placeholders, so the French can never print a
different number from the English.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
import yaml

from conftest import ROOT
from tcforge.data.dataset import load_data
from tcforge.i18n.ruletext import text_hash
from tcforge.validate import validate

RULES = ROOT / "data" / "rules"
LANGS = ("en", "fr")
CHAPTERS = [f"{n}.0" for n in range(1, 22)] + ["notes"]

PLACEHOLDER = re.compile(r"\{(param|table|diagram|if):([^{}]+)\}")
NUMBER = re.compile(r"\d+(?:\.\d+)*")
# A case reference: a dotted number that is not part of a name ("obr.43") or a calibre ("8.8 cm").
CASE_REF = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)(?!\.?\w)(?!\s?(?:cm|mm)\b)")
CASE_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)(?: ([a-z]))?$")


@cache
def _book(lang: str) -> dict[str, dict[str, Any]]:
    """File name -> parsed chapter, for one language."""
    return {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((RULES / lang).glob("*.yaml"))}


def _cases(lang: str) -> list[tuple[str, dict[str, Any]]]:
    return [(name, case) for name, chapter in _book(lang).items() for case in chapter["cases"]]


def _pairs() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(file, English case, French case) for every case number present in both languages."""
    pairs = []
    for name, chapter in _book("en").items():
        french = {c["case"]: c for c in _book("fr").get(name, {}).get("cases", [])}
        pairs += [(name, c, french[c["case"]]) for c in chapter["cases"] if c["case"] in french]
    return pairs


def _sort_key(number: str) -> tuple[tuple[int, ...], str]:
    match = CASE_NUMBER.match(number)
    assert match, f"malformed case number {number!r}"
    return tuple(int(part) for part in match.group(1).split(".")), match.group(2) or ""


def _placeholders(text: str) -> set[str]:
    return {m.group(0) for m in PLACEHOLDER.finditer(text)}


def _without_placeholders(text: str) -> str:
    return PLACEHOLDER.sub(" ", text)


def test_rule_files_validate_against_their_schema() -> None:
    report = validate([RULES])
    assert report.ok, "\n".join(f"{p.file}:{p.line}:{p.col}: {p.message}" for p in report.problems)
    assert report.files == len(_book("en")) + len(_book("fr"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_exists_once_with_its_language(lang: str) -> None:
    chapters = [c["chapter"] for c in _book(lang).values()]
    assert sorted(chapters, key=lambda c: (c == "notes", _sort_key(c) if c != "notes" else ())) == CHAPTERS
    assert all(c["lang"] == lang for c in _book(lang).values())


def test_both_languages_have_the_same_chapter_files() -> None:
    assert list(_book("en")) == list(_book("fr"))
    for name, chapter in _book("en").items():
        assert _book("fr")[name]["chapter"] == chapter["chapter"], name


def test_designers_notes_are_the_notes_chapter() -> None:
    assert _book("en")["99-designers-notes.yaml"]["chapter"] == "notes"


@pytest.mark.parametrize("lang", LANGS)
def test_case_numbers_are_unique_and_in_order(lang: str) -> None:
    numbers = [case["case"] for _, case in _cases(lang)]
    assert len(numbers) == len(set(numbers)), [n for n in numbers if numbers.count(n) > 1]
    assert numbers == sorted(numbers, key=_sort_key)


@pytest.mark.parametrize("lang", LANGS)
def test_cases_belong_to_their_chapter(lang: str) -> None:
    for name, case in _cases(lang):
        chapter = _book(lang)[name]["chapter"]
        head = case["case"].split(".")[0]
        assert head == ("99" if chapter == "notes" else chapter.split(".")[0]), f"{name}: case {case['case']}"


def test_every_english_case_has_exactly_one_french_case_and_vice_versa() -> None:
    for name in _book("en"):
        english = [c["case"] for c in _book("en")[name]["cases"]]
        french = [c["case"] for c in _book("fr")[name]["cases"]]
        assert english == french, name


def test_french_translated_from_is_the_current_hash_of_the_english_case() -> None:
    stale = [f"{name} {en['case']}" for name, en, fr in _pairs() if fr.get("translated_from") != text_hash(en["title"], en["text"])]
    assert not stale, f"stale or missing translations: {stale}"


def test_params_and_translation_fields_are_in_the_right_language() -> None:
    for name, case in _cases("en"):
        assert "translated_from" not in case, f"{name} {case['case']}"
    for name, case in _cases("fr"):
        assert "params" not in case and "editorial" not in case, f"{name} {case['case']}"


def test_param_placeholders_name_six_pack_r3_parameters_and_are_listed() -> None:
    params = load_data("six-pack-r3").ruleset.params
    for name, case in _cases("en"):
        used = {m.group(2) for m in PLACEHOLDER.finditer(case["title"] + "\n" + case["text"]) if m.group(1) in ("param", "if")}
        listed = set(case.get("params") or [])
        assert used <= set(params), f"{name} {case['case']}: unknown parameters {used - set(params)}"
        assert used <= listed, f"{name} {case['case']}: placeholders not listed in params: {used - listed}"
        assert listed <= set(params), f"{name} {case['case']}: params lists unknown parameters {listed - set(params)}"


def test_placeholders_are_the_same_in_both_languages() -> None:
    for name, en, fr in _pairs():
        assert _placeholders(en["title"] + en["text"]) == _placeholders(fr["title"] + fr["text"]), f"{name} {en['case']}"


def test_numbers_are_the_same_in_both_languages() -> None:
    for name, en, fr in _pairs():
        english = set(NUMBER.findall(_without_placeholders(en["text"])))
        french = set(NUMBER.findall(_without_placeholders(fr["text"])))
        assert english == french, f"{name} {en['case']}: only English {english - french}, only French {french - english}"


def test_case_references_are_the_same_in_both_languages_and_exist() -> None:
    known = {CASE_NUMBER.match(case["case"]).group(1) for _, case in _cases("en")}  # type: ignore[union-attr]
    known |= {c["chapter"] for c in _book("en").values()}
    for name, en, fr in _pairs():
        english = set(CASE_REF.findall(_without_placeholders(en["text"])))
        french = set(CASE_REF.findall(_without_placeholders(fr["text"])))
        assert english == french, f"{name} {en['case']}: only English {english - french}, only French {french - english}"
        assert english <= known, f"{name} {en['case']}: references to missing cases {english - known}"


def test_card_names_of_the_english_text_appear_in_the_french_text() -> None:
    """A card named in English is named in French too, by the same name or its French card name."""
    cards = [(c.name, str(c.printed.get("name_fr") or c.name)) for c in load_data().cards]
    for name, en, fr in _pairs():
        french = fr["text"].lower()
        for card, card_fr in cards:
            if re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", en["text"]):
                assert card.lower() in french or card_fr.lower() in french, f"{name} {en['case']}: {card} ({card_fr})"


def test_french_typography_has_no_break_spaces() -> None:
    """No plain space before ; : ! ? and inside « »: French typography wants a no-break space there."""
    for name, case in _cases("fr"):
        for field in ("title", "text"):
            value = case[field]
            assert not re.search(r" [;:!?»]", value), f"{name} {case['case']} {field}: plain space before punctuation"
            assert "« " not in value, f"{name} {case['case']} {field}: plain space after «"


@pytest.mark.parametrize(("case", "placeholder"), [
    ("4.0", "{table:sequence}"),
    ("6.0", "{diagram:battlefield}"),
    ("8.3", "{diagram:reserve-8.3}"),
    ("8.7", "{diagram:movement-8.7}"),
    ("9.2", "{diagram:los-9.2}"),
    ("9.3", "{table:to-kill}"),
    ("9.5", "{table:terrain}"),
    ("19.0", "{table:cards}"),
    ("19.0", "{table:errata}"),
    ("20.0", "{diagram:map-hill-621}"),  # on the chapter's first page (issue 50: p. 33 was left a third empty)
    ("20.4", "{table:scenario-forces:hill-621}"),
])
def test_generated_tables_and_diagrams_are_placed(case: str, placeholder: str) -> None:
    for lang in LANGS:
        text = next(c["text"] for _, c in _cases(lang) if c["case"] == case)
        assert placeholder in text, f"{lang} {case}"


@pytest.mark.parametrize("case", ["9.5.1 a", "9.5.1 b", "9.5.1 c", "9.5.1 d", "9.5.1 e", "9.5.1 f", "9.3.1", "9.3.2",
                                  "17.1", "17.9", "20.3.8", "21.5", "21.6"])
def test_sub_cases_of_the_unified_rules_are_present(case: str) -> None:
    for lang in LANGS:
        assert case in {c["case"] for _, c in _cases(lang)}, f"{lang} {case}"


def test_9_7_example_keeps_the_worked_figures() -> None:
    text = next(c["text"] for _, c in _cases("en") if c["case"] == "9.7")
    for figure in ("PzKw III L", "T-26 M39", "Walls", "8.8 cm PaK 43", "Soviet Line Squad"):
        assert figure in text
    numbers = set(NUMBER.findall(text))
    assert {"8", "2", "6", "5", "7", "4"} <= numbers


def test_no_rule_text_names_a_file_of_the_sources() -> None:
    """The rule text stands on its own: it cites rule cases, never the project's source files."""
    for lang in LANGS:
        for name, case in _cases(lang):
            assert not re.search(r"\b00[0-4]_[0-9a-f]+", case["text"]), f"{lang} {name} {case['case']}"

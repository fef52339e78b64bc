"""Invisible format characters (Unicode category Cf, the line and paragraph separators) are refused in every data
text like the control characters: one file:line:col line each, exit 1, and never echoed raw.

The corpus is tests/data/hostile/invisible/: one card file per character, the character raw in the file (the line and
paragraph separators as YAML escapes: raw, YAML itself reads them as line breaks). The first line of each file says
which character is where. tests/data/hostile/text-allowed/ holds what French typography needs and stays valid.
"""
from __future__ import annotations

import json
import re
import unicodedata

import pytest

from conftest import ROOT
from tcforge.data.yamlsafe import harmless, text_faults

CORPUS = ROOT / "tests" / "data" / "hostile" / "invisible"
FOLDER = "tests/data/hostile/invisible"
PLACE = re.compile(r"\(line (\d+), column (\d+)\)")
INVISIBLE = re.compile("[\u00ad\u0600\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\U000e0000-\U000e007f]")


def _expected_place(name: str) -> tuple[int, int]:
    found = PLACE.search((CORPUS / name).read_text(encoding="utf-8").splitlines()[0])
    assert found, f"{name}: the first line says where the character is"
    return int(found.group(1)), int(found.group(2))


NAMES = sorted(p.name for p in CORPUS.glob("*.yaml"))


def test_the_corpus_covers_the_characters_the_issue_names() -> None:
    text = "".join(name for name in NAMES)
    for code in ("2028", "2029", "200b", "200f", "202a", "202d", "2066", "2069", "feff", "00ad", "e0041"):
        assert code in text, code
    assert len(NAMES) >= 15


@pytest.mark.parametrize("name", NAMES)
def test_an_invisible_character_is_one_problem_at_its_place_and_exit_1(cli, name: str) -> None:
    code, stdout, stderr = cli("validate", f"{FOLDER}/{name}")
    line, col = _expected_place(name)
    rows = stdout.splitlines()
    assert code == 1
    assert len(rows) == 1, rows
    assert rows[0].startswith(f"{FOLDER}/{name}:{line}:{col}: ") and "holds a control character (U+" in rows[0]
    assert "Traceback" not in stdout + stderr
    assert not INVISIBLE.search(stdout + stderr)  # the character is named (U+200B), never written
    _, as_json, _ = cli("validate", f"{FOLDER}/{name}", "--format", "json")
    assert [p["code"] for p in json.loads(as_json)] == ["text-control"]


def test_french_no_break_spaces_stay_allowed(cli) -> None:
    code, stdout, stderr = cli("validate", "tests/data/hostile/text-allowed/no-break-spaces.yaml")
    assert (code, stdout) == (0, ""), stdout
    assert "valid" in stderr


def test_the_rule_is_the_unicode_categories_not_a_list() -> None:
    """Every format character (Cf) of the running Python's Unicode, every control but the line break and the line
    and paragraph separators are refused; the visible spaces French needs are not."""
    refused = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) in ("Cf", "Cc", "Zl", "Zp") and c != 0x0A]
    assert len(refused) > 150  # 65 controls and some 170 format characters
    for char in refused:
        faults = text_faults(f"ab{char}cd")
        assert [(f.code, f.at) for f in faults] == [("text-control", 2)], f"U+{ord(char):04X}"
        assert harmless(f"ab{char}cd") == "ab\ufffdcd"
    for allowed in ("a\nb", "caf\u00e9\u00a0: ok", "mod\u00e8le\u202fA", "\u00ab\u00a0guillemets\u00a0\u00bb", "T-34/85"):
        assert text_faults(allowed) == [] and harmless(allowed) == allowed


def test_the_first_offending_character_is_the_one_reported() -> None:
    [fault] = text_faults("ok\u00a0\nsoft\u00adhyphen then a tab\t")
    assert fault.at == 8 and "U+00AD" in fault.message
    [fault] = text_faults("a tab\t then a zero width space\u200b")
    assert fault.at == 5 and "U+0009" in fault.message

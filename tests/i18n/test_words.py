"""The one table of printed words (tcforge.i18n.words): French typography, signs, and no key looked up in vain."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tcforge.i18n.words import NBSP, NNBSP, W, bw, capital, signed, t, typo


def test_french_typography_puts_no_break_spaces_before_high_punctuation() -> None:
    assert typo("Règle : oui ; non ! quoi ? 100 % « ici »", "fr") == \
        f"Règle{NBSP}: oui{NNBSP}; non{NNBSP}! quoi{NNBSP}? 100{NNBSP}% «{NNBSP}ici{NNBSP}»"
    assert typo("Rule: yes; no!", "en") == "Rule: yes; no!"
    assert typo("10:30 et http://x", "fr") == "10:30 et http://x"   # not before a word
    assert t("cal_read_x", "fr") == f"X (mm){NBSP}: lire ici"


def test_modifiers_use_a_true_minus_sign() -> None:
    assert [signed(v) for v in (3, 0, -2, "n/a", None)] == ["+3", "0", "−2", "n/a", "–"]


def test_every_word_the_code_looks_up_is_in_the_one_table() -> None:
    """Cards, sheets, booklets and ``cards show`` all read W: a key missing from it would print as its own name."""
    looked_up = set()
    for path in (ROOT / "tcforge").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        looked_up |= set(re.findall(r"\b(?:t|bw|label|raw|self\.w)\(\s*[\"']([\w./-]+)[\"']", text))
        looked_up |= {key if key in W and f"cd:{key}" not in W else f"cd:{key}"  # dw() reads a shared word too
                      for key in re.findall(r"\bdw\(\s*[\"']([\w./:-]+)[\"']", text) if not key.endswith(":")}
    assert len(looked_up) > 200
    assert sorted(looked_up - set(W)) == []


def test_booklet_lookup_is_strict_and_curly_and_capital_only_touches_the_first_letter() -> None:
    assert bw("colophon", "en").startswith("Written in the tcforge project\u2019s own words")
    assert t("no such word") == "no such word"
    with pytest.raises(KeyError):
        bw("no such word")
    assert capital(t("german", "fr")) == "Allemand" and capital(t("any")) == "Either side"

"""Issue 37 item 13: --lang of the print shop's commands (inserts, reference cards, proxies, scenario sheets and
decks, the calibration page, the command deck), of cards list/search and of the Tabletop Simulator export takes any
language with a catalogue, as cards show does; the PDF says its language, untranslated text is in English."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.i18n.test_new_language import _translate

pytestmark = pytest.mark.slow  # a dozen PDFs


def test_issue37_item13_every_printed_product_takes_a_new_language(tcforge, tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    assert tcforge("print", "refcards", "--lang", "de")[0] == 2  # no catalogue yet: refused in one line
    assert tcforge("--data", str(own), "i18n", "init", "de")[0] == 0
    assert tcforge("--data", str(own), "i18n", "export", "--lang", "de", "-o", "de.po")[0] == 0
    _translate(tmp_path / "de.po", {"card:6|name": "Deutscher Rekrutentrupp"})
    assert tcforge("--data", str(own), "i18n", "import", "de.po", "--lang", "de")[0] == 0
    runs = {"cards.pdf": ("print", "cards", "6"), "refcards.pdf": ("print", "refcards"),
            "inserts.pdf": ("print", "inserts", "--cards", "Woods"), "scenario.pdf": ("print", "scenario", "kursk"),
            "deck.pdf": ("print", "deck", "--scenario", "kursk", "--side", "german"),
            "calibration.pdf": ("print", "calibration"), "command.pdf": ("deck", "print", "russian-front-summer-1942")}
    for name, args in runs.items():
        code, _, err = tcforge("--data", str(own), *args, "--lang", "de", "--out", name)
        assert code == 0, (name, err)
        assert PdfReader(str(tmp_path / name)).trailer["/Root"]["/Lang"] == "de", name
    text = " ".join(PdfReader(str(tmp_path / "cards.pdf")).pages[0].extract_text().split())
    assert "Deutscher Rekrutentrupp" in text and "proxy" in text  # what is not translated is in English
    code, out, _ = tcforge("--data", str(own), "cards", "list", "--lang", "de", "--format", "csv")
    assert code == 0 and "Deutscher Rekrutentrupp" in out
    code, out, _ = tcforge("--data", str(own), "cards", "search", "Recruit", "--lang", "de")
    assert code == 0 and "Deutscher Rekrutentrupp" in out

"""001 Streams, Bridges, and Fords on the scenario sheet: the map marks each Stream between positions, and the key says so."""
from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from conftest import ROOT

BASE = (ROOT / "tests" / "data" / "scenarios" / "base.yaml").read_text(encoding="utf-8")


def test_001_streams_the_sheet_keys_streams_and_crossings_in_both_languages(run, tmp_path: Path) -> None:
    text = BASE.replace('    turn.hand_limit: {value: 10, case: "6.4", reason: A test override.}\n',
                        '    turn.hand_limit: {value: 10, case: "6.4", reason: A test override.}\n'
                        '    cards.stream_between_zones: {value: true, case: "001", reason: A test override.}\n')
    text = text.replace("      G5: [Clear, Hills, Clear, Clear, Stream]\n", "      G5: [Clear, Hills, Clear, Clear, Stream]\n"
                        "    streams:\n      - {between: [G2-1, G2-2]}\n      - {between: [G3-3, G4-4], crossing: Ford}\n")
    (tmp_path / "streams.yaml").write_text(text, encoding="utf-8")
    for lang, stream, crossing in (("en", "Stream between positions", "Ford or Bridge on a Stream"),
                                   ("fr", "Ruisseau entre positions", "Gué ou pont sur un ruisseau")):
        result = run("scenario", str(tmp_path / "streams.yaml"), "--lang", lang, "--out", f"{lang}.pdf")
        assert result.exit_code == 0, result.stderr
        page = " ".join(PdfReader(tmp_path / f"{lang}.pdf").pages[0].extract_text().split())
        assert stream in page and crossing in page
    plain = tmp_path / "plain.yaml"
    plain.write_text(BASE, encoding="utf-8")
    assert run("scenario", str(plain), "--out", "plain.pdf").exit_code == 0
    assert "Stream between positions" not in " ".join(PdfReader(tmp_path / "plain.pdf").pages[0].extract_text().split())

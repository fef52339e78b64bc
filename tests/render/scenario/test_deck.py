"""`tcforge print deck`: the proxies of a scenario's forces, read back from the model and from the PDF."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from renderkit import files, one_clean_line
from tcforge.render.page.geometry import MM, STANDARD
from tcforge.render.page.sheets import PrintOptions
from tcforge.render.scenario.deck import build_scenario_deck, choose_sides, deck_proxies
from tcforge.scenarios.format import iter_entries
from tcforge.scenarios.loading import load

TOL = 0.1 * MM


def flat(reader: PdfReader, pages: slice = slice(None)) -> str:
    return re.sub(r"[ \n]+", " ", "\n".join(page.extract_text() for page in reader.pages[pages]))


def cards_drawn(page) -> int:
    """How many card frames (63 x 88 mm rectangles) the page draws."""
    n = 0
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"re":
            w, h = abs(float(operands[2])), abs(float(operands[3]))
            if abs(w - STANDARD.w) <= TOL and abs(h - STANDARD.h) <= TOL:
                n += 1
    return n


def model_count(scenario, side_id: str) -> int:
    """The cards the scenario file gives a side: forces and reinforcements (iter_entries), free cards, deck."""
    side = scenario.side(side_id)
    return (sum(entry.count for _, entry in iter_entries(side)) + sum(c.count for c in side.free_cards)
            + sum(c.count for c in side.deck))


@pytest.mark.parametrize("scenario_id,counts", [("hill-621", {"german": 52, "soviet": 53}),
                                                ("kursk", {"german": 20, "soviet": 31})])
def test_deck_proxies_are_the_model_counts_side_by_side(scenario_id: str, counts: dict[str, int]) -> None:
    scenario = load(scenario_id)
    for side_id, expected in counts.items():
        proxies = deck_proxies(scenario, side_id)
        assert len(proxies) == model_count(scenario, side_id) == expected
        assert {p.side for p in proxies} == {side_id}
    both = deck_proxies(scenario)
    assert len(both) == sum(counts.values())
    # Every copy of every entry, card by card: what the file lists is what gets printed.
    listed = Counter()
    for side in scenario.sides:
        for _, entry in iter_entries(side):
            listed[(side.id, entry.card_id)] += entry.count
    assert Counter((p.side, p.card.id) for p in both) == listed


def test_hill_621_deck_groups_reinforcements_apart_with_their_turn() -> None:
    proxies = deck_proxies(load("hill-621"), "german")
    by_group = Counter(p.group for p in proxies)
    assert by_group == {"start": 15, "german-1": 9, "german-2": 28}
    feet = {p.footer for p in proxies}
    assert feet == {"Hill 621 · German: start", "Hill 621 · German: reinf. 1, turn 6", "Hill 621 · German: reinf. 2, turn 11"}


def test_balance_option_moves_the_reinforcements_turn_on_the_proxies() -> None:
    proxies = deck_proxies(load("hill-621", balance="german-plus"), "german")
    assert sum(1 for p in proxies if p.footer.endswith("reinf. 2, turn 10")) == 28


@pytest.mark.slow
def test_hill_621_deck_pdf_draws_one_card_per_proxy_each_side_on_its_own_sheets(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "hill-621", "--out", "deck.pdf")
    assert result.exit_code == 0, result.stderr
    assert "wrote deck.pdf: 16 page(s), 105 piece(s)" in result.stdout
    reader = PdfReader(tmp_path / "deck.pdf")
    # A checklist page per side, then 52 German cards on 6 sheets and 53 Soviet cards on 6 more, each side's
    # followed by its back page (issue 50 item 7: a shuffled deck has backs without --duplex).
    assert len(reader.pages) == 2 + 6 + 1 + 6 + 1
    drawn = [cards_drawn(page) for page in reader.pages]
    assert drawn[:2] == [0, 0]
    assert drawn[2:8] == [9, 9, 9, 9, 9, 7] and drawn[9:15] == [9, 9, 9, 9, 9, 8]
    assert drawn[8] == drawn[15] == 9   # the back pages: a back in every cell
    german = flat(reader, slice(2, 8))
    soviet = flat(reader, slice(9, 15))
    assert "Soviet" not in german and "German:" not in soviet
    # One back for all of a side's cards: the side and the scenario, never the card.
    for back, side in ((flat(reader, slice(8, 9)), "German"), (flat(reader, slice(15, 16)), "Soviet")):
        assert back.count(side) == 9 and back.count("Scenario deck: Hill 621") == 9
        assert "PzKw" not in back and "Line Squad" not in back
    assert "page 9 is the back of the cards on page(s) 3–8" in result.stderr
    # The foot of every card names its scenario, side and group.
    assert german.count("Hill 621 · German: start") == 15
    assert german.count("Hill 621 · German: reinf. 1, turn 6") == 9
    assert german.count("Hill 621 · German: reinf. 2, turn 11") == 28
    assert soviet.count("Hill 621 · Soviet: start") == 21
    assert soviet.count("Hill 621 · Soviet: reinf. 2, turn 8") == 21
    assert german.count("PzKw IV G") >= 3 and soviet.count("T-34 M43") >= 6


def test_deck_checklist_lists_groups_counts_and_pages(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "hill-621", "--out", "deck.pdf")
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(tmp_path / "deck.pdf")
    german = flat(reader, slice(0, 1))
    assert "Scenario deck: Hill 621" in german and "German · 52 cards" in german
    assert "Print at actual size" in german and "100 mm" in german
    for text in ("Starting forces German Line Squad 3 1 on each of G4-2, G4-3, G4-5 3",
                 "Reinf. 1, turn 6 PzKw IV G 3 arrival positions 4", "Reinf. 2, turn 11", "towed by SPW 250",
                 "Total 52"):
        assert text in german, text
    soviet = flat(reader, slice(1, 2))
    assert "Soviet · 53 cards" in soviet and "Soviet Line Squad 14 setup zone 10–11" in soviet
    # The pages the checklist gives are where the cards are (the German back page, page 9, before the Soviet cards).
    assert "PzKw IV G" in flat(reader, slice(3, 4)) and "PzKw IV G" not in flat(reader, slice(2, 3))
    assert "Soviet Line Squad" in flat(reader, slice(9, 11)) and "Soviet Line Squad" not in flat(reader, slice(8, 9))


def test_long_checklist_runs_over_pages_and_the_page_numbers_follow(run, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tcforge.render.scenario import deck as scenario_deck

    monkeypatch.setattr(scenario_deck, "ROWS_PER_PAGE", 12)      # the German checklist has 33 cards and a total
    result = run("deck", "--scenario", "hill-621", "--side", "german", "--out", "deck.pdf")
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(tmp_path / "deck.pdf")
    assert len(reader.pages) == 3 + 6 + 1
    assert "Starting forces German Line Squad 3 1 on each of G4-2, G4-3, G4-5 4" in flat(reader, slice(0, 1))
    assert "Total 52" in flat(reader, slice(2, 3))
    assert [cards_drawn(page) for page in reader.pages] == [0, 0, 0, 9, 9, 9, 9, 9, 7, 9]


def test_one_side_only_and_french(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "hill-621", "--side", "Soviet", "--lang", "fr", "--out", "soviet.pdf")
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(tmp_path / "soviet.pdf")
    assert len(reader.pages) == 1 + 6 + 1
    assert sum(cards_drawn(page) for page in reader.pages[:-1]) == 53
    text = flat(reader)
    assert "Paquet du scénario" in text and "La colline 621 · Soviétique" in text and "renf. 1, tour 5" in text
    assert "Allemand" not in text


def test_no_backs_leaves_the_back_page_out_and_says_so_in_the_name(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "kursk", "--no-backs")
    assert result.exit_code == 0, result.stderr
    assert "wrote output/deck-kursk-en-a4-no-backs.pdf: 9 page(s)" in result.stdout   # 2 checklists, 3 + 4 sheets
    assert "is the back of" not in result.stderr


def test_duplex_deck_gives_every_page_a_back(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "kursk", "--duplex", "--out", "kursk.pdf")
    assert result.exit_code == 0, result.stderr
    # Two checklists and 3 + 4 sheets, each followed by its back.
    assert len(PdfReader(tmp_path / "kursk.pdf").pages) == 2 * (2 + 3 + 4)


def test_side_is_found_by_id_nation_or_role() -> None:
    hill = load("hill-621")
    assert [s.id for s in choose_sides(hill, "attacker")] == ["soviet"]
    assert [s.id for s in choose_sides(hill, "GERMAN")] == ["german"]
    assert [s.id for s in choose_sides(hill, None)] == ["german", "soviet"]


def test_unknown_side_is_one_line_exit_1_and_no_file(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "hill-621", "--side", "finnish", "--out", "x.pdf")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "no side 'finnish'" in line and "german" in line and "soviet" in line
    assert files(tmp_path) == []


@pytest.mark.parametrize("scenario_id", ["tank-action", "build-your-own-force", "meeting-engagement", "defense",
                                         "advanced-build-your-own-force"])
def test_build_point_scenario_has_nothing_to_print_one_line_exit_1(run, tmp_path: Path, scenario_id: str) -> None:
    result = run("deck", "--scenario", scenario_id, "--out", "x.pdf")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "gives no fixed cards" in line and "nothing to print" in line
    assert files(tmp_path) == []


def test_prepared_defense_prints_the_defenders_free_terrain_only() -> None:
    scenario = load("prepared-defense")
    proxies = deck_proxies(scenario)
    assert sorted(p.card.name for p in proxies) == ["Foxholes", "Hills", "Village", "Wheatfield", "Woods"]
    assert {p.side for p in proxies} == {"defender"} and {p.group for p in proxies} == {"free"}


def test_unknown_scenario_is_one_line_exit_1(run, tmp_path: Path) -> None:
    result = run("deck", "--scenario", "hill-622", "--out", "x.pdf")
    assert result.exit_code == 1
    line = one_clean_line(result.stderr)
    assert "no scenario 'hill-622'" in line and "hill-621" in line
    assert files(tmp_path) == []


def test_every_card_of_the_hill_621_and_kursk_decks_fits_in_both_languages(tmp_path: Path) -> None:
    for scenario_id in ("hill-621", "kursk"):
        scenario = load(scenario_id)
        for lang in ("en", "fr"):
            report = build_scenario_deck(tmp_path / f"{scenario_id}-{lang}.pdf", PrintOptions(lang=lang), scenario)
            assert report.overflows == {}, (scenario_id, lang, report.overflows)
            assert report.pieces == len(deck_proxies(scenario))


def test_failed_deck_leaves_no_file_and_keeps_the_old_one(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = tmp_path / "deck.pdf"
    old.write_bytes(b"%PDF old")

    def broken(*args: object) -> None:
        raise RuntimeError("drawing failed")

    from tcforge.render.cards import cardface
    monkeypatch.setattr(cardface, "draw_card", broken)
    result = run("deck", "--scenario", "kursk", "--out", "deck.pdf")
    assert isinstance(result.exception, RuntimeError)
    assert old.read_bytes() == b"%PDF old" and files(tmp_path) == ["deck.pdf"]


@pytest.mark.slow
def test_001_1_0_a_scenario_with_hidden_units_prints_backs_that_name_only_the_side(run, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tcforge.cli import app
    made = CliRunner().invoke(app, ["scenario", "generate", "--seed", "4", "--points", "500", "--out", str(tmp_path / "dyo.yaml")])
    assert made.exit_code == 0, made.stdout
    scenario = load(tmp_path / "dyo.yaml")
    assert scenario.params["hidden.units"]
    result = run("deck", "--scenario", str(tmp_path / "dyo.yaml"), "--duplex", "--out", "dyo.pdf")
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(tmp_path / "dyo.pdf")
    backs = [flat(reader, slice(i, i + 1)) for i in range(len(reader.pages)) if "Face-down card" in flat(reader, slice(i, i + 1))]
    assert backs
    names = {p.card.display_name("en") for p in deck_proxies(scenario)}
    assert not any(name in back for back in backs for name in names)  # a face-down card does not say what it is
    kursk = run("deck", "--scenario", "kursk", "--duplex", "--out", "kursk.pdf")
    assert kursk.exit_code == 0 and "Face-down card" not in flat(PdfReader(tmp_path / "kursk.pdf"))

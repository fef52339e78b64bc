"""Outputs never overwrite each other and every print command says what it wrote (issue 20 item 8); the full
proxy deck of every card or of one side."""
from __future__ import annotations

from pathlib import Path

import pytest

from renderkit import files
from tcforge.cli import printing as cli
from tcforge.data.cards import CardSet
from tcforge.data.dataset import GameData, load_data
from tcforge.render.page.geometry import parse_card_size
from tcforge.render.page.sheets import PrintOptions


def _wrote(stdout: str) -> str:
    """The file a command says it wrote."""
    line = stdout.strip().splitlines()[-1]
    assert line.startswith("wrote "), stdout
    return line.split()[1].rstrip(":")


def test_two_card_prints_write_two_files_and_say_which(run, tmp_path: Path) -> None:
    first, second = run("cards", "46"), run("cards", "12", "Smoke")
    assert first.exit_code == 0 and second.exit_code == 0, first.stderr + second.stderr
    assert _wrote(first.stdout) == "output/cards-46-en-a4.pdf"
    assert _wrote(second.stdout) == "output/cards-12-sp-smoke-en-a4.pdf"
    assert files(tmp_path / "output") == ["cards-12-sp-smoke-en-a4.pdf", "cards-46-en-a4.pdf"]


def test_default_names_differ_with_every_option_that_changes_the_sheet(run, tmp_path: Path) -> None:
    commands = [("inserts", "--cards", "46"), ("inserts", "--cards", "46", "--copies", "3"),
                ("refcards", "--sets", "1"), ("cards", "46", "--card-size", "poker"), ("cards", "46", "--bleed", "3"),
                ("cards", "46", "--lang", "fr", "--paper", "letter"), ("calibration",), ("calibration", "--lang", "fr")]
    written = []
    for args in commands:
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
        written.append(_wrote(result.stdout))
    assert len(set(written)) == len(commands), written
    assert "output/cards-46-en-a4-poker.pdf" in written and "output/cards-46-en-a4-bleed3.pdf" in written
    assert "output/inserts-46-copies3-en-a4.pdf" in written and "output/calibration-fr-a4.pdf" in written
    assert sorted(Path(w).name for w in written) == files(tmp_path / "output")


def test_many_cards_are_named_by_the_first_three_and_a_digest() -> None:
    cards = load_data().cards
    many = [cards.get(n) for n in (46, 12, 5, 6, 7)]
    options = PrintOptions("en", "a4", parse_card_size("standard"))
    name = cli._default_out("cards", None, options, cli._card_part(many)).name
    other = cli._default_out("cards", None, options, cli._card_part(many[:4] + [cards.get(8)])).name
    assert name.startswith("cards-46-12-5-and-2-more-") and name != other


@pytest.fixture()
def small(monkeypatch: pytest.MonkeyPatch) -> GameData:
    """A few cards of each side and of either side, so that a full deck prints in a moment."""
    real = load_data()
    chosen = [real.cards.get(n) for n in (46, 47, 55, 56)] + [c for c in real.cards if c.nation == "any"][:2]
    data = GameData(CardSet(chosen, real.cards.terrain_tables), real.ruleset, real.rulesets)
    monkeypatch.setattr(cli, "_data", lambda ruleset: data)
    return data


def test_proxies_print_every_card_once(run, small: GameData) -> None:
    result = run("proxies")
    assert result.exit_code == 0, result.stderr
    # the cards, then their back (a proxy deck is shuffled: one back for every card, issue 50 item 7)
    assert result.stdout.startswith(f"wrote output/proxies-all-en-a4.pdf: 2 page(s), {len(small.cards)} piece(s)")
    assert "page 2 is the back of the cards on page(s) 1" in result.stderr


def test_proxies_of_a_nation_take_its_cards_and_those_of_either_side(run, small: GameData) -> None:
    german = run("proxies", "--nation", "german")
    assert german.exit_code == 0, german.stderr
    expected = [c.id for c in small.cards if c.nation in ("german", "any")]
    assert [c.id for c in cli.deck_cards(small.cards, cli.Nation.german)] == expected and len(expected) == 4
    assert german.stdout.startswith(f"wrote output/proxies-german-en-a4.pdf: 2 page(s), {len(expected)} piece(s)")
    assert run("proxies", "--nation", "prussian").exit_code == 2


def test_command_deck_name_carries_its_layout_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from tcforge.cli import app
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    plain = runner.invoke(app, ["deck", "print", "russian-front-summer-1942"])
    other = runner.invoke(app, ["deck", "print", "russian-front-summer-1942", "--card-size", "poker", "--no-reference"])
    assert plain.exit_code == 0 and other.exit_code == 0, plain.stderr + other.stderr
    assert _wrote(plain.stdout) == "output/command-deck-russian-front-summer-1942-en-a4.pdf"
    assert _wrote(other.stdout) == "output/command-deck-russian-front-summer-1942-en-a4-poker-no-reference.pdf"

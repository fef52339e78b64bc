"""The page never peeks (issue 38): what a played game's page is sent is the person's side's view, so two games that
differ only in what that side cannot see (which card the enemy drew, the order of the decks) give the very same page
data, as tests/engine/test_observation.py proves it of the observation the searches read."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcforge.engine.actions import Pass, action_from_json
from tcforge.engine.state import CHANCE
from tcforge.play.human import HumanGame
from tcforge.scenarios.loading import find_scenario, load
from tcforge.web.sessions import PlaySession

pytestmark = pytest.mark.usefixtures("own_data")
SEED = 1  # skirmish seed 1: the Soviet player draws Sniper and Flank Shot; Tank Ace and Confusion stay in its deck
INSTEAD = "Tank Ace"


def first_decision(human: int) -> HumanGame:
    game = HumanGame(load(find_scenario("skirmish")), SEED, human, "greedy")
    while game.waiting() in ("chance", "computer"):
        game.step()
    return game


def other_draw(game: HumanGame, instead_name: str = INSTEAD) -> HumanGame:
    """The same game but for the Soviet player's hidden draw: another card drawn instead of Sniper (a legal deal)."""
    units = game.state.units
    soviet = 1
    drawn = next(u for u in game.state.hand[soviet] if units[u].profile.name == "Sniper" and units[u].drawn)
    instead = next(u for u in game.state.deck[soviet] if units[u].profile.name == instead_name)
    other = HumanGame(game.scenario, game.seed, game.human, game.agent)
    for line in game.lines:
        action = ["card", instead] if line.action == ["card", drawn] else line.action
        other._apply(action_from_json(action), line.actor, line.about)
    return other


def page_data(game: HumanGame, folder: Path, lang: str = "en") -> str:
    session = PlaySession("same-id", game, folder / "game.jsonl")
    view = session.view(lang)
    return json.dumps(view, sort_keys=True, ensure_ascii=False)


def test_the_page_data_is_the_same_whatever_the_enemy_holds_hidden(tmp_path: Path) -> None:
    game = first_decision(human=0)
    assert game.waiting() == "human" and game.state.current_player() != CHANCE
    other = other_draw(game)
    assert game.state.serialize() != other.state.serialize()  # the hidden parts differ ...
    assert other.waiting() == "human" and other.choices() == game.choices()
    for lang in ("en", "fr"):
        assert page_data(game, tmp_path, lang) == page_data(other, tmp_path, lang)  # ... and the page cannot tell


def test_the_enemy_sees_its_own_hand_so_the_test_can_fail(tmp_path: Path) -> None:
    """The same two games told to the Soviet side differ: the check above compares data that does name hands."""
    game = first_decision(human=0)
    other = other_draw(game)
    game.human = other.human = 1
    one, two = page_data(game, tmp_path), page_data(other, tmp_path)
    assert one != two and "Sniper" in one and INSTEAD in two


def test_the_enemys_hidden_cards_are_never_named_to_the_person(tmp_path: Path) -> None:
    game = first_decision(human=0)
    units = game.state.units
    hidden = {units[u].profile.name for u in game.state.hand[1] if units[u].drawn} | {units[u].profile.name for u in game.state.deck[1]}
    assert hidden >= {"Sniper", "Confusion", "Tank Ace"}
    data = page_data(game, tmp_path)
    secret = game.state.hand[1] + game.state.deck[1]
    named_elsewhere = {u.profile.name for u in units if u.uid not in secret}  # the German Flank Shot, say
    assert hidden - named_elsewhere >= {"Sniper", "Confusion", "Tank Ace"}
    for name in hidden - named_elsewhere:
        assert name not in data


def test_a_reaction_window_the_computer_passes_in_does_not_show(tmp_path: Path) -> None:
    """With Confusion (an Interrupt) drawn instead of Sniper, the engine opens a window for the Soviet player as the
    German turn begins. Had the computer passed there, the page would show neither the window nor the pass (greedy
    plays the card, which the account then tells: that is public)."""
    game = first_decision(human=0)
    other = other_draw(game, "Confusion")
    assert other.waiting() == "computer" and other.state.ctx.window is not None
    assert Pass() in other.state.legal_actions()
    other._apply(Pass(), "side 1", "")
    assert game.waiting() == other.waiting() == "human" and len(other.lines) == len(game.lines) + 1
    assert page_data(game, tmp_path) == page_data(other, tmp_path)


def test_what_the_computer_plays_in_a_window_is_told(tmp_path: Path) -> None:
    other = other_draw(first_decision(human=0), "Confusion")
    data = json.loads(page_data(other, tmp_path))  # the page's view plays the computer's answer in the window at once
    assert data["waiting"] == "human" and data["account"][-1]["text"] == "Soviet plays Confusion"

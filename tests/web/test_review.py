"""The defects a reviewer found playing tcforge serve as a player (issue 38 review), each proven fixed here."""
from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's notice that a later httpx will be needed
    from starlette.testclient import TestClient

from tcforge.web.app import create_app


def new(client: TestClient, **given: Any) -> dict[str, Any]:
    body = {"scenario": "skirmish", "side": "german", "agent": "greedy", "seed": 1, **given}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def until_decision(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    while view["waiting"] in ("computer", "chance"):
        answer = client.post(f"/api/games/{view['game']}/step", json={"at": view["at"], "lang": view["lang"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def play_out(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    view = until_decision(client, view)
    while view["waiting"] == "human":
        answer = client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": 0, "lang": view["lang"]})
        assert answer.status_code == 200, answer.text
        view = until_decision(client, answer.json())
    return view


def one_line(answer: Any, status: int, words: str) -> str:
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert words in message and "\n" not in message
    return str(message)


# ---------------------------------------------------------------------- 1
def test_defect_1_the_log_of_a_game_in_play_is_not_watched_it_would_show_the_enemys_hidden_cards(client: TestClient) -> None:
    """Defect 1 (hidden information leak): Watch opened on the log of a game still played on the same server showed
    'Soviet draws Sniper' and the Soviet hand while the play page said 'Soviet draws a hidden card'."""
    view = until_decision(client, new(client))
    assert "Sniper" not in json.dumps(view)
    log = Path(view["log"])
    saved = log.read_bytes()
    for text in (view["log"], log.name):  # the path the page shows, or the saved game's name
        answer = client.post("/api/watch", json={"log": text})
        one_line(answer, 409, "still being played on this server")
        assert "Sniper" not in answer.text
    assert log.read_bytes() == saved and client.get(f"/api/games/{view['game']}").json() == view
    over = play_out(client, view)  # once the game is over, its log holds everything and may be watched
    watched = client.post("/api/watch", json={"log": over["log"]})
    assert watched.status_code == 200 and "Sniper" in json.dumps(watched.json())


# ---------------------------------------------------------------------- 7
def test_defect_7_resuming_a_game_already_open_hands_back_that_game(client: TestClient) -> None:
    """Defect 7: resuming a game already open created a second live game on the same log file."""
    view = until_decision(client, new(client))
    resumed = client.post("/api/resume", json={"log": view["log"]})
    assert resumed.status_code == 200 and resumed.json()["game"] == view["game"]


# ---------------------------------------------------------------------- 2
def hill_621_soviet(plays: int = 0) -> tuple[Any, Any, dict[str, Any]]:
    """Hill 621, the person Soviet, seed 1, against greedy: the view at its first decision (a reaction window, four
    Smoke cards in hand), or after passing ``plays`` times at the decision after."""
    from tcforge.engine.actions import Pass
    from tcforge.play.human import HumanGame
    from tcforge.scenarios.loading import find_scenario, load
    from tcforge.web.sessions import PlaySession
    game = HumanGame(load(find_scenario("hill-621")), 1, 1, "greedy")
    session = PlaySession("id", game, Path("/nonexistent/never-saved.jsonl"))
    from tcforge.agents.greedy import place
    while True:
        while game.waiting() in ("chance", "computer"):
            game.step()
        if game.state.phase == "deploy":  # the person lays out the Soviet squads first (greedy's way here)
            game.decide(place(game.state, game.state.legal_actions()))
            continue
        if not plays or Pass() not in game.choices():
            return game, session, session.view("en")
        game.decide(Pass())
        plays -= 1


def test_defect_2_card_plays_name_their_target_light_its_position_and_copies_are_merged() -> None:
    """Defect 2: 144 identical 'plays Smoke' choices (4 cards x 36 positions) and 12 identical 'plays Heroic Squad
    Leader', with no positions; the account did not say on whom."""
    from collections import Counter
    game, _, view = hill_621_soviet()
    choices = view["decision"]["choices"]
    assert len(game.choices()) == 145
    texts = Counter(c["text"] for c in choices)
    assert max(texts.values()) == 1  # no two choices alike
    smoke = [c for c in choices if c["text"].startswith("plays Smoke on ")]
    assert len(smoke) == 36 and all(len(c["positions"]) == 1 for c in smoke)
    assert {c["positions"][0] for c in smoke} == set(range(36))
    assert "plays Smoke on G6-3" in texts
    actions = game.choices()
    for c in smoke:  # the engine action of the first copy
        action = actions[c["index"]]
        assert action.card == min(a.card for a in actions if a.kind == "interrupt" and a.target == action.target)
    game, _, view = hill_621_soviet(plays=2)
    leader = [c for c in view["decision"]["choices"] if c["text"].startswith("plays Heroic Squad Leader on ")]
    squads = [u for u in game.state.units if u.side == 1 and u.pos >= 0 and u.profile.name == "Soviet Line Squad"]
    assert len(leader) == len(squads) and all(c["positions"] for c in leader)  # one a squad, told apart
    label = game.state.game.board.label
    assert any(c["text"].endswith(f"({label(squads[0].pos)})") and c["positions"] == [squads[0].pos] for c in leader)
    assert len({c["text"] for c in leader}) == len(leader)


def test_defect_2_a_merged_copy_is_not_accepted_as_a_choice(client: TestClient) -> None:
    """Only the offered (first) copy of a card play may be chosen; another index of the same play is refused."""
    _, session, view = hill_621_soviet()
    shown = {c["index"] for c in view["decision"]["choices"]}
    hidden = next(i for i in range(len(session.game.choices())) if i not in shown)
    from tcforge.web.protocol import Act, Refusal
    with pytest.raises(Refusal, match="not one of the 37 choices offered"):
        session.decide(Act(view["at"], hidden))


def test_defect_2_the_account_and_replay_say_on_what_a_card_is_played() -> None:
    from tcforge.play.account import account
    from tcforge.scenarios.loading import find_scenario, load
    game, _, view = hill_621_soviet(plays=2)
    leader = next(c for c in view["decision"]["choices"] if c["text"].startswith("plays Heroic Squad Leader on "))
    game.decide(game.choices()[leader["index"]])
    from tcforge.play.games import new_game
    text = "\n".join(account(load(find_scenario("hill-621")), new_game(game.scenario, 1), game.lines))
    assert leader["text"] in text


def test_defect_2_a_targets_words_keep_an_enemy_card_hidden(own_data: Path) -> None:
    """The no-peek rule for the targets now in words: a card played on an enemy card the side cannot see (Sniper on a
    face-down card, 001 1.8) names it 'a hidden card', as the account's teller names it everywhere."""
    from tcforge.engine.actions import PlayCard
    from tcforge.play.human import HumanGame
    from tcforge.play.teller import Teller
    from tcforge.play.wording import card_target
    from tcforge.scenarios.loading import find_scenario, load
    game = HumanGame(load(find_scenario("skirmish")), 1, 0, "greedy")
    while game.waiting() in ("chance", "computer"):
        game.step()
    units, state = game.state.units, game.state
    sniper = next(u for u in state.hand[1] if units[u].profile.name == "Sniper")
    unseen = next(u for u in state.deck[1] if units[u].profile.name == "Tank Ace")
    for viewer, words in ((0, "on a hidden card"), (None, "on Tank Ace")):
        teller = Teller(game.scenario, "en", viewer=viewer)
        teller.look(state)
        assert card_target(state, PlayCard(sniper, unseen), teller)[0].startswith(words)


# ---------------------------------------------------------------------- 3
def test_defect_3_a_reaction_window_says_what_it_answers_and_offers_pass_first() -> None:
    """Defect 3: the prompt was only 'Reaction window: play an Interrupt or pass (12.2)', pass somewhere in the list."""
    _, session, view = hill_621_soviet()
    assert view["decision"]["prompt"].startswith("Turn 1, German, begins: play an Interrupt or pass")
    assert view["decision"]["choices"][0]["text"] == "pass"
    _, session, view = hill_621_soviet(plays=1)
    last = [e["text"] for e in view["account"] if e["kind"] == "action"][-1]
    assert last.startswith("Artillery Barrage fires ART at Soviet Line Squad S")
    assert view["decision"]["prompt"] == f"After “{last}” (German): play an Interrupt or pass (reaction window, 12.2)"
    assert view["decision"]["choices"][0]["kind"] == "pass" and len(view["decision"]["choices"]) == 37
    french = session.view("fr")["decision"]
    # issue 50: the kind of fire is a label after the target, not an English word after the verb
    assert french["prompt"].startswith("Après «\u202fBarrage d’artillerie tire sur Peloton de ligne soviétique")
    assert french["choices"][0]["text"] == "passer"


# ---------------------------------------------------------------------- 9
def test_defect_9_watch_marks_the_last_told_line_when_the_action_is_a_pass(client: TestClient, tmp_path: Path) -> None:
    """Defect 9: at an action the account does not tell (a pass in a reaction window), Watch marked no line."""
    from tcforge.play.games import play_game, write_log
    from tcforge.scenarios.loading import find_scenario, load
    scenario = load(find_scenario("skirmish"))
    playout, _ = play_game(scenario, 1, ("greedy", "greedy"))
    log = tmp_path / "skirmish.jsonl"
    with log.open("w", encoding="utf-8") as handle:
        write_log(handle, playout.state.scenario_setup, playout.log, scenario, folder=tmp_path, state=playout.state)
    first = client.post("/api/watch", json={"log": str(log)}).json()
    told = {e["line"] for e in first["account"]}
    untold = [n for n in range(1, first["actions"] + 1) if n + 1 not in told]
    assert untold, "the game has an action the account does not tell"
    for n in (0, untold[0], untold[0] - 1, first["actions"]):
        view = client.get(f"/api/watch/{first['watch']}/{n}").json()
        assert view["now"] in told and view["now"] <= n + 1
        assert view["now"] == max(line for line in told if line <= n + 1)


# ---------------------------------------------------------------------- 6
def test_defect_6_fire_choices_show_their_odds_and_rolls_their_result(client: TestClient) -> None:
    """Defect 6: target choices showed no odds (a shot at 'hit 0%' offered with no warning), and roll lines said 'to hit:
    rolls 8' with no result."""
    import re
    view = until_decision(client, new(client, seed=4))
    odds_seen, results = [], []
    while view["waiting"] == "human" and (len(odds_seen) < 3 or len(results) < 3):
        choices = view["decision"]["choices"]
        shots = [c for c in choices if c["kind"] in ("shoot", "target")]
        for c in shots:
            found = re.search(r"\(hit (\d+)%, kill (\d+)%\)$", c["text"])
            assert found, c["text"]
            assert int(found[2]) <= int(found[1])
            odds_seen.append(c["text"])
        results = [e["text"] for e in view["account"] if ", to hit: rolls " in e["text"] or ", to kill: rolls " in e["text"]]
        pick = shots[0] if shots else next((c for c in choices if c["kind"] == "fire"), choices[-1])
        view = until_decision(client, client.post(f"/api/games/{view['game']}/decide",
                                                  json={"at": view["at"], "choice": pick["index"]}).json())
    assert odds_seen and "PzKw IV G Ga fires AT at T-34 M43 Sa (hit 80%, kill 45%)" in odds_seen
    assert results and all(re.search(r"rolls \d+: (hit|miss|kill|no effect)( -> |$)", text) for text in results), results


def test_defect_6_no_odds_on_a_target_the_side_cannot_see(own_data: Path) -> None:
    """A hidden card's odds would tell what it is: the page gives none."""
    from tcforge.engine.actions import Shoot
    from tcforge.play.human import HumanGame
    from tcforge.play.teller import Teller
    from tcforge.scenarios.loading import find_scenario, load
    from tcforge.web.view import shot_odds
    game = HumanGame(load(find_scenario("skirmish")), 4, 0, "greedy")
    while game.waiting() in ("chance", "computer"):
        game.step()
    firer = next(u for u in game.state.units if u.side == 0 and u.pos >= 0 and u.profile.name.startswith("PzKw"))
    target = next(u for u in game.state.units if u.side == 1 and u.pos >= 0 and u.profile.name.startswith("T-34"))
    teller = Teller(game.scenario, "en", viewer=0)
    teller.look(game.state)
    teller.known = set(teller.known or ()) - {target.uid}  # as if it lay face down
    assert shot_odds(game.state, Shoot(firer.uid, target.uid, "at"), teller) is None


# ---------------------------------------------------------------------- 8
def test_defect_8_a_resumed_game_shows_the_dice_rolled_before(client: TestClient, tmp_path: Path) -> None:
    """Defect 8: after resume the Dice box said 'No die rolled yet' though nine dice had been rolled."""
    view = until_decision(client, new(client, seed=4))
    while len(view["rolls"]) < 3 and view["waiting"] == "human":
        choices = view["decision"]["choices"]
        pick = next((c for c in choices if c["kind"] in ("shoot", "target", "fire")), choices[-1])
        view = until_decision(client, client.post(f"/api/games/{view['game']}/decide",
                                                  json={"at": view["at"], "choice": pick["index"]}).json())
    assert len(view["rolls"]) >= 3 and all(r["odds"] for r in view["rolls"][:1])
    other = TestClient(create_app(tmp_path / "games"), base_url="http://127.0.0.1")  # another run of the server
    resumed = other.post("/api/resume", json={"log": view["log"]}).json()
    assert resumed["rolls"] == view["rolls"]


# ---------------------------------------------------------------------- 10
def test_defect_10_the_page_in_french_refuses_names_and_tags_in_french(client: TestClient) -> None:
    """Defect 10: refusals in English on a French page, the scenario named by its id ('skirmish graine 1', 'Mise en
    place de hill-621'), '(computer acts)', and the German cards renamed Ga -> Aa when the language changed."""
    view = new(client, seed=4, lang="fr")
    assert view["waiting"] in ("computer", "chance")
    busy = one_line(client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": 0, "lang": "fr"}),
                    409, "pas à vous de décider (l’ordinateur ou les dés jouent)")
    assert "acts" not in busy
    view = until_decision(client, view)
    gid, at = view["game"], view["at"]
    stale = one_line(client.post(f"/api/games/{gid}/decide", json={"at": at - 1, "choice": 0, "lang": "fr"}), 409,
                     "demande périmée")
    assert "stale" not in stale
    one_line(client.post(f"/api/games/{gid}/step", json={"at": at, "lang": "fr"}), 409, "rien à faire avancer")
    one_line(client.get("/api/games/forged?lang=fr"), 404, "aucune partie de cet identifiant")
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at, "choice": 999, "lang": "fr"}), 422, "choix proposés")
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at, "choice": 999}), 422, "is not one of the")
    one_line(client.post("/api/watch", json={"log": view["log"], "lang": "fr"}), 409, "partie en cours sur ce serveur")
    assert view["account"][0]["text"] == "Mise en place de Escarmouche"
    english = client.get(f"/api/games/{gid}?lang=en").json()
    assert english["account"][0]["text"] == "Set-up of Skirmish"
    tags = lambda data: sorted(c["text"].rsplit(" ", 1)[-1] for cell in data["cells"] for c in cell["cards"])  # noqa: E731
    assert tags(view) == tags(english) and any(tag.startswith("G") for tag in tags(view))
    over = play_out(client, client.get(f"/api/games/{gid}?lang=fr").json())
    assert over["result"].startswith("Escarmouche graine 4 (human contre greedy)")


# ---------------------------------------------------------------------- 11
def test_defect_11_discard_pile_named_reserve_on_the_band_and_a_favicon(client: TestClient) -> None:
    """Defect 11: 'lost' named two counts (the hand box's discard pile, the standing line's cards lost); the board's
    reserve band stayed empty while the reserve showed only in the hand box; /favicon.ico answered 404."""
    from tcforge.web.app import words
    view = until_decision(client, new(client, seed=1))
    assert all("discarded" in hand and "lost" not in hand for hand in view["hands"].values())
    assert words("en")["web_discard_pile"].startswith("discard pile") and "web_lost_cards" not in words("en")
    mine = view["hands"]["german"]["cards"]
    enemy = view["hands"]["soviet"]
    assert mine and all(card in view["board"] for card in mine)  # on the German reserve band
    hidden = enemy["size"] - len(enemy["cards"])
    assert hidden > 0 and f"{hidden} hidden card(s)" in view["board"]
    assert "German: reserve — " in view["board"]
    icon = client.get("/favicon.ico")
    assert icon.status_code == 204 and icon.content == b""

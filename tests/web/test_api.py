"""tcforge serve's routes through Starlette's TestClient (issue 38): a game played through them is the same game as
'scenario play' (its log audits clean and replays), undo and resume rebuild it from its log, a log is watched forward
and back, and every bad request gets a 4xx answer of one line and changes nothing."""
from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from tcforge.play import gamelog
from tcforge.play.games import play_game, rebuild, write_log
from tcforge.play.referee import audit_log
from tcforge.play.setup import Setup
from tcforge.scenarios.loading import find_scenario, load

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's notice that a later httpx will be needed
    from starlette.testclient import TestClient

from tcforge.web.app import create_app


def new(client: TestClient, **given: Any) -> dict[str, Any]:
    body = {"scenario": "skirmish", "side": "german", "agent": "greedy", "seed": 4, **given}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


SEEN_ROLLS: list[dict[str, Any]] = []  # every die the page showed in this module's games


def until_decision(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    """Step the computer and the dice until the person decides or the game is over."""
    while view["waiting"] in ("computer", "chance"):
        answer = client.post(f"/api/games/{view['game']}/step", json={"at": view["at"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
        SEEN_ROLLS.extend(view["rolls"][-1:])
    return view


def choose(view: dict[str, Any]) -> int:
    """A fixed way to play: the first shot offered, else the first play that is not ending the turn, else the first."""
    choices = view["decision"]["choices"]
    for kinds in (("shoot", "target"), ("fire", "move", "step", "pick", "go")):
        found = [c["index"] for c in choices if c["kind"] in kinds]
        if found:
            return found[0]
    return 0


def play_out(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    view = until_decision(client, view)
    while view["waiting"] == "human":
        answer = client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": choose(view)})
        assert answer.status_code == 200, answer.text
        view = until_decision(client, answer.json())
    return view


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_a_game_played_through_the_routes_is_logged_audits_clean_and_replays(client: TestClient, side: str) -> None:
    view = play_out(client, new(client, side=side))
    players = "(human v greedy)" if side == "german" else "(greedy v human)"
    assert view["waiting"] == "over" and view["result"].startswith(f"Skirmish seed 4 {players}")  # its title
    log = Path(view["log"])
    audit = audit_log(log)
    verified = gamelog.read(log)
    assert audit.checked and audit.violations == [] and audit.actions == len(verified.lines) >= view["at"]
    assert verified.setup.agents == (("human", "greedy") if side == "german" else ("greedy", "human"))
    assert verified.end is not None
    state = rebuild(verified)
    for line in verified.lines:
        state.apply_checked(line.action)
    gamelog.check_end(verified, verified.end["winner"], verified.end["reason"])
    assert any(entry["kind"] == "end" for entry in view["account"])
    odds = [r["odds"] for r in SEEN_ROLLS if r["odds"]]
    assert any(o.startswith("chances: hit ") for o in odds) and any(o.startswith("chance to kill: ") for o in odds)
    assert all(r["about"] for r in SEEN_ROLLS)  # each die with the account's words for it


def test_a_changed_computer_choice_in_a_played_log_is_found(client: TestClient) -> None:
    """The person's choices draw nothing from the seed's stream, so the computer's and the dice are still proven."""
    view = play_out(client, new(client))
    log = Path(view["log"])
    lines = log.read_text(encoding="utf-8").splitlines()
    verified = gamelog.read(log)
    index = next(i for i, line in enumerate(verified.lines) if line.actor == "chance" and line.action[0] == "d10")
    line = verified.lines[index]
    line.action = ["d10", 1 + line.action[1] % 10]  # another die, the chain computed again as a forger would
    setup = Setup.from_json(json.loads(lines[0]))
    with log.open("w", encoding="utf-8") as handle:
        gamelog.write(handle, setup, verified.lines, verified.scenario, folder=log.parent,
                      outcome=(verified.end["winner"], verified.end["reason"]) if verified.end else None)
    audit = audit_log(log)
    assert audit.violations and audit.violations[0].line == index + 2


def test_undo_takes_a_decision_back_and_the_log_stays_clean(client: TestClient) -> None:
    view = until_decision(client, new(client))
    assert view["can_undo"] is False
    moves = [c["index"] for c in view["decision"]["choices"] if c["kind"] == "move"]
    before = view
    answer = client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": moves[0]})
    view = answer.json()
    assert view["can_undo"] is True and view["at"] == before["at"] + 1
    view = client.post(f"/api/games/{view['game']}/undo", json={"at": view["at"]}).json()
    assert view["at"] == before["at"] and view["decision"] == before["decision"] and view["board"] == before["board"]
    audit = audit_log(Path(view["log"]))
    assert audit.violations == [] and audit.actions >= before["at"]
    refused = client.post(f"/api/games/{view['game']}/undo", json={"at": view["at"]})
    assert refused.status_code == 409 and "nothing to take back" in refused.json()["error"]


def test_a_saved_game_resumes_where_it_stopped(client: TestClient, own_data: Path, tmp_path: Path) -> None:
    view = until_decision(client, new(client))
    view = until_decision(client, client.post(f"/api/games/{view['game']}/decide",
                                              json={"at": view["at"], "choice": choose(view)}).json())
    saved = client.get("/api/options").json()["saved"]
    assert [s["path"] for s in saved] == [view["log"]]
    other = TestClient(create_app(tmp_path / "games"), base_url="http://127.0.0.1")  # another run of the server
    resumed = other.post("/api/resume", json={"log": view["log"]}).json()
    assert resumed["game"] != view["game"]
    assert {k: v for k, v in resumed.items() if k != "game"} == {k: v for k, v in view.items() if k != "game"}
    assert play_out(other, resumed)["waiting"] == "over"


def test_a_logged_game_is_watched_forward_and_back(client: TestClient, tmp_path: Path) -> None:
    scenario = load(find_scenario("skirmish"))
    playout, _ = play_game(scenario, 2, ("greedy", "greedy"))
    log = tmp_path / "skirmish.jsonl"
    with log.open("w", encoding="utf-8") as handle:
        write_log(handle, playout.state.scenario_setup, playout.log, scenario, folder=tmp_path, state=playout.state)
    page = client.get(f"/watch?log={log}")
    assert page.status_code == 200 and "app.js" in page.text
    first = client.post("/api/watch", json={"log": str(log), "lang": "fr"}).json()
    assert first["mode"] == "watch" and first["at"] == 0 and first["actions"] == len(playout.log)
    wid = first["watch"]
    last = client.get(f"/api/watch/{wid}/{first['actions']}?lang=fr").json()
    assert last["result"] and "Fin de la partie" in last["account"][-3]["text"]
    middle = client.get(f"/api/watch/{wid}/10").json()
    again = client.get(f"/api/watch/{wid}/10").json()
    back = client.get(f"/api/watch/{wid}/9").json()
    assert middle == again and back["at"] == 9 and middle["at"] == 10
    assert last["board"] != client.get(f"/api/watch/{wid}/0").json()["board"]  # the cards moved and fell
    assert client.get(f"/api/watch/{wid}/{first['actions'] + 1}").status_code == 404


# ---------------------------------------------------------------------- bad requests
def one_line(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message


def test_bad_requests_are_refused_in_one_line_and_change_nothing(client: TestClient) -> None:
    view = until_decision(client, new(client))
    gid, at = view["game"], view["at"]
    log = Path(view["log"])
    saved = log.read_bytes()
    count = len(view["decision"]["choices"])
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at - 1, "choice": 0}), 409, "stale request")
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at, "choice": count}), 422, f"not one of the {count} choices")
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at, "choice": "0"}), 400, "'choice' must be a whole number")
    one_line(client.post(f"/api/games/{gid}/decide", json={"at": at}), 400, "'choice' is missing")
    one_line(client.post(f"/api/games/{gid}/step", json={"at": at}), 409, "it is your decision")
    one_line(client.post(f"/api/games/{gid}/decide", content=b"{", headers={"Content-Type": "application/json"}), 400,
             "not JSON")
    one_line(client.post(f"/api/games/{gid}/decide", content=b"at=1", headers={"Content-Type": "text/plain"}), 415,
             "as JSON")
    forged = gid[:-2] + ("AA" if not gid.endswith("AA") else "BB")
    one_line(client.post(f"/api/games/{forged}/decide", json={"at": at, "choice": 0}), 404, "no game with this id")
    one_line(client.get(f"/api/games/{forged}"), 404, "no game with this id")
    one_line(client.get(f"/api/games/{gid}?lang=de"), 400, "use en or fr")
    assert client.get(f"/api/games/{gid}").json() == view
    assert log.read_bytes() == saved


def test_bad_new_games_and_logs_are_refused_in_one_line(client: TestClient, tmp_path: Path) -> None:
    one_line(client.post("/api/games", json={"scenario": "nowhere", "side": "german", "seed": 1}), 404, "no scenario 'nowhere'")
    one_line(client.post("/api/games", json={"scenario": "skirmish", "side": "finnish", "seed": 1}), 422, "not a side of skirmish")
    one_line(client.post("/api/games", json={"scenario": "skirmish", "side": "german", "seed": -1}), 400, "seed -1")
    one_line(client.post("/api/games", json={"scenario": "skirmish", "side": "german", "seed": 1, "agent": "grumpy"}), 422,
             "unknown player 'grumpy'")
    one_line(client.post("/api/games", json={"scenario": "skirmish", "side": "german", "seed": 1, "agent": "plan:1s"}), 422,
             "searches for a time")
    one_line(client.post("/api/games", json=[1, 2]), 400, "JSON object")
    one_line(client.post("/api/watch", json={"log": str(tmp_path / "none.jsonl")}), 404, "no such log file")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a log\n", encoding="utf-8")
    one_line(client.post("/api/watch", json={"log": str(bad)}), 422, "not a tcforge game log")
    one_line(client.post("/api/resume", json={"log": str(bad)}), 422, "not a tcforge game log")
    one_line(client.get("/api/watch/forged/0"), 404, "no log opened with this id")
    one_line(client.get("/nowhere"), 404, "no such page")
    one_line(client.get("/static/secret.py"), 404, "no file")
    assert client.get("/api/options").json()["saved"] == []


def test_the_server_answers_only_to_its_own_names(own_data: Path, tmp_path: Path) -> None:
    """A page of another site reached through a DNS name pointing at 127.0.0.1 (DNS rebinding) is refused."""
    client = TestClient(create_app(tmp_path / "games"), base_url="http://evil.example")
    assert client.get("/api/options").status_code == 400


def test_a_scenario_that_scenario_play_refuses_is_refused(monkeypatch: pytest.MonkeyPatch, own_data: Path,
                                                          tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    text = (own_data / "skirmish.yaml").read_text(encoding="utf-8")
    (own / "skirmish-closed.yaml").write_text(text.replace("id: skirmish", "id: skirmish-closed")
                                              .replace("only_listed: false", "only_listed: true"), encoding="utf-8")
    monkeypatch.setenv("TCFORGE_DATA", str(own))
    client = TestClient(create_app(tmp_path / "games"), base_url="http://127.0.0.1")
    one_line(client.post("/api/games", json={"scenario": "skirmish-closed", "side": "german", "seed": 1}), 422,
             "is not legal")
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").iterdir())


def test_a_games_folder_that_cannot_be_made_is_said_in_one_line(own_data: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    client = TestClient(create_app(blocker / "games"), base_url="http://127.0.0.1")
    one_line(client.post("/api/games", json={"scenario": "skirmish", "side": "german", "seed": 1}), 507,
             "cannot make the games folder")

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


@pytest.fixture()
def client(own_data: Path, tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "games"), base_url="http://127.0.0.1", raise_server_exceptions=False)


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
        answer = client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": 0})
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

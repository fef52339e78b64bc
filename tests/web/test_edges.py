"""tcforge serve at its edges (issue 51): what a request may cost is bounded. Deep JSON, a log too large to read, a
foreign JSON file, a symbolic link to a saved game, a body sent slowly, a computer player whose budget outruns the
server's time bound and a client that goes away while it searches: each refused in one line with a 4xx (503 for the
time bound), no traceback on the server's stderr, the game and its log as they were.

The hostile request bodies are tests/data/web/hostile/ (its README lists them and the inputs made here)."""
from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tcforge.agents.search import play_out
from tcforge.bounds import MAX_LOG_BYTES, OutOfTime, ReadRefused, TooDeep, bounded_lines, json_value, read_bounded, time_bound
from tcforge.play.games import new_game
from tcforge.play.referee import audit_log
from tcforge.scenarios.loading import find_scenario, load
from tcforge.web.app import create_app
from tcforge.web.server import in_thread
from tests.web.conftest import WEB_DATA
from tests.web.test_api import choose, new, one_line, until_decision

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's notice that a later httpx will be needed
    from starlette.testclient import TestClient

HOSTILE = WEB_DATA / "hostile"
BODIES = sorted(p.name for p in HOSTILE.glob("*.json"))
FOREIGN = WEB_DATA.parent / "logs" / "hostile" / "foreign-format.jsonl"
JSON = {"Content-Type": "application/json"}
LIMIT_WORDS = f"more than the {MAX_LOG_BYTES:,}-byte limit of a game log"


def routes(gid: str) -> list[str]:
    return ["/api/games", f"/api/games/{gid}/decide", f"/api/games/{gid}/step", f"/api/games/{gid}/undo", "/api/resume",
            "/api/watch"]


# ---------------------------------------------------------------------- depth
@pytest.mark.parametrize("name", BODIES)
def test_a_deeply_nested_body_is_refused_in_one_line_and_changes_nothing(client: TestClient, name: str) -> None:
    raw = (HOSTILE / name).read_bytes()
    assert len(raw) <= 64 * 1024  # under the body limit: the depth is what is refused
    view = until_decision(client, new(client))
    log = Path(view["log"])
    saved = log.read_bytes()
    for route in routes(view["game"]):
        one_line(client.post(route, content=raw, headers=JSON), 400, "nested more than 16 deep")
    assert client.get(f"/api/games/{view['game']}").json() == view and log.read_bytes() == saved


def test_brackets_inside_a_text_are_not_nesting(client: TestClient) -> None:
    view = until_decision(client, new(client))
    body = json.dumps({"at": view["at"], "choice": choose(view), "note": "[" * 1000})
    assert client.post(f"/api/games/{view['game']}/decide", content=body, headers=JSON).status_code == 200


def test_the_one_json_reader_measures_depth_without_recursion() -> None:
    assert json_value(b"[" * 16 + b"]" * 16) == json.loads("[" * 16 + "]" * 16)
    for text in ("[" * 17 + "]" * 17, "[" * 100_000 + "]" * 100_000, '{"a":' * 17 + "0" + "}" * 17):
        with pytest.raises(TooDeep, match="nested more than 16 deep"):
            json_value(text)
    with pytest.raises(ValueError):
        json_value(b"\xff")


# ---------------------------------------------------------------------- size and foreign files
def test_a_body_over_the_limit_is_refused_as_it_arrives(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # no declared length: the server counts what arrives
        yield b'{"log": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'
    one_line(client.post("/api/watch", content=chunks(), headers=JSON), 413, "larger than 64 KB")
    one_line(client.post("/api/watch", content=b"{}", headers={**JSON, "Content-Length": "99999999999"}), 413,
             "larger than 64 KB")


@pytest.fixture()
def huge_log(tmp_path: Path) -> Path:
    """A game log one byte over the limit, sparse: it takes no disk, and reading it whole would take the memory."""
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as handle:
        handle.truncate(MAX_LOG_BYTES + 1)
    return path


def test_a_log_over_the_size_limit_is_refused_before_it_is_read(client: TestClient, huge_log: Path) -> None:
    for route in ("/api/watch", "/api/resume"):
        one_line(client.post(route, json={"log": str(huge_log)}), 422, LIMIT_WORDS)


def test_the_command_line_refuses_the_same_log_in_one_line(huge_log: Path) -> None:
    from typer.testing import CliRunner

    from tcforge.cli import app
    result = CliRunner().invoke(app, ["scenario", "replay", str(huge_log)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [f"{huge_log}:1: the file is {MAX_LOG_BYTES + 1:,} bytes, {LIMIT_WORDS}: not read"]


def test_reading_stops_at_the_limit_whatever_the_size_says(tmp_path: Path) -> None:
    """/proc's files say they are 0 bytes long: the reader counts what it reads, never more than the limit + 1."""
    status = Path("/proc/self/status")
    if not status.is_file() or status.stat().st_size != 0:
        pytest.skip("needs Linux's /proc")
    with pytest.raises(ReadRefused, match="more than the 100-byte limit of a test file"):
        read_bounded(status, 100, "a test file")
    with pytest.raises(ReadRefused, match="more than the 100-byte limit"):
        list(bounded_lines(status, 100, "a test file"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ReadRefused, match="not a regular file"):  # and never blocks on the FIFO
        read_bounded(fifo, 100, "a test file")
    plain = tmp_path / "plain"
    plain.write_bytes(b"a\n\nb")
    assert list(bounded_lines(plain, 4, "a test file")) == [b"a", b"", b"b"]


def test_a_foreign_json_file_is_refused_without_echoing_it(client: TestClient) -> None:
    secret = json.loads(FOREIGN.read_text(encoding="utf-8"))["format"]
    for route in ("/api/watch", "/api/resume"):
        answer = client.post(route, json={"log": str(FOREIGN)})
        one_line(answer, 422, "not a tcforge game log")
        assert secret[:8] not in answer.json()["error"]


def test_the_saved_games_list_passes_over_links_and_reads_only_the_ends(own_data: Path, tmp_path: Path) -> None:
    games = tmp_path / "games"
    client = TestClient(create_app(games), base_url="http://127.0.0.1")
    view = until_decision(client, new(client))
    (games / "dangling.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    (games / "linked.jsonl").symlink_to(view["log"])
    with (games / "huge.jsonl").open("wb") as handle:
        handle.truncate(64 << 20)
    answer = client.get("/api/options")
    assert answer.status_code == 200, answer.text
    assert [s["name"] for s in answer.json()["saved"]] == [Path(view["log"]).name]


# ---------------------------------------------------------------------- a link to a saved game
def test_a_game_is_not_resumed_through_a_symbolic_link(client: TestClient, own_data: Path, tmp_path: Path) -> None:
    view = until_decision(client, new(client))
    log = Path(view["log"])
    saved = log.read_bytes()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "game.jsonl"
    link.symlink_to(log)
    other = TestClient(create_app(tmp_path / "other-games"), base_url="http://127.0.0.1", raise_server_exceptions=False)
    one_line(other.post("/api/resume", json={"log": str(link)}), 422, "it is a symbolic link")
    assert str(log) in other.post("/api/resume", json={"log": str(link)}).json()["error"]  # what to resume instead
    resumed = other.post("/api/resume", json={"log": str(log)})  # the file itself resumes, and is saved
    assert resumed.status_code == 200, resumed.text
    watched = other.post("/api/watch", json={"log": str(link)})  # watching writes nothing: a link may be watched
    assert watched.status_code == 409  # ... once the game it shows is over (it is in play on this server)
    assert log.read_bytes() == saved and link.is_symlink()


# ---------------------------------------------------------------------- time
@dataclass
class Searched:
    view: dict[str, Any]  # the game before the request the search was stopped in
    answer: Any  # that request's answer
    asked: list[tuple[str, dict[str, Any]]]  # the requests made, the last the one the computer searched in: (route, body)


def _until_searched(client: TestClient, view: dict[str, Any]) -> Searched:
    """Play on (the dice, the computer's set-up and the person's first choices, a fixed way) until a request makes the
    computer search, which outruns any bound here: its answer, the view before it and the requests made."""
    asked: list[tuple[str, dict[str, Any]]] = []
    for _ in range(200):
        if view["waiting"] == "human":
            asked.append(("decide", {"at": view["at"], "choice": choose(view)}))
        else:
            assert view["waiting"] in ("computer", "chance"), view["waiting"]
            asked.append(("step", {"at": view["at"]}))
        answer = client.post(f"/api/games/{view['game']}/{asked[-1][0]}", json=asked[-1][1])
        if answer.status_code != 200:
            return Searched(view, answer, asked)
        view = answer.json()
    raise AssertionError("the computer never searched")


# plan's largest budget with its costliest options: minutes a move
PLAN = {"scenario": "hill-621", "side": "soviet", "agent": "plan:5000:horizon=1000,k=64", "seed": 4}


def test_a_computer_move_that_outruns_the_bound_is_refused_and_the_game_left_as_it_was(own_data: Path,
                                                                                       tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "games", move_seconds=1), base_url="http://127.0.0.1")
    searched = _until_searched(client, new(client, **PLAN))
    view = searched.view
    log = Path(view["log"])
    saved = log.read_bytes()
    one_line(searched.answer, 503, "the computer's player plan:5000:horizon=1000,k=64 did not finish within 1 s")
    assert "the game is left as it was" in searched.answer.json()["error"]
    assert client.get(f"/api/games/{view['game']}").json() == view and log.read_bytes() == saved
    audit = audit_log(log)
    assert audit.checked and audit.violations == []


def test_a_time_bound_stops_playouts_in_its_own_thread_only(own_data: Path) -> None:
    """The search players check the bound before every playout; another thread (a worker, the CLI) is not bound."""
    state = new_game(load(find_scenario("skirmish")), 4)
    other: list[float] = []
    with time_bound(0):
        with pytest.raises(OutOfTime, match="stopped after 0 s"):
            play_out(state.clone(), 0, random.Random(1), 0, 0.3)
        thread = threading.Thread(target=lambda: other.append(play_out(state.clone(), 0, random.Random(1), 0, 0.3)))
        thread.start()
        thread.join()
    assert len(other) == 1
    gone = threading.Event()
    gone.set()
    with time_bound(600, gone), pytest.raises(OutOfTime, match="its client went away"):
        play_out(state.clone(), 0, random.Random(1), 0, 0.3)


@pytest.fixture()
def live(own_data: Path, tmp_path: Path) -> Iterator[tuple[str, int]]:
    """The server on a free port of 127.0.0.1 in a thread, with a long time bound: (the test's games folder, port)."""
    running, thread, port = in_thread(create_app(tmp_path / "games", move_seconds=600))
    try:
        yield str(tmp_path / "games"), port
    finally:
        running.should_exit = True
        thread.join()


def _request(port: int, method: str, path: str, body: Any = None, timeout: float = 60) -> tuple[int, Any]:
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers=JSON if data is not None else {})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def _send(port: int, body: bytes, path: str, declared: int | None = None) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body) if declared is None else declared}\r\n\r\n")
    sock.sendall(head.encode() + body)
    return sock


def _answer(sock: socket.socket) -> str:
    """The whole answer to one request (its head, then as many bytes as it says), the socket closed after."""
    sock.settimeout(30)
    data = b""
    try:
        while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < _length(data):
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    finally:
        sock.close()
    return data.decode(errors="replace")


def _length(data: bytes) -> int:
    head = data.split(b"\r\n\r\n", 1)[0].decode(errors="replace").lower()
    return next((int(line.split(":", 1)[1]) for line in head.split("\r\n") if line.startswith("content-length:")), 0)


def test_a_client_gone_while_the_computer_searches_costs_nothing_after(live: tuple[str, int], tmp_path: Path) -> None:
    """The page asks for the computer's move against plan:5000:horizon=1000,k=64 (minutes of search) and goes away: the search stops at
    its next playout, the game is as it was and the next request is answered at once (not after the 600 s bound).
    The requests that lead to the search are found first on a server bounding it to 1 s (the same seed, the same
    choices: the same game)."""
    _, port = live
    probe = TestClient(create_app(tmp_path / "probe", move_seconds=1), base_url="http://127.0.0.1")
    searched = _until_searched(probe, new(probe, **PLAN))
    status, view = _request(port, "POST", "/api/games", PLAN)
    assert status == 201
    for route, body in searched.asked[:-1]:
        status, view = _request(port, "POST", f"/api/games/{view['game']}/{route}", body)
        assert status == 200, view
    route, body = searched.asked[-1]
    sock = _send(port, json.dumps(body).encode(), f"/api/games/{view['game']}/{route}")
    time.sleep(0.5)  # the search under way (or not yet begun: either way it stops)
    sock.close()
    status, again = _request(port, "GET", f"/api/games/{view['game']}", timeout=60)  # waits for the session's lock
    assert status == 200 and again == view


def test_a_slow_body_is_refused_at_its_bound_and_deep_bodies_leave_no_traceback(
        live: tuple[str, int], monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    _, port = live
    monkeypatch.setattr("tcforge.web.app.BODY_SECONDS", 0.5)
    answer = _answer(_send(port, b'{"log": ', "/api/watch", declared=100))  # 8 bytes of 100, then nothing more
    assert answer.startswith("HTTP/1.1 408") and "was not all sent within 0.5 s" in answer, answer
    for name in BODIES:
        answer = _answer(_send(port, (HOSTILE / name).read_bytes(), "/api/watch"))
        assert answer.startswith("HTTP/1.1 400") and "nested more than 16 deep" in answer, (name, answer)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception in ASGI application" not in err, err[-2000:]

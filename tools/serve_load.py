"""tcforge serve under load (issue 51), a developer's tool of the checkout: the server started as the user starts it
(``python -m tcforge serve --port 0``, a process of its own on 127.0.0.1), ``--games`` games played at once through its
HTTP routes against a cheap computer player (greedy), each by a client choosing at random among the choices offered
(its own seeded stream: the same run gives the same games), and beside them the clients that misbehave:

- quitters: players that stop mid-game and go away (their unfinished logs must audit clean too);
- slow readers: players that read their first answers a kilobyte at a time;
- slow senders: clients that send half a body and then nothing (the server answers 408 at its bound, 30 s);
- gone clients: a game of Hill 621 against plan:5000:horizon=1000,k=64 (the largest budget plan takes, with its
  costliest options: minutes a move), whose client gives up after ``--patience`` seconds while the computer
  searches (the search must stop then, not run on in its thread);
- stuck clients: the same game, whose client waits: the server refuses it at ``--move-seconds`` (503).

Meanwhile the server's resident memory and CPU time are sampled from /proc. Once every client is done the tool waits
``--idle`` seconds and measures the CPU the server spent then (a client that gave up must cost nothing), audits every
saved log with the referee (``tcforge scenario audit``'s function), stops the server with Ctrl-C (SIGINT) and prints
the figures. It stops by itself: a run that outlasts ``--deadline`` seconds is stopped and said to have failed.

    .venv/bin/python tools/serve_load.py --games 50 --rounds 2

Exit 0 when every game finished or quit as planned, every log audits clean, every misbehaving client was answered
as it should be and the server was idle after; 1 otherwise (the figures say what failed). Timings and memory depend on
the machine and its load: figures to report, never asserted by a test.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEST_DATA = ROOT / "tests" / "data" / "web"  # the web tests' scenario, skirmish: a two-turn fight on a 2 x 2 board
PLAN = "plan:5000:horizon=1000,k=64"  # plan's largest budget with its costliest options: minutes a move in Hill 621
SEARCHED = "hill-621"


# ---------------------------------------------------------------------- the server
@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    samples: list[tuple[float, int, float]] = field(default_factory=list)  # (seconds since start, RSS bytes, CPU s)
    stderr: list[str] = field(default_factory=list)

    def rss_cpu(self) -> tuple[int, float]:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        rss = next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return rss, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(saves: Path, data: Path | None, move_seconds: int) -> Server:
    command = [sys.executable, "-m", "tcforge"] + (["--data", str(data)] if data else []) + [
        "serve", "--port", "0", "--saves", str(saves), "--move-seconds", str(move_seconds)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env,
                               start_new_session=True)
    assert process.stderr is not None
    first = process.stderr.readline()  # "tcforge serve: http://127.0.0.1:PORT/ (games saved in ...)"
    if "http://127.0.0.1:" not in first:
        process.kill()
        sys.exit(f"serve_load: the server did not start: {first.strip() or process.wait()}")
    server = Server(process, int(first.split("http://127.0.0.1:")[1].split("/")[0]))

    def drain() -> None:  # the server's stderr, kept to count tracebacks
        assert process.stderr is not None
        server.stderr.extend(process.stderr)
    threading.Thread(target=drain, daemon=True).start()
    return server


def sample(server: Server, stop: threading.Event, began: float, every: float = 0.25) -> None:
    while not stop.is_set() and server.process.poll() is None:
        try:
            rss, cpu = server.rss_cpu()
        except (OSError, StopIteration):
            return
        server.samples.append((time.monotonic() - began, rss, cpu))
        stop.wait(every)


# ---------------------------------------------------------------------- a client
class Client:
    """One HTTP/1.1 connection kept alive, opened again when the server closed it while idle (5 s)."""

    def __init__(self, port: int, timeout: float = 120):
        self.port, self.timeout = port, timeout
        self.connection: http.client.HTTPConnection | None = None
        self.latencies: list[float] = []

    def call(self, method: str, path: str, body: Any = None, slow: bool = False) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data is not None else {}
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                began = time.perf_counter()
                self.connection.request(method, path, body=data, headers=headers)
                answer = self.connection.getresponse()
                raw = _slowly(answer) if slow else answer.read()
                self.latencies.append(time.perf_counter() - began)
                return answer.status, json.loads(raw)
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()  # an idle connection the server closed: a request it never read, sent again once
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.connection = None


def _slowly(answer: http.client.HTTPResponse) -> bytes:
    chunks = []
    while chunk := answer.read(1024):
        chunks.append(chunk)
        time.sleep(0.02)
    return b"".join(chunks)


@dataclass
class Game:
    number: int
    kind: str  # "player", "quitter", "slow reader"
    log: str = ""
    requests: int = 0
    outcome: str = ""  # "over", "quit", or what went wrong
    latencies: list[float] = field(default_factory=list)


def play(port: int, game: Game, scenario: str, side: str, agent: str, seed: int, quit_after: int) -> None:
    """A whole game through the routes, each decision a random choice among those offered (the game's own stream)."""
    client = Client(port)
    chooser = random.Random(seed * 1_000_003 + game.number)
    try:
        status, view = client.call("POST", "/api/games", {"scenario": scenario, "side": side, "agent": agent,
                                                          "seed": seed + game.number})
        game.requests += 1
        if status != 201:
            game.outcome = f"new game: {status} {view.get('error')}"
            return
        game.log = view["log"]
        decisions = 0
        while view["waiting"] != "over":
            if game.kind == "quitter" and decisions >= quit_after:
                game.outcome = "quit"
                return
            if view["waiting"] == "human":
                decisions += 1
                offered = view["decision"]["choices"]  # each with the index the server knows it by
                route, body = "decide", {"at": view["at"], "choice": offered[chooser.randrange(len(offered))]["index"]}
            else:
                route, body = "step", {"at": view["at"]}
            status, answer = client.call("POST", f"/api/games/{view['game']}/{route}", body,
                                         slow=game.kind == "slow reader" and game.requests < 6)
            game.requests += 1
            if status == 409 and "stale" in str(answer.get("error")):  # asked twice: the game as it is now
                status, answer = client.call("GET", f"/api/games/{view['game']}")
                game.requests += 1
            if status != 200:
                game.outcome = f"{route}: {status} {answer.get('error')}"
                return
            view = answer
        game.outcome = "over"
    except (OSError, ValueError, KeyError) as exc:
        game.outcome = f"client error: {type(exc).__name__}: {exc}"
    finally:
        game.latencies = client.latencies
        client.close()


def slow_sender(port: int, results: list[str]) -> None:
    """Half a body, then nothing: the server must answer 408 at its body bound and close."""
    sock = socket.create_connection(("127.0.0.1", port))
    try:
        sock.sendall(b"POST /api/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"log\": ")
        sock.settimeout(120)
        results.append(sock.recv(4096).decode(errors="replace").split("\r\n", 1)[0])
    except OSError as exc:
        results.append(f"client error: {exc}")
    finally:
        sock.close()


def searcher(port: int, seed: int, patience: float | None, results: list[str]) -> None:
    """A game of Hill 621 against :data:`PLAN`: the person plays the first choice offered until a request
    makes the computer search; a gone client gives up after ``patience`` seconds and closes its connection, a stuck one
    (``patience`` None) waits for the server's answer (503 at its bound)."""
    client = Client(port, timeout=patience or 600)
    at = 0
    try:
        status, view = client.call("POST", "/api/games", {"scenario": SEARCHED, "side": "soviet", "agent": PLAN,
                                                          "seed": seed})
        while status in (200, 201) and view["waiting"] != "over":
            at = view["at"]
            route = "decide" if view["waiting"] == "human" else "step"
            body = {"at": at, "choice": view["decision"]["choices"][0]["index"]} if route == "decide" else {"at": at}
            status, answer = client.call("POST", f"/api/games/{view['game']}/{route}", body)
            if status != 200:
                results.append(f"{status} {str(answer.get('error'))[:70]}")
                return
            view = answer
        results.append("the game ended without a search")
    except TimeoutError:
        results.append(f"gave up after {patience:g} s at action {at}")
    except OSError as exc:
        results.append(f"client error: {exc}")
    finally:
        client.close()


# ---------------------------------------------------------------------- the run
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once, a round")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of --games games, one after another")
    parser.add_argument("--scenario", default="skirmish", help="skirmish: the web tests' scenario (tests/data/web)")
    parser.add_argument("--side", default="german")
    parser.add_argument("--agent", default="greedy", help="the computer's player in the games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quitters", type=int, default=3, help="players of each round that stop mid-game")
    parser.add_argument("--slow-readers", type=int, default=3, help="players of each round that read slowly")
    parser.add_argument("--slow-senders", type=int, default=2)
    parser.add_argument("--gone", type=int, default=2, help="clients that give up while PLAN searches")
    parser.add_argument("--stuck", type=int, default=1, help="clients that wait for PLAN until the bound")
    parser.add_argument("--patience", type=float, default=10.0, help="seconds a gone client waits for an answer")
    parser.add_argument("--move-seconds", type=int, default=30, help="the server's time bound on a request")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds the idle server is measured at the end")
    parser.add_argument("--deadline", type=float, default=900.0, help="the whole run stops after this")
    args = parser.parse_args(argv)
    if not Path("/proc/self/status").is_file():
        sys.exit("serve_load: needs Linux's /proc to sample the server's memory")
    data = TEST_DATA if args.scenario == "skirmish" else None
    if data is not None:
        os.environ["TCFORGE_DATA"] = str(data)  # for the audits, as the server has it
    folder = Path(tempfile.mkdtemp(prefix="tcforge-serve-load-"))
    saves = folder / "games"
    began = time.monotonic()
    server = start_server(saves, data, args.move_seconds)
    stop = threading.Event()
    sampler = threading.Thread(target=sample, args=(server, stop, began), daemon=True)
    sampler.start()
    time.sleep(0.5)
    start_rss = server.rss_cpu()[0]
    timer = threading.Timer(args.deadline, lambda: os.killpg(server.process.pid, signal.SIGKILL))
    timer.daemon = True
    timer.start()
    games: list[Game] = []
    misbehaving: dict[str, list[str]] = {"slow sender": [], "gone": [], "stuck": []}
    round_peaks: list[int] = []
    played_began = time.monotonic()
    try:
        for rnd in range(args.rounds):
            kinds = (["quitter"] * args.quitters + ["slow reader"] * args.slow_readers
                     + ["player"] * max(0, args.games - args.quitters - args.slow_readers))[:args.games]
            batch = [Game(rnd * args.games + i, kind) for i, kind in enumerate(kinds)]
            games += batch
            threads = [threading.Thread(target=play, args=(server.port, g, args.scenario, args.side, args.agent,
                                                            args.seed, 3 + g.number % 5)) for g in batch]
            if rnd == 0:  # the misbehaving clients come with the first round
                threads += [threading.Thread(target=slow_sender, args=(server.port, misbehaving["slow sender"]))
                            for _ in range(args.slow_senders)]
                threads += [threading.Thread(target=searcher, args=(server.port, 4 + i, args.patience, misbehaving["gone"]))
                            for i in range(args.gone)]
                threads += [threading.Thread(target=searcher, args=(server.port, 4 + i, None, misbehaving["stuck"]))
                            for i in range(args.stuck)]
            mark = len(server.samples)
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            round_peaks.append(max((s[1] for s in server.samples[mark:]), default=0))
        played = time.monotonic() - played_began
        # every client is done: what does the server spend now?
        time.sleep(0.5)
        rss_idle, cpu_before = server.rss_cpu()
        time.sleep(args.idle)
        rss_end, cpu_after = server.rss_cpu()
        idle_cpu = cpu_after - cpu_before
    finally:
        stop.set()
        if server.process.poll() is None:
            server.process.send_signal(signal.SIGINT)  # Ctrl-C, as a user stops it
            try:
                server.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(server.process.pid, signal.SIGKILL)
        timer.cancel()
    from tcforge.play.referee import audit_log
    logs = sorted(saves.glob("*.jsonl"))
    audits = [(log, audit_log(log)) for log in logs]
    clean = [log for log, audit in audits if audit.checked and not audit.violations and not audit.error]
    return report(args, games, misbehaving, server, audits, clean, start_rss, rss_idle, rss_end, idle_cpu, played,
                  round_peaks, time.monotonic() - began)


def report(args: argparse.Namespace, games: list[Game], misbehaving: dict[str, list[str]], server: Server,
           audits: list[tuple[Path, Any]], clean: list[Path], start_rss: int, rss_idle: int, rss_end: int,
           idle_cpu: float, played: float, round_peaks: list[int], seconds: float) -> int:
    mb = 1 << 20
    over = [g for g in games if g.outcome == "over"]
    quit_ = [g for g in games if g.outcome == "quit"]
    wrong = [g for g in games if g.outcome not in ("over", "quit")]
    requests = sum(g.requests for g in games)
    latencies = sorted(x * 1000 for g in games for x in g.latencies)
    peak = max((s[1] for s in server.samples), default=0)
    tracebacks = sum("Traceback" in line for line in server.stderr)
    print(f"serve under load: {args.rounds} round(s) of {args.games} games at once, {args.scenario} as the {args.side} "
          f"against {args.agent}, random choices (seed {args.seed}), --move-seconds {args.move_seconds}")
    print(f"games: {len(over)} played to the end, {len(quit_)} quit midway (as planned), {len(wrong)} went wrong; "
          f"{requests:,} requests in {played:.1f} s ({requests / played:.0f} a second)")
    if latencies:
        print(f"answer time: median {statistics.median(latencies):.1f} ms, 95th percentile "
              f"{latencies[int(0.95 * (len(latencies) - 1))]:.1f} ms, max {latencies[-1]:.1f} ms")
    print(f"server memory (RSS): {start_rss / mb:.1f} MB at start; peak {peak / mb:.1f} MB"
          + (f" (each round's peak: {', '.join(f'{p / mb:.1f}' for p in round_peaks)} MB)" if len(round_peaks) > 1 else "")
          + f"; {rss_idle / mb:.1f} MB when the clients were done, {rss_end / mb:.1f} MB at the end")
    print(f"server CPU while idle at the end: {idle_cpu:.2f} s in {args.idle:g} s")
    for kind, said in misbehaving.items():
        if said:
            print(f"{kind} clients: " + "; ".join(sorted(set(said), key=said.index)) + f" ({len(said)})")
    print(f"logs: {len(audits)} saved, {len(clean)} audit clean (checked from their seeds, no violation)")
    print(f"server: {tracebacks} traceback(s) on its stderr; exit {server.process.returncode} after Ctrl-C; "
          f"the run took {seconds:.1f} s")
    failures = [f"game {g.number} ({g.kind}): {g.outcome}" for g in wrong]
    failures += [f"{log.name}: {audit.violations[:1] or audit.error or 'unchecked'}" for log, audit in audits
                 if log not in clean]
    failures += [f"slow sender: {s}" for s in misbehaving["slow sender"] if not s.startswith("HTTP/1.1 408")]
    failures += [f"gone: {s}" for s in misbehaving["gone"] if not s.startswith("gave up")]
    failures += [f"stuck: {s}" for s in misbehaving["stuck"] if not s.startswith("503 ")]
    if idle_cpu > 0.1 * args.idle:
        failures.append(f"the server spent {idle_cpu:.2f} s of CPU in {args.idle:g} s with no client")
    if tracebacks:
        failures.append(f"{tracebacks} traceback(s) on the server's stderr")
    if len(audits) != len(games) + args.gone + args.stuck:
        failures.append(f"{len(audits)} logs saved for {len(games) + args.gone + args.stuck} games")
    for failure in failures[:20]:
        print(f"FAILED: {failure}")
    print("all clean" if not failures else f"{len(failures)} failure(s)")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())

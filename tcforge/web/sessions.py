"""The games and watched logs the server holds, each under an unguessable id (``secrets.token_urlsafe``).

A :class:`PlaySession` is one :class:`~tcforge.play.human.HumanGame` with its account, the dice rolled lately and
its log file, written whole after every change (:func:`tcforge.atomic.atomic_path`): the saved game is always a
log that ``scenario replay`` and ``scenario audit`` accept, an unfinished one saying so on its last line. A
:class:`WatchSession` is a verified log, its account and the positions along it. A request on a session holds the
session's lock, so two tabs cannot interleave their changes, and runs inside :meth:`PlaySession.kept`: work stopped by
its time bound (:class:`tcforge.bounds.OutOfTime`: a search that outran the bound, a client gone) leaves the game as
it was before the request, its log unwritten.

A log is read under the reading limits of :mod:`tcforge.bounds` (its size checked before it is read); a game is
resumed only from a log it can be saved to (a plain file, not a symbolic link: tcforge never writes through one), so
that a resumed game never answers its first decision with 507.
"""
from __future__ import annotations

import copy
import datetime
import errno
import heapq
import itertools
import os
import re
import secrets
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from tcforge.atomic import atomic_path, check_target
from tcforge.bounds import MAX_WATCHED_BYTES, OutOfTime, json_value, shown
from tcforge.engine.actions import HitRoll, KillRoll, Pass, SmokeRoll, WoodsRoll, action_from_json
from tcforge.engine.attacks import KILL, MISS, attack_odds, to_hit, to_kill
from tcforge.engine.state import GameState
from tcforge.i18n.words import t
from tcforge.play import gamelog
from tcforge.play.account import result
from tcforge.play.checks import check_problems
from tcforge.play.games import new_game, rebuild
from tcforge.play.human import HUMAN, HumanGame, HumanGameError, computer_player
from tcforge.play.teller import side_names
from tcforge.play.wording import is_die
from tcforge.scenarios.findings import ScenarioError
from tcforge.scenarios.loading import find_scenario, load, load_scenario, scenario_ids
from tcforge.scenarios.scenario import Scenario
from tcforge.web.protocol import Act, NewGame, Refusal
from tcforge.web.view import Narrator, decision, offered, side_view, whole_view

MAX_SESSIONS = 64  # games and logs held at once; the one left alone longest goes first
MAX_LISTED = 10_000  # files of the games folder looked at for the page's list of saved games (each is an lstat)
CHECKPOINT = 25  # a watched log keeps a position every this many actions
KEEP_ROLLS = 8  # dice shown beside the board
TAIL_BYTES = 4096  # the end of a saved game read to tell whether it is finished (its end line is under 200 bytes)
SAVED_SHOWN = 50  # unfinished saved games listed on the page


def out_of_time(exc: OutOfTime, what: str, then: str = "") -> Refusal:
    """The one line for work stopped by its time bound (503): ``what`` did not finish, and ``then`` what was kept."""
    if exc.gone:
        return Refusal(503, f"{what} was stopped: its client went away")
    return Refusal(503, f"{what} did not finish within {exc.seconds:g} s, this server's bound on a request"
                        f"{then}")


def _percent(value: Any) -> str:
    return f"{float(value) * 100:.0f} %"


def result_line(scenario: Scenario, state: GameState, seed: int, agents: tuple[str, str], lang: str) -> str:
    """The result's line as the account writes it, the scenario named by its title (the page's reader's words)."""
    text = str(result(scenario, state, seed, agents, lang)["text"])
    return scenario.title.get(lang) + text[len(scenario.id):] if text.startswith(scenario.id) else text


def new_id() -> str:
    return secrets.token_urlsafe(18)


# ---------------------------------------------------------------------- scenarios
def scenario_choices(lang: str) -> list[dict[str, Any]]:
    """The scenarios a game may be played in (bundled, then the designer's own, --data), with their sides."""
    out = []
    for sid in scenario_ids():
        path = find_scenario(sid)
        loaded = load_scenario(path) if path is not None else None
        scenario = loaded.scenario if loaded is not None else None
        if scenario is None:
            continue
        names = side_names(scenario, lang)
        out.append({"id": scenario.id, "title": scenario.title.get(lang),
                    "sides": [{"id": s, "name": n} for s, n in zip(scenario.grid.sides, names, strict=True)]})
    return out


def _scenario(reference: str) -> Scenario:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", reference) or reference not in scenario_ids():
        raise Refusal.said(404, "web_e_no_scenario", id=reference[:60])
    path = find_scenario(reference)
    assert path is not None
    try:
        scenario = load(path)
    except ScenarioError as exc:
        first = exc.findings[0].render() if exc.findings else "it does not load"
        raise Refusal(422, f"scenario '{reference}' is not valid ({first}); run 'tcforge scenario check {reference}'") from None
    problems = check_problems(path)  # what 'scenario play' refuses, the page refuses
    if problems:
        raise Refusal(422, f"scenario '{reference}' is not legal ({len(problems)} problem(s), the first: {problems[0].message}); "
                           f"'tcforge scenario check {reference}' lists them")
    return scenario


# ---------------------------------------------------------------------- a game
@dataclass
class PlaySession:
    id: str
    game: HumanGame
    log: Path
    lang: str = "en"
    narrator: Narrator | None = None
    rolls: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def kept(self) -> Iterator[None]:
        """Run a request's work; when it is stopped by its time bound (:class:`OutOfTime`), put the game back as it was
        before (its position, its random stream, the computer's player and what it remembers, its lines and dice) and
        refuse the request in one line. The log is written only at the end of a change, so it is left as it was too."""
        game = self.game
        before = dict(game.__dict__)
        state, stream, computer = game.state.clone(), game.rng.getstate(), copy.deepcopy(game.computer)
        lines, rolls, narrator = list(game.lines), list(self.rolls), self.narrator
        try:
            yield
        except OutOfTime as exc:
            game.__dict__.clear()
            game.__dict__.update(before)
            game.state, game.computer, game.lines = state, computer, lines
            game.rng.setstate(stream)
            self.rolls, self.narrator = rolls, narrator
            raise out_of_time(exc, f"the computer's player {game.agent}",
                              ": the game is left as it was before the request; play it against a smaller budget "
                              "(plan:64), or start the server with more time (tcforge serve --move-seconds)") from None

    def teller_for(self, lang: str) -> Narrator:
        """The account in ``lang``, told up to the game's last line (told again from the start in a new language or
        after an undo)."""
        if self.narrator is None or self.narrator.lang != lang or self.narrator.done > len(self.game.lines):
            self.narrator = Narrator(self.game.scenario, new_game(self.game.scenario, self.game.seed), lang, self.game.human)
        self.narrator.follow(self.game.lines)
        return self.narrator

    def shown(self) -> int:
        """The action count the page sees: every action but the computer's passes in reaction windows. The engine opens
        a window only for a side holding a card that fits, so a pass the person could count would tell that the
        computer holds an Interrupt (at a table, the opponent is asked after every play)."""
        computer = f"side {1 - self.game.human}"
        return sum(1 for line in self.game.lines if not (line.actor == computer and isinstance(action_from_json(line.action), Pass)))

    def settle(self) -> bool:
        """Play the computer's answers in reaction windows at once, as part of the action that opened them: what it
        plays there (an Interrupt, a shot, a card yielded) is told in the account; a pass shows nothing. True when it
        played any."""
        played = False
        while self.game.waiting() == "computer" and self.game.state.ctx.window is not None:
            self.game.step()
            played = True
        return played

    def check(self, request: Act) -> None:
        at = self.shown()
        if request.at != at:
            raise Refusal.said(409, "web_e_stale", at=at, shown=request.at)

    def save(self) -> None:
        """The log written whole (the old one stays until the new one is complete); a failure said in one line."""
        try:
            with atomic_path(self.log) as tmp, tmp.open("w", encoding="utf-8") as handle:
                self.game.write(handle, self.log.parent)
        except OSError as exc:
            raise Refusal(507, f"cannot save the game's log {self.log}: {exc.strerror or exc}; the game goes on in memory "
                               "and is saved at the next action that can be") from None

    def decide(self, request: Act) -> None:
        self.check(request)
        choices = self.game.choices()
        if not choices:
            raise Refusal.said(409, "web_e_over" if self.game.waiting() == "over" else "web_e_not_yours")
        shown = offered(self.game.state, choices)
        if request.choice not in shown:
            raise Refusal.said(422, "web_e_choice", choice=request.choice, n=len(shown))
        self.game.decide(choices[request.choice])
        self.settle()
        self.save()

    def step(self, request: Act) -> None:
        self.check(request)
        who = self.game.waiting()
        if who not in ("chance", "computer"):
            raise Refusal.said(409, "web_e_over" if who == "over" else "web_e_no_step")
        state = self.game.state
        odds = self._odds(state) if who == "chance" else None
        line = self.game.step()
        assert line is not None
        if line.actor == "chance" and is_die(line.action):
            self.rolls.append({"line": len(self.game.lines) + 1, "roll": line.action[1], "odds": odds})
            del self.rolls[:-KEEP_ROLLS]
        self.settle()
        self.save()

    @staticmethod
    def _odds(state: GameState) -> dict[str, float] | None:
        """The odds the engine computes for the roll about to be made: an attack's (to hit, to kill, to immobilise) for
        a to-hit roll; the chance to kill for a To Kill roll, to be immobilized for a Woods roll, to lay Smoke for HE fired
        for Smoke."""
        event = state.rolls[0] if state.rolls else None
        if isinstance(event, HitRoll):
            odds = attack_odds(event.attack, state.game.fire_rules)
            return {"hit": float(odds.hit), "kill": float(odds.kill), "imm": float(odds.immobilize)}
        outcomes = state.chance_outcomes()
        if isinstance(event, KillRoll):
            return {"kill": float(sum(p for a, p in outcomes if to_kill(event.needed, state.game.fire_rules, int(a[1])) == KILL))}
        if isinstance(event, WoodsRoll):  # 8.4.1
            most = state.game.rules.movement_woods_immobilise_max_roll
            return {"woods": float(sum(p for a, p in outcomes if int(a[1]) <= most))}
        if isinstance(event, SmokeRoll):  # 9.5.1 f
            return {"smoke": float(sum(p for a, p in outcomes if to_hit(event.attack, state.game.fire_rules, int(a[1]))[0] != MISS))}
        return None

    def recount(self) -> None:
        """The dice of the game so far, as :meth:`step` keeps them, from its lines (a game resumed from its log)."""
        state = new_game(self.game.scenario, self.game.seed)
        rolls = []
        for number, line in enumerate(self.game.lines, 2):
            if line.actor == "chance" and is_die(line.action):
                rolls.append({"line": number, "roll": line.action[1], "odds": self._odds(state)})
            state.apply_action(action_from_json(line.action))
        self.rolls = rolls[-KEEP_ROLLS:]

    def dice(self, narrator: Narrator, lang: str) -> list[dict[str, Any]]:
        """The dice rolled lately, each with the account's words for it and the odds, in ``lang``."""
        out = []
        for roll in self.rolls:
            about = next((e["text"] for e in narrator.entries if e["line"] == roll["line"] and e["kind"] == "action"), "")
            odds = roll["odds"]
            if odds is None:
                said = ""
            elif "hit" in odds:
                said = t("web_odds_attack", lang, hit=_percent(odds["hit"]), kill=_percent(odds["kill"]), imm=_percent(odds["imm"]))
            else:
                kind, value = next(iter(odds.items()))
                said = t(f"web_odds_{kind}", lang, p=_percent(value))
            out.append({"roll": roll["roll"], "about": about, "odds": said})
        return out

    def undo(self, request: Act) -> None:
        self.check(request)
        try:
            self.game.undo()
        except HumanGameError:
            raise Refusal.said(409, "web_e_undo") from None
        self.rolls = [r for r in self.rolls if r["line"] <= len(self.game.lines) + 1]
        self.save()

    def opened(self, narrator: Narrator, names: list[str]) -> tuple[str, str] | None:
        """What opened the reaction window the person is in: the account's last action of this turn in words and the
        side that played it (chance's rolls are the active side's); None when the turn has told no action yet."""
        game = self.game
        if game.state.ctx.window is None:
            return None
        entry = next((e for e in reversed(narrator.entries) if e["kind"] == "action"), None)
        line = game.lines[entry["line"] - 2] if entry is not None and 2 <= entry["line"] <= len(game.lines) + 1 else None
        if entry is None or line is None or line.turn != game.state.turn:  # the turn begins: whose it is
            return "", names[game.state.active]
        side = int(line.actor[5:]) if line.actor.startswith("side ") else game.state.active
        return str(entry["text"]), names[side]

    def view(self, lang: str) -> dict[str, Any]:
        game, scenario = self.game, self.game.scenario
        self.lang = lang
        if self.settle():  # a game resumed, or a window opened at the game's start
            self.save()
        narrator = self.teller_for(lang)
        teller = narrator.teller
        at = self.shown()
        waiting = game.waiting()
        names = side_names(scenario, lang)
        state = game.state
        data: dict[str, Any] = {
            "mode": "play", "game": self.id, "at": at, "lang": lang, "waiting": waiting,
            "scenario": {"id": scenario.id, "title": scenario.title.get(lang)},
            "you": scenario.grid.sides[game.human], "agent": game.agent,
            "sides": [{"id": s, "name": n, "player": t("web_you", lang) if i == game.human else t("web_computer", lang, agent=game.agent)}
                      for i, (s, n) in enumerate(zip(scenario.grid.sides, names, strict=True))],
            "turn": t("web_turn_of", lang, n=state.turn, m=scenario.turn_limit) if scenario.turn_limit
            else t("web_turn", lang, n=state.turn),
            "active": None if waiting == "over" else t("web_playing", lang, side=names[state.active]),
            "decision": None, "can_undo": game.undo_point() is not None, "log": str(self.log),
            "rolls": self.dice(narrator, lang),
            # no log line numbers (they would count the computer's passes), no turn's heading before its first action
            "account": [{"kind": e["kind"], "text": e["text"]} for e in narrator.entries if e["line"] is not None],
            "result": None,
        }
        data.update(side_view(scenario, state, game.human, teller))
        if waiting == "human":
            data["decision"] = decision(state, game.human, at, game.choices(), teller, self.opened(narrator, names)).to_json()
        if waiting == "over":
            data["result"] = result_line(scenario, state, game.seed, game.agents, lang)
        return data


# ---------------------------------------------------------------------- a watched log
@dataclass
class WatchSession:
    id: str
    path: Path
    verified: gamelog.GameLog
    start: GameState
    checkpoints: dict[int, GameState] = field(default_factory=dict)
    narrators: dict[str, Narrator] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    size: int = 0  # the log's bytes: the logs held to watch are bounded together (MAX_WATCHED_BYTES)

    @property
    def actions(self) -> int:
        return len(self.verified.lines)

    def narrator(self, lang: str) -> Narrator:
        if lang not in self.narrators:
            narrator = Narrator(self.verified.scenario, self.start, lang, None)
            narrator.follow(self.verified.lines)
            self.narrators[lang] = narrator
        return self.narrators[lang]

    def at(self, n: int) -> GameState:
        """The position after the log's first ``n`` actions."""
        base = (n // CHECKPOINT) * CHECKPOINT
        while base > 0 and base not in self.checkpoints:
            base -= CHECKPOINT
        state = (self.checkpoints.get(base) or self.start).clone()
        for index in range(base, n):
            state.apply_action(action_from_json(self.verified.lines[index].action))
            if (index + 1) % CHECKPOINT == 0 and index + 1 not in self.checkpoints:
                self.checkpoints[index + 1] = state.clone()
        return state

    def view(self, n: int, lang: str) -> dict[str, Any]:
        if not 0 <= n <= self.actions:
            raise Refusal(404, f"action {n}: the log has actions 0 to {self.actions}")
        scenario = self.verified.scenario
        narrator = self.narrator(lang)
        state = self.at(n)
        setup = self.verified.setup
        names = side_names(scenario, lang)
        agents: tuple[str, str] = setup.agents or ("?", "?")
        data: dict[str, Any] = {
            "mode": "watch", "watch": self.id, "at": n, "actions": self.actions, "lang": lang, "log": str(self.path),
            "scenario": {"id": scenario.id, "title": scenario.title.get(lang)},
            "sides": [{"id": s, "name": names[i], "player": agents[i]} for i, s in enumerate(scenario.grid.sides)],
            "turn": t("web_turn", lang, n=state.turn), "position": t("web_action_of", lang, n=n, m=self.actions),
            "account": narrator.entries, "note": t("web_whole_truth", lang),
            # the account's line the position is at: the action just played, or the last told before it (a pass in a
            # reaction window, a halt, is not told)
            "now": max((e["line"] for e in narrator.entries if e["line"] is not None and e["line"] <= n + 1), default=1),
            "result": result_line(scenario, state, setup.seed, agents, lang) if state.is_terminal() else None,
        }
        data.update(whole_view(scenario, state, narrator.teller))
        return data


# ---------------------------------------------------------------------- the store
class Store:
    """The server's sessions, and where games are saved."""

    def __init__(self, games_dir: Path):
        self.games_dir = games_dir
        self.plays: dict[str, PlaySession] = {}
        self.watches: dict[str, WatchSession] = {}
        self.lock = threading.Lock()

    def _keep(self, table: dict[str, Any], session: Any) -> None:
        """Hold ``session``, the oldest of its kind let go past MAX_SESSIONS, or for the logs watched past
        MAX_WATCHED_BYTES of logs together (the new one is always kept)."""
        with self.lock:
            table[session.id] = session
            while len(table) > MAX_SESSIONS or (table is self.watches and len(table) > 1 and
                                                sum(w.size for w in table.values()) > MAX_WATCHED_BYTES):
                table.pop(next(iter(table)))

    def _used(self, table: dict[str, Any], key: str) -> Any:
        """The session ``key`` of ``table``, moved to the end: the one let go past MAX_SESSIONS is the one left alone
        longest, never a game being played because others were started after it."""
        with self.lock:
            session = table.pop(key, None)
            if session is not None:
                table[key] = session
        return session

    def play(self, gid: str) -> PlaySession:
        session = self._used(self.plays, gid)
        if session is None:
            raise Refusal.said(404, "web_e_no_game")
        return cast(PlaySession, session)

    def watch(self, wid: str) -> WatchSession:
        session = self._used(self.watches, wid)
        if session is None:
            raise Refusal.said(404, "web_e_no_watch")
        return cast(WatchSession, session)

    def new_game(self, request: NewGame) -> PlaySession:
        scenario = _scenario(request.scenario)
        sides = list(scenario.grid.sides)
        if request.side not in sides:
            raise Refusal.said(422, "web_e_side", side=request.side[:40], id=scenario.id, sides=" / ".join(sides))
        try:
            agent = computer_player(request.agent, scenario.id)
        except HumanGameError as exc:
            raise Refusal(422, str(exc)) from None
        try:
            game = HumanGame(scenario, request.seed, sides.index(request.side), agent)
        except (HumanGameError, ValueError) as exc:
            raise Refusal(422, f"{scenario.id} cannot be set up with seed {request.seed}: {exc}") from None
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
        log = self.games_dir / f"{scenario.id}-{request.side}-seed{request.seed}-{stamp}-{secrets.token_hex(3)}.jsonl"
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Refusal(507, f"cannot make the games folder {self.games_dir}: {exc.strerror or exc}") from None
        session = PlaySession(new_id(), game, log, request.lang)
        session.save()
        self._keep(self.plays, session)
        return session

    def saved(self) -> list[dict[str, Any]]:
        """The unfinished games of the games folder, newest first (their file names say scenario, side and seed): plain
        files only (a link, a FIFO is passed over), each told by its last line alone (the file's last TAIL_BYTES)."""
        if not self.games_dir.is_dir():
            return []
        found = []
        try:
            # the first MAX_LISTED names the folder gives: a folder of a million files costs the page no more
            with os.scandir(self.games_dir) as listing:
                for entry in itertools.islice(listing, MAX_LISTED):
                    if not entry.name.endswith(".jsonl"):
                        continue
                    try:
                        status = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISREG(status.st_mode):
                        found.append((status.st_mtime, Path(entry.path)))
        except OSError:
            return []
        out = []
        for _, path in heapq.nlargest(SAVED_SHOWN, found, key=lambda f: (f[0], f[1].name)):
            try:
                end = json_value(_tail(path).rstrip(b"\n").rsplit(b"\n", 1)[-1]).get("end")
            except (OSError, ValueError, AttributeError):
                continue
            if isinstance(end, dict) and end.get("reason") == "unfinished":
                out.append({"name": path.name, "path": str(path)})
        return out

    def _path(self, text: str) -> Path:
        path = Path(text).expanduser()
        if not path.is_absolute():  # a path a report gives (from the folder the server runs in), or a saved game's name
            path = next((p for p in (Path.cwd() / path, self.games_dir / path) if p.is_file()), path)
        if not path.is_file():
            raise Refusal.said(404, "web_e_no_log", path=text[:200])
        return path

    def _read(self, text: str) -> tuple[Path, gamelog.GameLog]:
        path = self._path(text)
        try:
            return path, gamelog.read(path)
        except gamelog.LogError as exc:
            raise Refusal(422, str(exc)) from None

    def open_game(self, path: Path) -> PlaySession | None:
        """The game held on this server whose log is ``path``, if any."""
        where = path.resolve()
        return next((s for s in list(self.plays.values()) if s.log.resolve() == where), None)

    @staticmethod
    def _savable(path: Path) -> None:
        """Refuse at once a log a resumed game could not be saved to, as every change saves it: a symbolic link
        (tcforge never writes through one), a file in a folder it cannot write."""
        try:
            check_target(path)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise Refusal(422, f"cannot resume {shown(path, 200)}: it is a symbolic link, and tcforge never writes "
                                   f"through a link, so the game could not be saved; resume the log it points to "
                                   f"({shown(path.resolve(), 200)}), or watch this one") from None
            raise Refusal(422, f"cannot resume {shown(path, 200)}: {exc.strerror or exc}") from None
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise Refusal(422, f"cannot resume {shown(path, 200)}: its folder cannot be written, so the game could not "
                               "be saved; copy the log to a folder of yours and resume the copy, or watch this one")

    def resume(self, text: str) -> PlaySession:
        self._savable(self._path(text))
        path, verified = self._read(text)
        held = self.open_game(path)
        if held is not None:  # a second game on the same log would write over the first's lines: the same game
            return held
        if list(verified.setup.agents or ()).count(HUMAN) != 1:
            raise Refusal(422, f"{path.name}: not a game a person played against the computer (watch it instead)")
        try:
            rebuild(verified)  # the set-up and every die and computer choice checked against the seed
            game = HumanGame.resume(verified)
        except gamelog.LogError as exc:
            raise Refusal(422, str(exc)) from None
        except HumanGameError as exc:
            raise Refusal(422, f"{path}: {exc}") from None
        except OutOfTime as exc:
            raise out_of_time(exc, f"playing {path.name} again from its seed") from None
        session = PlaySession(new_id(), game, path)
        session.recount()
        self._keep(self.plays, session)
        return session

    def open_log(self, text: str) -> WatchSession:
        path = self._path(text)
        held = self.open_game(path)
        if held is not None and not held.game.over():  # its log names every card: the enemy's hand, its draws
            raise Refusal.said(409, "web_e_in_play", name=path.name)
        path, verified = self._read(text)
        try:
            start = rebuild(verified)
        except gamelog.LogError as exc:
            raise Refusal(422, str(exc)) from None
        except OutOfTime as exc:
            raise out_of_time(exc, f"playing {path.name} again from its seed") from None
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        session = WatchSession(new_id(), path, verified, start, size=size)
        try:
            session.narrator("en")  # every line checked legal as it is told
        except Exception as exc:  # an illegal line: the log does not replay
            raise Refusal(422, f"{path}: the log does not replay: {exc}"[:400]) from None
        self._keep(self.watches, session)
        return session


def _tail(path: Path) -> bytes:
    """The last TAIL_BYTES of a regular file (O_NONBLOCK: a FIFO swapped in never blocks; OSError otherwise)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        os.lseek(fd, max(0, status.st_size - TAIL_BYTES), os.SEEK_SET)
        return os.read(fd, TAIL_BYTES)
    finally:
        os.close(fd)

"""Issue 51 (serve's edges): the sessions the server holds and the games folder it lists are bounded without costing
a player. Past MAX_SESSIONS the session let go is the one left alone longest (it was the oldest started, so a flood
of new games dropped a game being played); the page's list of saved games looks at MAX_LISTED files at most."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from tcforge.web import sessions
from tcforge.web.protocol import Refusal
from tcforge.web.sessions import MAX_SESSIONS, Store


@dataclass
class Held:
    id: str
    size: int = 0


def test_the_session_let_go_is_the_one_left_alone_longest(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store._keep(store.plays, Held("first"))
    for n in range(MAX_SESSIONS - 1):
        store._keep(store.plays, Held(f"g{n}"))
    assert store.play("first").id == "first"  # played on: used last now
    store._keep(store.plays, Held("newest"))  # one past the bound
    assert store.play("first").id == "first" and store.play("newest").id == "newest"
    with pytest.raises(Refusal):
        store.play("g0")  # the one left alone longest went
    assert len(store.plays) == MAX_SESSIONS


def _unfinished(path: Path, mtime: int) -> None:
    path.write_text(json.dumps({"end": {"reason": "unfinished"}}) + "\n", encoding="utf-8")
    os.utime(path, (mtime, mtime))


def test_the_saved_games_list_looks_at_a_bounded_number_of_files_newest_first(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sessions, "MAX_LISTED", 30)
    monkeypatch.setattr(sessions, "SAVED_SHOWN", 5)
    for n in range(60):
        _unfinished(tmp_path / f"game-{n:02d}.jsonl", 1_000_000 + n)
    (tmp_path / "notes.txt").write_text("not a game")
    listed = [entry["name"] for entry in Store(tmp_path).saved()]
    looked_at = sorted(e.name for e in list(os.scandir(tmp_path))[:30] if e.name.endswith(".jsonl"))
    assert len(listed) == 5 and set(listed) <= set(looked_at)  # only the first 30 names the folder gives
    assert listed == sorted(listed, key=lambda name: (tmp_path / name).stat().st_mtime, reverse=True)
    monkeypatch.setattr(sessions, "MAX_LISTED", 10_000)  # the control: all of them looked at, the newest five shown
    assert [entry["name"] for entry in Store(tmp_path).saved()] == [f"game-{n}.jsonl" for n in range(59, 54, -1)]

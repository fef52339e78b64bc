"""Issue 33, departures 2, 3 and 5: fresh greedy games of generated 001 scenarios where Wire stops a card of a
group, an opportunity shot is due in a full zone a group passes through, or cards exit with the defender holding
Wire or a Minefield, audited clean by the referee. The games were found with tools/departures_movement.py (game
``n`` is the scenario of kind meeting for even ``n``, attack for odd, with seed ``n // 2 + 1``; ``--wire`` adds two
Wire and a Minefield to each deck, as the generator buys no Wire; ``--copies 3`` three of each, so that a defender
still holds one when the attacker exits)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcforge.analysis.generate import jeff_mike
from tcforge.play.games import play_game
from tcforge.play.referee import audit_game
from tcforge.play.setup import setup, start
from tcforge.scenarios.loading import load

WIRE = "  deck:\n  - card: Wire\n    count: 2\n  - card: Minefield\n    count: 1\n"


def _audit(tmp_path: Path, game: int, *, wire: bool, copies: int = 0) -> list[str]:
    kind, seed = ("meeting" if game % 2 == 0 else "attack"), game // 2 + 1
    text = jeff_mike(f"dyo-{kind}-{seed}", year=1943, points=400, seed=seed, kind=kind)
    out = tmp_path / f"dyo-{kind}-{seed}.yaml"
    deck = WIRE if not copies else f"  deck:\n  - card: Wire\n    count: {copies}\n  - card: Minefield\n    count: {copies}\n"
    out.write_text(text.replace("  deck:\n", deck) if wire else text, encoding="utf-8")
    sc = load(str(out))
    playout, result = play_game(sc, 1, ("greedy", "greedy"))
    assert not result.error, result.error
    return audit_game(sc, start(sc, setup(sc, 1)), playout.log, f"game {game}").lines()


@pytest.mark.parametrize("game", [12, 14, 22])
def test_001_2_1_games_with_shots_due_in_full_zones_passed_through_audit_clean(tmp_path: Path, game: int) -> None:
    assert _audit(tmp_path, game, wire=False) == []


@pytest.mark.parametrize("game", [0, 20, 36, 102])  # Wire on one card; stopped in a full zone; the rest goes on; halts
def test_001_wire_games_audit_clean(tmp_path: Path, game: int) -> None:
    assert _audit(tmp_path, game, wire=True) == []


@pytest.mark.parametrize("game", [345, 1059])  # an exit met by Wire (the rest leaves); by a Minefield
def test_001_victory_conditions_break_through_exits_met_by_wire_or_a_minefield_audit_clean(tmp_path: Path, game: int) -> None:
    assert _audit(tmp_path, game, wire=True, copies=3) == []  # tools/departures_movement.py --wire --copies 3


def test_001_2_1_a_group_a_minefield_sends_back_its_way_is_no_opportunity_target(tmp_path: Path) -> None:
    """Game 26 of ``--wire --copies 3``: a Minefield breaks a group passing through a full zone; the survivors go
    back to the zone they began in (8.0). That is no move into a new zone: no opportunity shot is due there."""
    assert _audit(tmp_path, 26, wire=True, copies=3) == []

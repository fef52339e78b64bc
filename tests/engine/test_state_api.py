"""GameState's public surface is a chosen set: OpenSpiel's interface, read-only views and queries (issue 32 item 1).

A new public name fails here until it is added to one of the sets below on purpose, so the surface cannot grow
silently. ``STILL_PUBLIC_FIELDS`` is what is left of the old surface: mutable fields code outside the engine still
reaches; it shrinks, never grows. The rule helpers (destroy, place_fort, spot, ...) are the engine's own business
(underscored); the scenario layer and the odds change a position through :mod:`tcforge.engine.arrivals`.
"""
from __future__ import annotations

import typing
from collections.abc import Sequence

from tcforge.bench import kursk_state
from tcforge.engine.core import CoreState
from tcforge.engine.state import GameState

OPENSPIEL = {"current_player", "legal_actions", "apply_action", "apply_checked", "chance_outcomes", "is_terminal",
             "returns", "clone", "serialize", "deserialize", "new", "describe"}
VIEWS = {"units", "occ"}  # read-only views of the engine's own lists
QUERIES = {"controls", "captures", "face_down", "enemy", "winner", "end_reason", "half_turn", "stream", "stream_bars",
           "combat_count", "attached", "board_stamps"}  # board_stamps: which positions changed when, for the players
STILL_PUBLIC_FIELDS = {"active", "ap_shots", "arrivals", "ctx", "deck", "discard", "effects", "first", "forts", "game",
                       "hand", "history", "initiative_rolls", "outcome", "phase", "rolls",
                       "scenario_setup", "smoke", "spotted", "streams", "supply", "terrain", "turn",
                       "unclaimed", "water"}


def public_names() -> set[str]:
    return {name for name in dir(kursk_state(0)) if not name.startswith("_")}


def test_the_public_surface_of_game_state_is_the_intended_set() -> None:
    intended = OPENSPIEL | VIEWS | QUERIES | STILL_PUBLIC_FIELDS
    names = public_names()
    assert names - intended == set(), "a new public name: add it to a set above on purpose, or make it private"
    assert intended - names == set(), "a name left the surface: take it out of its set"


def test_units_and_occ_are_read_only_views_typed_as_sequences() -> None:
    for name in VIEWS:
        prop = getattr(CoreState, name)
        assert isinstance(prop, property) and prop.fset is None and prop.fdel is None
        returned = typing.get_type_hints(prop.fget)["return"]
        assert typing.get_origin(returned) is Sequence  # mypy refuses state.units.append(...) outside the engine
    state = kursk_state(0)
    assert state.units is state._units and state.occ is state._occ  # the same lists: a view costs nothing
    copy = state.clone()
    assert copy.units is not state.units and copy.serialize() == state.serialize()
    back = GameState.deserialize(state.game, state.serialize())
    assert back.serialize() == state.serialize()


# Code outside the engine may read the state's fields but never change them (a state by any name ending in
# 'state': state, self.state, new_state): a position changes by an action, or by
# one of tcforge/engine/arrivals.py's functions (set-up, reinforcements, the odds' two-card positions). The one slot
# the engine keeps for others is ``scenario_setup``, the play layer's record of the set-up, which the engine never reads.
_MUTATION = __import__("re").compile(
    r"\b\w*state\.(?!scenario_setup\b)([a-z_]+)(\[[^\]]*\])*\s*(=(?!=)|\+=|-=)"
    r"|\b\w*state\.(?!scenario_setup\b)([a-z_]+)(\[[^\]]*\])*\.(append|pop|remove|add|extend|clear|update|discard|insert)\(")


def outside_mutations(source: str) -> list[str]:
    return [line.strip() for line in source.splitlines() if _MUTATION.search(line)]


def test_no_code_outside_the_engine_changes_the_state_fields_directly() -> None:
    from pathlib import Path

    import tcforge
    package = Path(tcforge.__file__).resolve().parent
    found = {str(path.relative_to(package)): hits for path in sorted(package.rglob("*.py"))
             if "engine" not in path.relative_to(package).parts[:1]
             and (hits := outside_mutations(path.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_mutation_scan_sees_an_assignment_and_a_mutating_call() -> None:
    assert outside_mutations("    state.smoke[3] = 1\n    state.units.append(u)\n    x = state.turn == 2\n") == [
        "state.smoke[3] = 1", "state.units.append(u)"]
    assert outside_mutations("    new_state.turn = 3\n    self.state.hand[0].append(c)\n") == [  # any name of a state
        "new_state.turn = 3", "self.state.hand[0].append(c)"]
    assert outside_mutations("    state.scenario_setup = record\n    n = state.hand[0]\n") == []


def test_the_stacks_of_the_battlefield_change_only_through_the_cores_primitives() -> None:
    """Issue 52 point 4: a card's place is said twice (its ``pos`` and the stacks ``_occ``); rule modules changed the
    stacks by hand in six places. Now only tcforge/engine/core.py's primitives (``_enter``, ``_leave``,
    ``_relocate``, ``_discard_card``, ...) change them; the rule modules read them."""
    import ast
    from pathlib import Path

    import tcforge.engine as engine
    changes = []
    for path in sorted(Path(engine.__file__).parent.glob("*.py")):
        if path.name == "core.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("append", "remove", "insert", "pop", "clear", "extend") \
                    and "_occ[" in ast.unparse(node.func.value):
                changes.append(f"{path.name}:{node.lineno}")
    assert changes == []

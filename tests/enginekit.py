"""Small positions for engine tests: a board, some cards placed by name, scripted dice."""
from __future__ import annotations

from typing import Any

from tcforge.data.dataset import load_data
from tcforge.engine.game import Game
from tcforge.engine.state import CHANCE, GameState


def make(placements: dict[int, list[tuple[str, Any]]], *, ruleset: str | None = None, terrain: dict[Any, str] | None = None,
         columns: int = 5, ranks: int = 2, overrides: dict[str, Any] | None = None, **options: Any) -> GameState:
    """A game with side 0 to play first; positions are labels like "c2" or RESERVE; cards by name."""
    data = load_data(ruleset)
    game = Game.create(data, columns=columns, ranks_per_side=ranks, overrides=overrides, **options)
    labels = {game.board.label(p): p for p in range(game.board.size)}
    forces = {side: [(data.cards.get(name, nation=None if name in NEUTRAL else NATION[side]).id,
                      where if isinstance(where, int) else labels[where]) for name, where in cards]
              for side, cards in placements.items()}
    tmap = {labels[k]: data.cards.get(v).id for k, v in (terrain or {}).items()}
    return GameState.new(game, forces, terrain=tmap, first_player=0, initial_hand=0)


NATION = {0: "german", 1: "soviet"}
NEUTRAL: set[str] = set()


def pos(state: GameState, label: str) -> int:
    return next(p for p in range(state.game.board.size) if state.game.board.label(p) == label)


def uid(state: GameState, name: str, side: int | None = None, n: int = 0) -> int:
    found = [u.uid for u in state.units if (u.profile.name == name
                                            or name in state.game.data.cards.get(u.profile.card_id).printed.get("aliases", []))
             and (side is None or u.side == side)]
    return found[n]


def roll(state: GameState, *values: int) -> None:
    """Answer the pending chance events with these die results, in order."""
    for value in values:
        assert state.current_player() == CHANCE, state.describe()
        state.apply_checked(("d10", value))


def pass_window(state: GameState) -> None:
    """The other side lets the play go on (when it holds an Interrupt that could answer)."""
    if state.ctx.window is not None:
        state.apply_checked(("pass",))


def start_one_card_move(state: GameState, label: str, name: str) -> None:
    """Begin a move from ``label`` with the card ``name`` (picked if the engine asks which cards go)."""
    state.apply_checked(("move", pos(state, label)))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", uid(state, name)))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))

"""Issue 12 (rules fidelity), fire and melee: each test names the rule case it checks against the engine."""
from __future__ import annotations

from tcforge.analysis.odds import setup as odds_setup
from tcforge.data.dataset import load_data
from tcforge.engine.core import Fort

from enginekit import make, pos, roll, uid


def test_11_0_foxholes_of_an_odds_position_are_a_typed_fort_and_go_when_their_infantry_goes() -> None:
    data = load_data()
    state, _, target = odds_setup(data, data.cards.get("PzKw IV H"), data.cards.get("Soviet Line Squad"), "short",
                                  "Foxholes", False)
    fort = state.forts[state.units[target].pos]
    assert isinstance(fort, Fort) and fort.side == 1 and fort.card_id == data.cards.get("Foxholes").id
    assert state.units[fort.uid].profile.card_id == fort.card_id
    where = state.units[target].pos
    state.destroy(target)  # 11.0: the Foxholes go with the last squad of their side
    assert state.forts[where] is None and fort.uid in state.discard[1]

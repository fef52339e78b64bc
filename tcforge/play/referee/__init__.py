"""The referee (``tcforge scenario audit``): a game log re-checked against the rules, with its own rule code.

The log's actions are replayed through the engine's state transitions (they give the dice's consequences), but
every decision is judged by this package's own reading of the rule text (source 000 and, for its rulesets,
source 001's house rules), so the engine and the referee can disagree: a clean audit means the rules were kept.
The referee imports the engine's state, board, actions and values only, never a rule module (movement, fire,
melee, opportunity, spotting, breakthrough).

One module per rule area, each listing in its docstring the rule cases it judges (:data:`CASES` gathers them;
``tcforge scenario audit --cases`` prints them):

- :mod:`.supply_and_plays`: Supply, plays, stacking, the hand, arrivals (4.0, 5.0, 6.3, 6.4, 20.0);
- :mod:`.setup_and_arrivals`: the set-up and arrivals their owners place (6.2, 8.5, 8.6.1, 10.0);
- :mod:`.movement`: steps, pace, stops, the way out of a melee (5.0 a, 8.x, 9.3.2, 10.0, 11.0);
- :mod:`.fire`: ranged fire (5.0 b, 8.6, 9.1, 9.2, 001 ranged fire and melee);
- :mod:`.opportunity`: 001 2.0-2.2 opportunity fire, with a shot due but not offered;
- :mod:`.spotting`: 001 1.0-1.9 hidden units, what each side may know;
- :mod:`.mines_and_wire`: 001 Minefields and Wire (its stop, its discard);
- :mod:`.melee`: 10.0 rounds and target priorities, 001's declared procedure and vehicles against infantry;
- :mod:`.victory_and_control`: 16.0 control, 001 captures, 20.0 holding, judged by :mod:`tcforge.play.victory`;
- :mod:`.breakthrough`: 001's break-through exit, its reaction window and payment;
- :mod:`.core`: the replay loop and the entry points below.
"""
from __future__ import annotations

from tcforge.play.referee.base import Audit, Case, Violation
from tcforge.play.referee.breakthrough import CASES as BREAKTHROUGH
from tcforge.play.referee.core import Referee, audit_game, audit_json, audit_log
from tcforge.play.referee.fire import CASES as FIRE
from tcforge.play.referee.melee import CASES as MELEE
from tcforge.play.referee.mines_and_wire import CASES as MINES_AND_WIRE
from tcforge.play.referee.movement import CASES as MOVEMENT
from tcforge.play.referee.opportunity import CASES as OPPORTUNITY
from tcforge.play.referee.setup_and_arrivals import CASES as SETUP_AND_ARRIVALS
from tcforge.play.referee.spotting import CASES as SPOTTING
from tcforge.play.referee.supply_and_plays import CASES as SUPPLY_AND_PLAYS
from tcforge.play.referee.victory_and_control import CASES as VICTORY_AND_CONTROL

# every rule case the referee judges, by rule area ("log" and "engine" name a log's or the engine's own failure)
CASES: tuple[Case, ...] = (*SUPPLY_AND_PLAYS, *SETUP_AND_ARRIVALS, *MOVEMENT, *FIRE, *OPPORTUNITY, *SPOTTING, *MINES_AND_WIRE, *MELEE,
                           *VICTORY_AND_CONTROL, *BREAKTHROUGH)

__all__ = ["CASES", "Audit", "Case", "Referee", "Violation", "audit_game", "audit_json", "audit_log"]

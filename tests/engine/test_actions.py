"""Actions and chance events are typed values whose JSON list form is the one logs have always held."""
from __future__ import annotations

import json
import pickle

import pytest

from tcforge.engine.actions import (
    ACTION_TYPES,
    D10,
    EVENT_TYPES,
    Action,
    Assign,
    CardDrawn,
    ChooseMelee,
    Discard,
    Done,
    Draw,
    DrawEvent,
    Drop,
    End,
    Equip,
    Exit,
    Fire,
    Fortify,
    Go,
    Halt,
    HitRoll,
    Hold,
    InitiativeRoll,
    Interrupt,
    KillRoll,
    Load,
    MalformedActionError,
    Move,
    Pass,
    Pick,
    Place,
    PlayCard,
    Shoot,
    Smoke,
    SmokeRoll,
    Step,
    Target,
    Together,
    Tow,
    Transfer,
    Unstack,
    WoodsRoll,
    Yield,
    action_from_json,
    event_from_json,
    event_to_json,
)
from tcforge.engine.attacks import Attack

ONE_OF_EACH: list[tuple[Action, list[object]]] = [
    (End(), ["end"]), (Draw(), ["draw"]), (Move(7), ["move", 7]), (Exit(12, 3, 4), ["exit", 12, 3, 4]),
    (Fire(2), ["fire", 2]), (PlayCard(9), ["play", 9]), (PlayCard(9, 4, "smoke"), ["play", 9, 4, "smoke"]),
    (Interrupt(5), ["interrupt", 5]), (Interrupt(5, 11), ["interrupt", 5, 11]), (Interrupt(5, 1, 2), ["interrupt", 5, 1, 2]),
    (Fortify(6, 3), ["fortify", 6, 3]), (Equip(8, 1), ["equip", 8, 1]), (Drop(8), ["drop", 8]), (Pick(1), ["pick", 1]),
    (Load(2, 3), ["load", 2, 3]), (Tow(2, 3), ["tow", 2, 3]), (Together(4, 1), ["together", 4, 1]),
    (Transfer(8, 2), ["transfer", 8, 2]), (Go(), ["go"]), (Step(-1), ["step", -1]), (Halt(), ["halt"]),
    (Shoot(1, 2, "at"), ["shoot", 1, 2, "at"]), (Shoot(1, 2, "at", 9), ["shoot", 1, 2, "at", 9]),
    (Target(1, 2, "sa"), ["target", 1, 2, "sa"]), (Target(1, 2, "ft", 9), ["target", 1, 2, "ft", 9]),
    (Smoke(1, 6), ["smoke", 1, 6]), (Done(), ["done"]), (ChooseMelee(6), ["melee", 6]), (Hold(1), ["hold", 1]),
    (Discard(3), ["discard", 3]), (Unstack(3), ["unstack", 3]), (Pass(), ["pass"]), (Yield(3), ["yield", 3]),
    (Place(4, 7), ["place", 4, 7]), (Assign(8, 2), ["assign", 8, 2]),
    (CardDrawn(3), ["card", 3]), (CardDrawn(None), ["card", None]), (D10(10), ["d10", 10]),
]


def test_every_action_kind_has_an_example_here() -> None:
    assert {type(a) for a, _ in ONE_OF_EACH} == set(ACTION_TYPES)


@pytest.mark.parametrize(("action", "form"), ONE_OF_EACH, ids=lambda x: repr(x))
def test_each_action_round_trips_through_its_json_list_byte_for_byte(action: Action, form: list[object]) -> None:
    assert action.to_json() == form
    assert json.dumps(action.to_json()) == json.dumps(form)  # the bytes a log line holds
    back = action_from_json(json.loads(json.dumps(form)))
    assert type(back) is type(action) and back == action and hash(back) == hash(action)
    assert action == tuple(form)  # legal-action membership and dictionary keys work with a log's list as well
    assert repr(action) == repr(tuple(form))  # text that showed an action reads as before
    copy = pickle.loads(pickle.dumps(action))  # process pools send actions
    assert type(copy) is type(action) and copy == action


def test_fields_are_read_by_name() -> None:
    shot = Shoot(1, 2, "he", 9)
    assert (shot.firer, shot.target, shot.fire, shot.item) == (1, 2, "he", 9)
    assert Shoot(1, 2, "he").item == -1 and Interrupt(5, 1, 2).target == (1, 2) and Exit(12, 3, 4).cards == (3, 4)


def test_actions_cannot_be_changed() -> None:
    shot = Shoot(1, 2, "at")
    with pytest.raises(AttributeError):
        shot.firer = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        shot.extra = 3  # type: ignore[attr-defined]  # slotted: no instance dictionary
    with pytest.raises(TypeError):
        shot[1] = 3  # type: ignore[index]


@pytest.mark.parametrize("raw", [["teleport", 3], ["shoot", 1, 2], ["shoot", 1, 2, "at", 9, 9], ["end", 1], ["move"],
                                 ["exit", 3], [], "end", [7, 1], {"kind": "end"}])
def test_an_unknown_kind_or_a_wrong_length_is_refused_with_a_clear_error(raw: object) -> None:
    with pytest.raises(MalformedActionError, match="action"):
        action_from_json(raw)  # type: ignore[arg-type]


EVENTS = [DrawEvent(1), InitiativeRoll(0), WoodsRoll(4), SmokeRoll(Attack("smoke", 6, 2), 3, 5),
          HitRoll(Attack("at", 5, 1, True, True, 12, 8, 6), 3, 7, False), KillRoll(Attack("he", 5, 0), -1, 7, True, 8)]


def test_every_chance_event_round_trips_through_its_json_form() -> None:
    assert {type(e) for e in EVENTS} == set(EVENT_TYPES)
    for event in EVENTS:
        raw = json.loads(json.dumps(event_to_json(event)))
        back = event_from_json(raw)
        assert type(back) is type(event) and back == event
    with pytest.raises(MalformedActionError):
        event_from_json(["roll", 3])

"""Special cards in the engine (11.0-12.2, 9.5.1, 9.6.1) and the card status list."""
from __future__ import annotations

import ast

from enginekit import make, pos, roll, uid
from tcforge.data.dataset import load_data
from tcforge.engine.board import RESERVE
from tcforge.engine.cards import EFFECTS
from tcforge.engine.fire import build_attack


def test_9_6_1_coordination_is_free_and_gives_a_third_supply_point() -> None:
    state = make({0: [("Coordination", RESERVE), ("PzKw IV H", "c1")], 1: [("T-34 M41", "e4")]})
    card = uid(state, "Coordination")
    assert state.supply == 2
    state.apply_checked(("play", card))
    assert state.supply == 3 and card in state.discard[0]
    assert not any(a[0] == "play" for a in state.legal_actions())


def test_9_5_1_e_artillery_barrage_fires_for_effect_or_places_smoke() -> None:
    state = make({0: [("Artillery Barrage", RESERVE), ("Artillery Barrage", RESERVE), ("PzKw IV H", "a1")],
                  1: [("T-34 M41", "c3"), ("Soviet Line Squad", "c3")]}, terrain={"c3": "Woods"})
    first, second = uid(state, "Artillery Barrage", 0, 0), uid(state, "Artillery Barrage", 0, 1)
    c3 = pos(state, "c3")
    state.apply_checked(("play", first, c3, "ffe"))
    assert state.supply == 1  # an Instant costs a Supply point (5.0 c)
    attacks = {e[3]: e[1] for e in state.rolls}
    tank, squad = uid(state, "T-34 M41"), uid(state, "Soviet Line Squad")
    assert attacks[tank].on_hit == "immobilize" and attacks[tank].modifier == 1  # Woods Art +1 against armor
    assert attacks[squad].on_hit == "kill" and attacks[squad].modifier == 0  # 0 against non-armor (unified table)
    roll(state, 1, 9)
    assert state.units[tank].immobilized and state.units[squad].pos == c3
    state.apply_checked(("play", second, c3, "smoke"))
    assert state.smoke[c3] >= 0


def test_tank_ace_improves_anti_tank_rolls_by_one() -> None:
    state = make({0: [("Tank Ace", RESERVE), ("PzKw IV H", "c2")], 1: [("T-34 M41", "c3")]})
    tank, target = uid(state, "PzKw IV H"), uid(state, "T-34 M41")
    before = build_attack(state, state.units[tank], state.units[target], "at").modifier
    state.apply_checked(("play", uid(state, "Tank Ace"), tank))
    assert build_attack(state, state.units[tank], state.units[target], "at").modifier == before - 1


def test_9_3_1_flank_shot_card_makes_the_next_shot_strike_side_armor() -> None:
    """The PzKw III L's 8 penetration against the T-34 M41's 9 front and 6 side armour: after a hit (a 4, not a
    halving roll) the To Kill roll needed is the side armour's (8 - 6 = 2 over: kill on 6 or less), where the same
    shot without the card strikes the front (1 under: kill on 3 or less), as the ruleset's table gives them."""
    needed = {}
    for card in (True, False):
        state = make({0: [("Flank Shot", RESERVE), ("PzKw III L", "c2")], 1: [("T-34 M41", "c3")]})
        if card:
            state.apply_checked(("play", uid(state, "Flank Shot")))
        state.apply_checked(("fire", pos(state, "c2")))
        state.apply_checked(("shoot", uid(state, "PzKw III L"), uid(state, "T-34 M41"), "at"))
        roll(state, 4)  # a hit, not a natural flank roll (1) nor a Flank Shot's halving roll
        kill = state.rolls[0]
        assert kill[0] == "kill", state.rolls
        needed[card] = kill[-1]
        rules, attack = state.game.fire_rules, kill[1]
        assert (attack.penetration, attack.armor_front, attack.armor_side) == (8, 9, 6)
        assert needed[card] == rules.kill_number(8 - (6 if card else 9))
    assert needed == {True: 6, False: 3}


def test_11_0_foxholes_placed_free_at_the_start_of_the_play_and_removed_when_infantry_leaves() -> None:
    state = make({0: [("Foxholes", RESERVE), ("German Line Squad", "c1")], 1: [("T-34 M41", "e4")]})
    card, squad, c1 = uid(state, "Foxholes"), uid(state, "German Line Squad"), pos(state, "c1")
    state.apply_checked(("fortify", card, c1))
    assert state.forts[c1] == (0, 18, card) and state.supply == 2
    state.apply_checked(("move", c1))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("pick", squad))
    if state.ctx.move is not None and state.ctx.move.stage == "pick":
        state.apply_checked(("go",))
    state.apply_checked(("step", pos(state, "c2")))
    assert state.forts[c1] is None and card in state.discard[0]


def test_12_2_repair_removes_an_immobilisation() -> None:
    state = make({0: [("Repair", RESERVE), ("PzKw IV H", "c2")], 1: [("T-34 M41", "e4")]})
    tank = uid(state, "PzKw IV H")
    state.units[tank].immobilized = True
    state.apply_checked(("interrupt", uid(state, "Repair"), tank))
    assert not state.units[tank].immobilized and state.supply == 2


def test_every_special_card_has_an_entry_with_a_status() -> None:
    data = load_data()
    special = [c for c in data.cards if c.type in ("special", "air_artillery", "ultra_rare")]
    assert {c.id for c in special} <= set(EFFECTS)
    assert {e.status for e in EFFECTS.values()} <= {"implemented", "partial", "missing"}


def test_rules_cards_lists_every_card_and_its_status(cli) -> None:
    code, stdout, _ = cli("rules", "cards", "--format", "json")
    import json
    rows = json.loads(stdout)
    assert code == 0 and len(rows) == 166
    assert {r["status"] for r in rows if r["type"] == "vehicle"} == {"implemented"}
    assert next(r for r in rows if r["id"] == 120)["status"] == "implemented"


def test_rules_coverage_lists_every_case_from_4_to_17(cli) -> None:
    import json
    code, stdout, _ = cli("rules", "coverage", "--format", "json")
    rows = json.loads(stdout)
    cases = {r["case"] for r in rows}
    assert code == 0 and {"4.0", "9.3.1", "10.0", "16.0", "17.9"} <= cases and "18.0" not in cases
    row = next(r for r in rows if r["case"] == "9.3.2")
    assert row["status"] == "implemented and tested" and any("9_3_2" in t for t in row["tests"])


def code_strings(source: str) -> set[str]:
    """The string constants of Python ``source`` that code uses: not its docstrings, and never its comments (which
    the parser drops), so that a parameter named only in a comment or a docstring is not counted as read."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings}


def test_every_rule_parameter_is_read_by_the_code_or_refused_when_changed() -> None:
    """A variant changing a parameter must change the game: each one is read by code somewhere (its name a string the
    code uses, not a word of a comment or a docstring), or fixed (refused)."""
    from conftest import ROOT
    from tcforge.engine.game import FIXED
    used = set().union(*(code_strings(p.read_text(encoding="utf-8")) for folder in ("engine", "analysis", "scenarios")
                         for p in (ROOT / "tcforge" / folder).glob("*.py")))
    unread = [name for name in load_data().ruleset.params if name not in used and name not in FIXED]
    assert unread == []


def test_a_parameter_named_only_in_a_comment_or_a_docstring_is_not_read() -> None:
    source = "\n".join(['"""Reads "fire.max_range"."""', '# "melee.procedure"', "def f(p):",
                        '    """Uses "hmg.enabled"."""', '    return p["turn.hand_limit"]', ""])
    assert code_strings(source) == {"turn.hand_limit"}


def test_a_fixed_parameter_with_another_value_is_refused() -> None:
    import pytest

    from tcforge.engine.game import Game
    with pytest.raises(ValueError, match=r"fire\.ft_melee_only"):
        Game.create(load_data(), overrides={"fire.ft_melee_only": False})


def test_cards_interpretations_off_leaves_interpreted_cards_in_hand() -> None:
    state = make({0: [("Sniper", RESERVE), ("Flank Shot", RESERVE), ("German Line Squad", "c2")],
                  1: [("Soviet Line Squad", "c4")]}, overrides={"cards.interpretations": False})
    played = {state.units[a[1]].profile.name for a in state.legal_actions() if a[0] == "play"}
    assert played == {"Flank Shot"}  # the Sniper's effect is the project's reading


def test_10_0_melee_terrain_all_gives_the_position_terrain_in_melee() -> None:
    from tcforge.engine.melee import melee_attack
    for rule, extra in (("fortifications_only", 0), ("all", 3)):
        state = make({0: [("German Line Squad", "c3")], 1: [("Soviet Line Squad", "c3")]}, terrain={"c3": "Woods"},
                     overrides={"melee.terrain": rule})
        attack = melee_attack(state, state.units[0], state.units[1], "sa")
        assert attack.modifier == extra


def test_rules_coverage_params_lists_what_each_variant_changes(cli) -> None:
    import json
    code, stdout, _ = cli("rules", "coverage", "--params", "--format", "json")
    rows = {r["parameter"]: r for r in json.loads(stdout)}
    assert code == 0 and rows["turn.hand_limit"]["changed_by"] == ["six-pack-1997"]
    assert rows["fire.flank_result"]["status"] == "read by the code" and rows["stacking.check"]["status"].startswith("fixed")
    assert not [name for name, r in rows.items() if r["status"] == "missing"]

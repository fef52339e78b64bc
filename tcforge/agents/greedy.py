"""The greedy player: one decision ahead.

The greedy player looks one decision ahead with the engine's exact odds: it
fires where the expected damage is highest, moves its cards towards the
positions its side must take or hold, plays the cards whose effect it can
judge (artillery on the fattest target, Smoke when outnumbered in a melee,
every cancelling Interrupt), and otherwise saves its Supply points.

It keeps what it has: it moves cards off a position over the stacking limits
before its turn ends, and off the positions its next reinforcements arrive on
(6.3, 20.0 rule 5); a card that alone holds a goal stays; a vehicle goes round
Woods (8.4.1). Where a given turn decides (Hill 621) its rear marches earlier;
where taking the goals wins at once, a side stronger on the table marches
sooner; in the game's last turn only the goals count, for moves and for fire.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from tcforge.agents.questions import questions
from tcforge.data.card_ids import (
    BREAKDOWN,
    BRIDGE,
    CONFUSION,
    COORDINATION,
    FIRE_SUPPORT,
    FORD,
    MINE_DOGS,
    PANZERFAUST,
    REINFORCEMENTS,
    REPAIR,
    SMOKE,
    SNIPER,
    TANK_BUSTER,
    WOODS,
)
from tcforge.engine import attachments, breakthrough, fire, melee, movement
from tcforge.engine.actions import (
    Assign,
    ChooseMelee,
    Discard,
    Done,
    Draw,
    End,
    Equip,
    Exit,
    Fire,
    Fortify,
    Go,
    Halt,
    Interrupt,
    Load,
    Move,
    Pass,
    Pick,
    PlayCard,
    Shoot,
    Step,
    Target,
    Together,
    Tow,
    Unstack,
    Yield,
)
from tcforge.engine.attacks import attack_odds
from tcforge.engine.board import RESERVE
from tcforge.engine.changes import BoardStamps
from tcforge.engine.context import BreakThrough, Entry, MeleeStart, Phase
from tcforge.engine.movement import riders
from tcforge.engine.observation import determinize
from tcforge.engine.placing import over_limits, piece_of, stack_of
from tcforge.engine.state import Action, GameState


def value(state: GameState, uid: int) -> float:
    """What a card is worth to the greedy player: its points (at least 5)."""
    return float(max(state.units[uid].profile.points, 5))


def goals(state: GameState, side: int) -> tuple[int, ...]:
    """The positions a side wants: its scenario's victory positions, else the enemy's rear rank (16.0)."""
    rules = questions(state)
    if rules is not None:
        mine = rules.goals(side)
        if mine:
            return mine
        theirs = rules.goals(1 - side)  # a defender with no condition of its own holds what the enemy wants
        if theirs:
            return theirs
    return state.game.board.rear_rank(1 - side)


_KILLS: dict[int, tuple[Any, Any, float, float]] = {}  # id(attack) -> (attack, rules, kill, immobilize)


def _kill_immobilize(attack: Any, rules: Any) -> tuple[float, float]:
    """The attack's kill and immobilise chances, remembered by the attack object (the engine makes one object for all
    equal ranged attacks, and hashing an attack is dear): the entry holds the attack, so its id stays its own."""
    entry = _KILLS.get(id(attack))
    if entry is not None and entry[0] is attack and entry[1] is rules:
        return entry[2], entry[3]
    kill, immobilize = _odds(attack, rules)
    if len(_KILLS) >= 65536:
        _KILLS.clear()
    _KILLS[id(attack)] = (attack, rules, kill, immobilize)
    return kill, immobilize


@lru_cache(maxsize=65536)
def _odds(attack: Any, rules: Any) -> tuple[float, float]:
    odds = attack_odds(attack, rules)
    return float(odds.kill), float(odds.immobilize)


def _expected(state: GameState, attack: Any, target: int) -> float:
    kill, immobilize = _kill_immobilize(attack, state.game.fire_rules)
    worth = value(state, target)
    return kill * worth + immobilize * worth * 0.3


def _best_shot(state: GameState, uid: int, last: bool = False,
               shots: list[tuple[int, str, int, Any]] | None = None) -> tuple[float, Action | None]:
    """The card's best shot and its expected damage (``last``: weighed as in the last turn, :func:`_final_weight`;
    ``shots``: the card's :func:`fire.shot_attacks`, when the caller has them)."""
    units = state.units
    unit = units[uid]
    rules = state.game.fire_rules
    best_score, best = 0.0, None
    kills = _KILLS
    if shots is None:
        shots = fire.shot_attacks(state, unit)
    for target, kind, eq, attack in shots:  # fire.shots with their attacks
        victim = units[target]
        # _expected(state, attack, target), its calls inlined (the same sums in the same order)
        entry = kills.get(id(attack))
        if entry is not None and entry[0] is attack and entry[1] is rules:
            kill, immobilize = entry[2], entry[3]
        else:
            kill, immobilize = _kill_immobilize(attack, rules)
        worth = float(max(victim.profile.points, 5))
        score = kill * worth + immobilize * worth * 0.3
        if last:
            score *= _final_weight(state, target)
        if score > best_score:
            best_score, best = score, (target, kind, eq)
    if best is None:
        return (0.0, None)
    return (best_score, Shoot(uid, *best))


def _kept_best_shot(state: GameState, uid: int, last: bool, stamps: BoardStamps, tick: int) -> float:
    """``_best_shot(state, uid, last)[0]``, kept from an earlier decision while the card's shots are the same
    (:func:`_still_kept`); ``tick``: this decision's refresh of ``stamps``."""
    unit = state.units[uid]
    key = ("best shot", uid, last)
    kept = stamps.kept.get(key)
    if kept is not None and _still_kept(state, unit, stamps, kept):
        return float(kept[4])
    score = _best_shot(state, uid, last, _kept_shots(state, unit, stamps, tick))[0]
    stamps.kept[key] = (tick, unit.pos, unit.equipment, state.ap_shots.get(str(uid), 0), score)
    return score


def _kept_shots(state: GameState, unit: Any, stamps: BoardStamps, tick: int) -> list[tuple[int, str, int, Any]]:
    """``fire.shot_attacks(state, unit)``, kept from an earlier decision while they are the same
    (:func:`_still_kept`; the list is not to be changed)."""
    key = ("shots", unit.uid)
    kept = stamps.kept.get(key)
    if kept is not None and _still_kept(state, unit, stamps, kept):
        shots: list[tuple[int, str, int, Any]] = kept[4]
        return shots
    shots = fire.shot_attacks(state, unit)
    stamps.kept[key] = (tick, unit.pos, unit.equipment, state.ap_shots.get(str(unit.uid), 0), shots)
    return shots


def _still_kept(state: GameState, unit: Any, stamps: BoardStamps, kept: tuple[Any, ...]) -> bool:
    """Whether what ``kept`` (the refresh it was worked out at, the firer's position, equipment and anti-tank shots
    fired, then the answer) says of the firer's shots holds still: the shots read only those (Limited AP: 20.0), and
    the enemy cards (where they stand, who rides), Smoke, terrain and fortifications of its position and of every
    position in range, where its targets stand and its lines of sight run (the stamps of
    :mod:`~tcforge.engine.changes`). Its own side's cards count only where melees and ranged fire stay apart (001):
    they may keep it from firing there. The rules, the scenario and the cards' profiles are the game's and do not
    change."""
    when, at = kept[0], kept[1]
    if at != unit.pos or kept[2] != unit.equipment or kept[3] != state.ap_shots.get(str(unit.uid), 0):
        return False
    if stamps.around(1 - unit.side, at) > when:
        return False
    return not state.game.rules.fire_melee_excludes_ranged or stamps.around(unit.side, at) <= when


def overstacked(state: GameState, pos: int, side: int) -> bool:
    """The side has more cards at ``pos`` than the stacking limits allow (6.3); only arrivals come to stand there
    (20.0 rule 5), and whatever is still there at the turn's end is eliminated."""
    if pos < 0:
        return False
    combat, trucks = state.combat_count(pos, side)
    rules = state.game.rules
    return combat > rules.stacking_combat_cards or trucks > rules.stacking_trucks


def unstack_loss(state: GameState, pos: int, side: int) -> float:
    """The worth of the cards the side would lose at ``pos`` if the turn ended now (6.3): as many as it has over each
    limit, the cheapest (:mod:`~tcforge.engine.state` lets the owner choose, and the greedy player gives the least)."""
    rules = state.game.rules
    combat = sorted(value(state, u) for u in state.occ[pos][side]
                    if state.units[u].profile.combat and not state.units[u].profile.truck)
    trucks = sorted(value(state, u) for u in state.occ[pos][side] if state.units[u].profile.truck)
    # two names, not one expression: mypyc types a float sum inside a + as int and raises TypeError
    lost = sum(combat[:max(0, len(combat) - rules.stacking_combat_cards)])
    lost_trucks = sum(trucks[:max(0, len(trucks) - rules.stacking_trucks)])
    return lost + lost_trucks


def final_turn(state: GameState) -> bool:
    """The game's last turn (its turn limit): only who holds the goals at its end still counts (Hill 621's condition
    is checked at the end of turn 16, 20.0; a game without a condition there ends with the default winner)."""
    limit = state.game.turn_limit
    return limit is not None and state.turn >= limit


def arrivals_next_turn(state: GameState, side: int) -> tuple[int, ...]:
    """Where the side's reinforcements of the next game turn arrive on the table (none without a scenario)."""
    rules = questions(state)
    return rules.arrival_spots(side, state.turn + 1) if rules is not None else ()


def open_goals(state: GameState, side: int) -> tuple[int, ...]:
    """The goal positions the side does not control yet (all of them once it controls every one)."""
    targets = goals(state, side)
    remaining = tuple(p for p in targets if not state.controls(p, side))
    return remaining or targets


def _distance_to_goal(state: GameState, pos: int, targets: tuple[int, ...]) -> int:
    board = state.game.board
    nearest = board.nearest(targets)
    if pos == RESERVE:
        return 1 + min(nearest[p] for p in board.rear_rank(state.active))
    return nearest[pos]


_DONE, _PASS, _END, _GO, _HALT = Done(), Pass(), End(), Go(), Halt()

# how a player likes a step (state, unit, at, to, targets) -> score, 0 or less not worth it: greedy's is _step_score;
# the commander (:mod:`.commander`) passes its own, which adds its doctrine's gates
StepScore = Callable[[GameState, Any, int, int, tuple[int, ...]], float]


def greedy_policy(state: GameState, rng: random.Random) -> Action:
    """The greedy choice. With hidden units (001 1.0) it decides on a position dealt from what its side
    knows (:func:`~tcforge.engine.observation.determinize`), never on the enemy's face-down cards themselves;
    the legal actions are the same in both, as the engine never lets them depend on a hidden card."""
    if state.game.rules.hidden_units and len(state.legal_actions()) > 1:
        action = _decide(determinize(state, state.current_player(), rng), rng)
        # a guard, never met in play (the legal lists agree): fall back on a choice that reads nothing hidden
        return action if action in state.legal_actions() else state.legal_actions()[0]
    return _decide(state, rng)


def _decide(state: GameState, rng: random.Random) -> Action:
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if state.ctx.window is not None:
        return _window(state, actions)
    phase = state.phase
    if phase == Phase.PLAY:
        return _play(state, actions, rng)
    if phase == Phase.MOVE:
        return _move(state, actions, rng)
    if phase == Phase.FIRE:
        last = final_turn(state)
        known: dict[int, dict[tuple[int, str, int], Any]] = {}
        kept = None if state.game.rules.hidden_units else state.board_stamps()  # as in _best_candidates
        tick = kept.refresh(state) if kept is not None else 0
        best: tuple[float, Action] = max(((_known_shot_score(state, a, known, kept, tick)
                                           * (_final_weight(state, a.target) if last else 1.0), a)
                                          for a in actions if isinstance(a, Shoot)), default=(0.0, _DONE))
        return best[1] if best[0] > 0 else _DONE
    if phase == Phase.MELEE:
        return _melee(state, actions)
    if phase == Phase.DISCARD:
        cards = [a for a in actions if isinstance(a, Discard | Unstack)]  # all of them: the discard phase has no other
        return min(cards, key=lambda a: (value(state, a.card), a.card))
    if phase == Phase.DEPLOY or phase == Phase.ARRIVE:
        return place(state, actions)
    return actions[0]


def place(state: GameState, actions: list[Action]) -> Action:
    """Where greedy lays a set-up card or an arriving piece, and which squad takes equipment (the engine offers every
    legal choice, :mod:`tcforge.engine.placing`), by a player's rules of thumb:

    - a set-up: the strongest card first (of most points), within the limits, nearest the positions the side must
      take or hold, then on the position with the fewest of its own cards (spread out), then the first (on Kursk,
      the strongest first won the Soviet 28 points and the German 4 over the cards in the order listed);
    - an arriving group: its pieces in the order the scenario lists them, unless the largest first packs them with
      less over the stacking limits (6.3: what is still over them at the turn's end must move or is lost); each where
      it adds least over the limits, then not a transport, gun or squad without a tank beside an enemy tank, then
      the least crowded position, then the first the scenario names. These are the rules the issue asked of it (what
      a player does); they cost greedy's German two to three points on Hill 621 against the engine's old rule, which
      overstacked and so drove its cards forward (docs/results/2026-11-29-owner-placing-and-lever-check.md);
    - equipment on the squad that carries the least, nearest those positions."""
    side = state.current_player()
    units = state.units
    targets = open_goals(state, side)
    near_goal = state.game.board.nearest(targets) if targets else None
    assigns = [a for a in actions if isinstance(a, Assign)]
    if assigns:
        return min(assigns, key=lambda a: (len(units[a.carrier].equipment),
                                           near_goal[units[a.carrier].pos] if near_goal is not None else 0, a.carrier))
    deploy = state.phase == Phase.DEPLOY
    leads = list(dict.fromkeys(int(a[1]) for a in actions))  # the pieces offered, in the order the scenario lists them
    lead = leads[0]
    if deploy:  # the strongest card first, so that it gets the place nearest the goals
        worth = {u: sum(max(units[m].profile.points, 0) for m in piece_of(state, u)) for u in leads}
        lead = max(leads, key=lambda u: (worth[u], -u))
    else:
        lead = _packing_lead(state, side, actions, leads)
    members = [units[u] for u in piece_of(state, lead)]
    occ = state.occ
    enemy_tanks = tuple(p for p in range(state.game.board.size)
                        if any(units[u].profile.tank and not state.face_down(u) for u in occ[p][1 - side]))
    near_tank = state.game.board.nearest(enemy_tanks) if enemy_tanks else None
    lone = not any(m.profile.tank for m in members)  # a transport, gun or squad with no tank of its own

    def score(action: Action) -> tuple[int, int, int, int, int]:
        pos = int(action[2])
        with_piece, before = over_limits(state, pos, side, members)
        exposed = int(lone and near_tank is not None and near_tank[pos] <= 1
                      and not any(units[u].profile.tank for u in occ[pos][side]))
        goal = near_goal[pos] if near_goal is not None and deploy else 0
        return with_piece - before, exposed, goal, sum(state.combat_count(pos, side)), pos
    return min((a for a in actions if a[1] == lead), key=score)


def _packing_lead(state: GameState, side: int, actions: list[Action], leads: list[int]) -> int:
    """The arriving piece to place next: the first the scenario lists, unless placing them in that order would leave
    more over the stacking limits than placing the largest first does (the group fits, or fits better, packed):
    then the largest. Each piece goes where it adds least over the limits, then the least crowded, then the first."""
    rules = state.game.rules
    spots = list(dict.fromkeys(int(a[2]) for a in actions))
    room = {p: state.combat_count(p, side) for p in spots}
    sizes = {u: stack_of([state.units[m] for m in piece_of(state, u)]) for u in leads}

    def over(c: int, t: int) -> int:
        return max(0, c - rules.stacking_combat_cards) + max(0, t - rules.stacking_trucks)

    def left_over(order: list[int]) -> int:
        here = dict(room)
        for u in order:
            c, t = sizes[u]
            at = min(spots, key=lambda p: (over(here[p][0] + c, here[p][1] + t) - over(*here[p]), sum(here[p]), p))
            here[at] = (here[at][0] + c, here[at][1] + t)
        return sum(over(*here[p]) for p in spots)
    largest = sorted(leads, key=lambda u: (-sum(sizes[u]), leads.index(u)))
    return largest[0] if left_over(largest) < left_over(leads) else leads[0]


def _shot_attack(state: GameState, action: Shoot) -> Any:
    unit, victim = state.units[action.firer], state.units[action.target]
    return (fire.equipment_attack(state, unit, victim, state.units[action.item]) if action.item >= 0
            else fire.build_attack(state, unit, victim, action.fire))


GOAL_FIRE = 3.0  # in the last turn, fire at the cards on a goal counts three times (they decide who holds it) ...
OTHER_FIRE = 0.1  # ... and fire at any other card a tenth: its losses no longer change the result


def _final_weight(state: GameState, target: int) -> float:
    """What fire at ``target`` is worth in the last turn, for the fire's expected damage."""
    pos = state.units[target].pos
    return GOAL_FIRE if pos in goals(state, 0) or pos in goals(state, 1) else OTHER_FIRE


def _known_shot_score(state: GameState, action: Shoot, known: dict[int, dict[tuple[int, str, int], Any]],
                      stamps: BoardStamps | None = None, tick: int = 0) -> float:
    """:func:`_shot_score`, the firer's attacks found once for all its shots (:func:`fire.shot_attacks`, kept in
    ``known`` by firer; with ``stamps``, refreshed at ``tick``, kept from an earlier decision as :func:`_kept_shots`
    says)."""
    attacks = known.get(action.firer)
    if attacks is None:
        unit = state.units[action.firer]
        shots = fire.shot_attacks(state, unit) if stamps is None else _kept_shots(state, unit, stamps, tick)
        attacks = known[action.firer] = {(target, kind, eq): attack for target, kind, eq, attack in shots}
    attack = attacks.get((action.target, action.fire, action.item))
    if attack is None:
        return _shot_score(state, action)  # not a shot the engine lists now: weighed as it always was
    return _expected(state, attack, action.target)


def _shot_score(state: GameState, action: Shoot) -> float:
    attack = _shot_attack(state, action)
    return _expected(state, attack, action.target) if attack is not None else 0.0


def _window(state: GameState, actions: list[Action]) -> Action:
    window = state.ctx.window
    assert window is not None
    kind = window.kind
    if kind == "opportunity":
        return _opportunity(state, actions)
    if kind == "breakthrough":
        return _pay(state, actions)
    if kind == "wire":
        return _wire_choice(state)
    plays = [a for a in actions if isinstance(a, Interrupt)]
    if not plays:
        return _PASS
    if kind in ("entry", "fire", "counter"):  # every cancelling or stopping card is worth playing at once
        first = plays[0]  # Wire on a group: on its most valuable card
        same = [a for a in plays if a.card == first.card and a.target]
        return max(same, key=lambda a: value(state, a.target[0])) if same else first
    if kind == "melee":
        assert isinstance(window.data, MeleeStart)
        pos = window.data.pos
        side = window.side
        for action in plays:
            card = state.units[action.card].profile.card_id
            if card == SMOKE and len(state.occ[pos][side]) >= len(state.occ[pos][1 - side]):
                continue  # smoke helps the weaker side
            return action
        return _PASS
    if kind == "play":
        passed: set[int] = set()  # the cards of no use here (Smoke offers every position: asked once a card)
        for action in plays:
            uid = action.card
            if uid in passed:
                continue
            card = state.units[uid].profile.card_id
            if card in (BREAKDOWN, REPAIR, CONFUSION):  # Breakdown on an enemy vehicle, Repair, Confusion
                if card == BREAKDOWN and not state.units[action.target[0]].profile.tank:
                    continue
                return action
            passed.add(uid)
    return _PASS


def _wire_choice(state: GameState) -> Action:
    """001 Wire stopped a card of the group: go on with the rest, unless the wired card was its only tank and the
    rest has infantry, guns or trucks it was escorting (8.5): then the group stays together."""
    window = state.ctx.window
    assert window is not None and isinstance(window.data, Entry)
    if window.data.exit:
        return _PASS  # 001 break-through: the rest of the exit leaves, and the defender owes their points
    wired = state.units[window.data.mover]
    move = state.ctx.move
    lead = state.units[move.cur] if move is not None and move.cur is not None else wired
    group = [lead] + riders(state, lead)
    party = {window.data.mover, *window.data.riders}
    rest = [m for m in group if m.uid not in party]
    if wired.profile.tank and not any(m.profile.tank for m in rest):
        return _HALT
    return _PASS


OPPORTUNITY_SHARE = 0.15  # take the turn's one opportunity fire when it is worth 15 % of its target or more


def _opportunity(state: GameState, actions: list[Action]) -> Action:
    """001 2.1: one opportunity fire a turn, so take the best shot only when its expected damage (with 2.2's
    modifier) is at least 15 % of its target's worth (a tank's short-range shot at a tank, not its long-range one);
    a poorer chance waits for a better mover."""
    best: tuple[float, Action] = (0.0, _PASS)
    for action in actions:
        if not isinstance(action, Shoot):
            continue
        score = opportunity_score(state, action)
        if score >= OPPORTUNITY_SHARE * value(state, action.target) and score > best[0]:
            best = (score, action)
    return best[1]


def opportunity_score(state: GameState, action: Shoot) -> float:
    """The expected damage of an opportunity fire attack, 2.2's modifier included."""
    attack = _shot_attack(state, action)
    if attack is None:
        return 0.0
    return _expected(state, replace(attack, modifier=attack.modifier + state.game.rules.opportunity_modifier), action.target)


def _pay(state: GameState, actions: list[Action]) -> Action:
    """001 break-through: pay the owed points with the least worth, the cheapest single card that covers the rest,
    else the card that pays the most."""
    window = state.ctx.window
    assert window is not None and isinstance(window.data, BreakThrough)
    owed = window.data.owed
    yields = [a for a in actions if isinstance(a, Yield)]  # all of them: the window offers nothing else
    covering = [a for a in yields if state.units[a.card].profile.points >= owed]
    if covering:
        return min(covering, key=lambda a: (value(state, a.card), a.card))
    return max(yields, key=lambda a: (state.units[a.card].profile.points, -a.card))


def exit_wins(state: GameState, action: Exit) -> bool:
    """Whether an exit move (001 break-through) wins whatever the defender holds: a captured zone of his second row
    stays held, and the exited points pass the most his hand could be worth, judged from what the attacker may
    know (the hand's size and the cards it could hold: hand and deck together, as the observation's unknowns), never
    from the hand itself."""
    side, pos, group = state.active, action.pos, set(action.cards)
    stays = any(state.units[u].profile.combat and state.units[u].carrier is None
                for u in state.occ[pos][side] if u not in group)
    if not stays and not any(p != pos for p in breakthrough.captured_zones(state)):
        return False
    enemy = 1 - side  # his hand and deck together are what the attacker knows (the same in a dealt position)
    could = sorted((max(state.units[u].profile.points, 0) for u in [*state.hand[enemy], *state.deck[enemy]]), reverse=True)
    owed = breakthrough.points(state, [c for u in group for c in breakthrough.leaving(state, u)])
    return owed > sum(could[:len(state.hand[enemy])])


def _play(state: GameState, actions: list[Action], rng: random.Random) -> Action:
    forced = forced_play(state, actions)
    if forced is not None:
        return forced
    candidates = _best_candidates(state, actions)
    best = max(score for score, _ in candidates)
    top = [a for score, a in candidates if score == best]
    return top[rng.randrange(len(top))]


def _best_candidates(state: GameState, actions: list[Action]) -> list[tuple[float, Action]]:
    """:func:`play_candidates` less the moves that cannot reach the best score: a move's worth is at most what it
    would be if its cards had a step worth taking (:func:`_move_parts`), so the moves are weighed from the highest
    such bound down, and once a bound is below the best score found the rest are left out, their cards' ways never
    searched. The best score and the plays that reach it, in their order, are those of :func:`play_candidates`."""
    side = state.active
    last = final_turn(state)
    edge: float | None = None
    scored: list[tuple[float, Action] | None] = [(0.01, _END)] if _END in actions else []
    pending: list[tuple[float, int, Move, _MoveParts]] = []
    targets: tuple[int, ...] | None = None
    units = state.units
    # the board's stamps, refreshed at the first fire source (None: not yet); with hidden cards a decision is taken
    # on a dealt copy, and who has seen which card is not stamped, so nothing is kept
    hidden = state.game.rules.hidden_units
    stamps: BoardStamps | None = None
    tick = 0
    for a in actions:
        if type(a) is Move:  # the action classes have no subclasses
            if edge is None:
                edge = 1.0 if state.game.rules.victory_check == "given_turn" else _edge(state, side)
            if targets is None:
                targets = open_goals(state, side)
            parts = _move_parts(state, a.source, edge, _step_score, targets)
            if parts.exact is not None:
                scored.append((parts.exact, a))
            else:
                pending.append((parts.bound, len(scored), a, parts))
                scored.append(None)
        elif type(a) is Interrupt:  # as _other_candidate weighs it, without its calls (Smoke offers every position)
            if units[a[1]].profile.card_id in _OWN_INTERRUPTS:  # a[1]: its card, read without the property
                scored.append((2.0, a))
        elif type(a) is Fire and not hidden:  # as _other_candidate weighs it, the best shots kept from decision to decision
            if stamps is None:
                stamps = state.board_stamps()
                tick = stamps.refresh(state)
            shots = sorted([_kept_best_shot(state, u, last, stamps, tick) for u in state.occ[a.source][side]
                            if fire.may_fire(state, units[u])], reverse=True)[:3]
            scored.append((sum(shots), a))
        else:
            scored.extend(_other_candidate(state, a, side, last))
    best = max((entry[0] for entry in scored if entry is not None), default=float("-inf"))
    for bound, index, a, parts in sorted(pending, key=lambda p: -p[0]):  # a stable sort: equal bounds in play order
        if bound < best:
            break  # this move and those after it score at most their bound, below a play already found
        value = _moves_on(state, a.source, parts, _step_score)
        scored[index] = (value, a)
        best = max(best, value)
    return [entry for entry in scored if entry is not None]


def forced_play(state: GameState, actions: list[Action]) -> Action | None:
    """A play made before any weighing: a free one (:func:`free_play`), else an exit that wins whatever the defender
    holds (001 break-through, :func:`exit_wins`); None when the play phase's choice is to be weighed."""
    forced = free_play(state, actions)
    if forced is not None:
        return forced
    for action in actions:
        if isinstance(action, Exit) and exit_wins(state, action):
            return action  # 001 break-through: a sure win
    return None


def free_play(state: GameState, actions: list[Action]) -> Action | None:
    """A play that costs nothing and is always worth making: fortifying or equipping, then Coordination."""
    for a in actions:
        if type(a) is Fortify or type(a) is Equip:  # the action classes have no subclasses
            return a
    units = state.units
    for a in actions:
        if type(a) is PlayCard and units[a.card].profile.card_id == COORDINATION:  # Coordination is free: always worth it
            return a
    return None


def play_candidates(state: GameState, actions: list[Action], step: StepScore | None = None) -> list[tuple[float, Action]]:
    """The plays the greedy player weighs in the play phase, each with its one-decision score (ending the turn
    scores 0.01; a play it cannot judge is left out). The search player of :mod:`.rollout` starts from these."""
    side = state.active
    last = final_turn(state)
    edge: float | None = None
    candidates: list[tuple[float, Action]] = [(0.01, _END)] if _END in actions else []
    for a in actions:
        if isinstance(a, Move):
            if edge is None:
                edge = 1.0 if state.game.rules.victory_check == "given_turn" else _edge(state, side)
            candidates.append((_move_value(state, a.source, edge, step), a))
        else:
            candidates.extend(_other_candidate(state, a, side, last))
    return candidates


def _other_candidate(state: GameState, a: Action, side: int, last: bool) -> list[tuple[float, Action]]:
    """A play other than a move with its score, as :func:`play_candidates` weighs it (none: a play it cannot judge)."""
    if isinstance(a, Fire):
        scores = sorted((_best_shot(state, u, last)[0] for u in state.occ[a.source][side]
                         if fire.may_fire(state, state.units[u])), reverse=True)[:3]
        return [(sum(scores), a)]
    if isinstance(a, Draw):
        units_in_hand = sum(1 for u in state.hand[side] if state.units[u].profile.combat)
        return [(3.0 if units_in_hand == 0 else 0.5, a)]
    if isinstance(a, PlayCard):
        return [(_card_value(state, a), a)]
    if isinstance(a, Interrupt):
        card = state.units[a.card].profile.card_id
        if card in _OWN_INTERRUPTS:  # Repair, Bridge, Ford in one's own play
            return [(2.0, a)]
    return []


_OWN_INTERRUPTS: frozenset[int | str] = frozenset((REPAIR, BRIDGE, FORD))


MOVE_WEIGHT = 0.12  # a move's worth per point of the cards it brings closer (see _move_value)
MARCH = 0.5  # the share of the distance a move's worth is divided by in a game decided at a given turn
EDGE_CAP = 2.0  # a side twice as strong as the enemy or more moves with twice the weight
UNSTACK = 100.0  # a move out of an overstacked position comes before any other play (6.3)
FINAL_TAKE = 20.0  # in the last turn, each card a move brings onto a goal the side has no card on yet ...
FINAL_ASSAULT = 6.0  # ... or onto one the enemy holds (its attackers hold it only if the melee clears it: 20.0)


def _edge(state: GameState, side: int) -> float:
    """How much stronger the side is on the battlefield: its combat cards' worth over the enemy's, from 1 to EDGE_CAP.
    Where taking the goals wins at once (Kursk, 16.0) a side that has won the firefight should go for them instead of
    shooting on (the battles that reached the turn cap); where a given turn decides, :data:`MARCH` does that."""
    worth = [0.0, 0.0]
    for unit in state.units:
        if unit.pos >= 0 and unit.profile.combat and not unit.profile.truck:
            worth[unit.side] += value(state, unit.uid)
    return max(1.0, min(EDGE_CAP, worth[side] / worth[1 - side] if worth[1 - side] else EDGE_CAP))


def _move_value(state: GameState, source: int, edge: float = 1.0, step: StepScore | None = None) -> float:
    step = step or _step_score
    parts = _move_parts(state, source, edge, step)
    return parts.exact if parts.exact is not None else _moves_on(state, source, parts, step)


@dataclass(frozen=True, slots=True)
class _MoveParts:
    """A move's worth before any card's way is searched: ``exact`` when it is settled (by the stacking, the
    reinforcements, the last turn, a goal held), else ``bound``, its worth if a card it would pick has a step worth
    taking (0 if none has), with the cards to try: ``first`` (those standing on a goal: any of the first three) and
    ``top`` (the three it would pick)."""

    exact: float | None
    bound: float = 0.0
    targets: tuple[int, ...] = ()
    first: tuple[int, ...] = ()
    top: tuple[int, ...] = ()


def _move_parts(state: GameState, source: int, edge: float, step: StepScore,
                targets: tuple[int, ...] | None = None) -> _MoveParts:
    """A move's worth as far as it is known before its cards' ways are searched (``targets``: the side's open goals,
    when the caller has them)."""
    side = state.active
    if targets is None:
        targets = open_goals(state, side)
    if not targets:
        return _MoveParts(0.0)
    pool = state.hand[side] if source == RESERVE else state.occ[source][side]
    movers = [u for u in pool if movement.may_move(state, state.units[u]) and state.units[u].profile.combat]
    if not movers:
        return _MoveParts(0.0)
    if overstacked(state, source, side):
        # 6.3: what still stands there over the limits at the turn's end is eliminated (20.0 rule 5)
        return _MoveParts(UNSTACK + unstack_loss(state, source, side))
    if source != RESERVE and source in arrivals_next_turn(state, side):
        # 20.0 rule 5: next turn's reinforcements come in over the limits here, and the cards they crowd out are lost
        return _MoveParts(sum(value(state, u) for u in movers))
    if final_turn(state):
        return _MoveParts(_final_move_value(state, source, movers, targets, step))
    here = _distance_to_goal(state, source, targets)
    given = state.game.rules.victory_check == "given_turn"
    if here == 0 and given:
        # its cards stand on a goal they do not hold yet: where a given turn decides they stay (20.0: holding it in a
        # melee counts), elsewhere they may go on to the next goal (a bridgehead is taken so; :func:`_moves_on`)
        return _MoveParts(0.0)
    if source != RESERVE and source in goals(state, state.active) and state.controls(source, state.active) \
            and len(state.occ[source][state.active]) <= 1:
        return _MoveParts(0.0)  # the last card holding a goal stays
    top = sorted(movers, key=lambda u: -value(state, u))[:3]
    # the worth of the cards brought closer, growing as the turns run out so that no firefight lasts for ever
    worth = sum(value(state, u) for u in top)
    # where the victory is checked only at a given turn's end (Hill 621, 20.0) the rear cards must come up in time,
    # so the distance counts for less (with the full distance the rear never moves while the front fires)
    march = MARCH if given else 1.0
    bound = MOVE_WEIGHT * edge * worth * (1 + state.turn / 4) / (1 + march * here) + (2.0 if source == RESERVE else 0.0)
    return _MoveParts(None, bound, targets, tuple(movers[:3]) if here == 0 else (), tuple(top))


def _moves_on(state: GameState, source: int, parts: _MoveParts, step: StepScore) -> float:
    """A move's worth once its cards' ways are searched: its bound, or 0 when the cards would stay where they are."""
    if parts.first and all(_destination(state, state.units[u], source, parts.targets, step) in (None, source)
                           for u in parts.first):
        return 0.0  # on a goal not held yet, with no card going on to the next goal: a wasted Supply point
    if all(_destination(state, state.units[u], source, parts.targets, step) in (None, source) for u in parts.top):
        # none of the cards it would pick has a step worth taking, so it would halt them where they stand: a Supply
        # point spent on nothing (before this check, 8 % of the moves of 20 Hill 621 games and 12 % of 10 Kursk games)
        return 0.0
    return parts.bound


def _final_move_value(state: GameState, source: int, movers: list[int], targets: tuple[int, ...],
                      step: StepScore | None = None) -> float:
    """In the last turn a move is worth only the goals it brings cards onto: where the greedy player would take each
    of the (at most three) cards it picks, alone."""
    side, mine = state.active, goals(state, state.active)
    if source in mine:
        return 0.0  # cards on a goal stay there: taking another would leave this one
    score = 0.0
    for uid in sorted(movers, key=lambda u: -value(state, u))[:3]:
        end = _destination(state, state.units[uid], source, targets, step)
        if end is None or end not in mine:
            continue
        if any(state.units[u].profile.combat for u in state.occ[end][1 - side]):
            score += FINAL_ASSAULT
        elif not any(state.units[u].profile.combat for u in state.occ[end][side]):
            score += FINAL_TAKE
    return score


def _card_value(state: GameState, action: PlayCard) -> float:
    card, target = state.units[action.card].profile.card_id, action.target
    if card in FIRE_SUPPORT:
        if target[1] != "ffe":
            return 0.0
        pos = target[0]
        return 0.5 * sum(value(state, u) * (0.5 if state.units[u].profile.armored else 1.0) for u in state.occ[pos][1 - state.active])
    if card in (SNIPER, MINE_DOGS, TANK_BUSTER):  # Sniper, Mine Dogs, Tank Buster
        return 0.25 * value(state, target[0])
    if card in attachments.FAMILY:  # Tank Ace, Heroic Squad Leader, Special Ammunition
        return 1.0
    if card == REINFORCEMENTS:
        return 4.0
    return 0.2


def _move(state: GameState, actions: list[Action], rng: random.Random, step: StepScore | None = None) -> Action:
    step = step or _step_score
    move = state.ctx.move
    assert move is not None
    side = state.active
    targets = open_goals(state, side)
    if move.stage == "pick":
        crowded = overstacked(state, move.source, side)
        # 6.3: a passenger still counts, so loading frees no room where it is too crowded; and a card is loaded only
        # onto a vehicle with a step worth taking (else the loaded group halts where it stands, the move wasted)
        loads = [a for a in actions if isinstance(a, Load | Tow) and not crowded
                 and _group_may_go(state, a, move.source, targets, step)]
        if loads:
            return loads[0]
        picks = [a for a in actions if isinstance(a, Pick) and state.units[a.card].profile.combat]
        if move.source in goals(state, side) and state.controls(move.source, side):
            left = [u for u in state.occ[move.source][side] if state.units[u].profile.combat
                    and u not in move.picked and state.units[u].carrier is None]
            if len(left) <= 1:
                picks = []  # the last card holding a goal stays
        if picks:
            return max(picks, key=lambda a: value(state, a.card))
        for a in actions:  # 8.2: cards that would assault the same position go in together
            if isinstance(a, Together) and state.units[a.follower].profile.fast == state.units[a.leader].profile.fast:
                leader, follower = state.units[a.leader], state.units[a.follower]
                end = _destination(state, leader, move.source, targets, step)
                if end is not None and state.occ[end][1 - side] and end == _destination(state, follower, move.source, targets, step) \
                        and movement.has_room(
                        state, leader, end, [leader, follower] + movement.riders(state, leader) + movement.riders(state, follower)) \
                        and _group_may_go(state, a, move.source, targets, step):
                    return a
        if _GO in actions:
            return _GO
        return actions[0]
    unit = state.units[move.cur]  # type: ignore[index]
    if _HALT in actions and _holds_alone(state, unit):
        return _HALT  # the card (with its riders) alone holds a goal: it stays, as the last holder does (16.0)
    steps = [a for a in actions if isinstance(a, Step)]
    best: Action = _HALT if _HALT in actions else (steps[0] if steps else actions[0])
    best_score = 0.0
    crowded = overstacked(state, unit.pos, side)
    for a in steps:
        score = step(state, unit, unit.pos, a.to, targets)
        if crowded and movement.has_room(state, unit, a.to):
            score += UNSTACK  # 6.3: any step to a position with room beats staying where the card would be eliminated
        if score > best_score:
            best, best_score = a, score
    for a in actions:  # 001 Streams: a Ford or Bridge when the zone across is the better step
        if isinstance(a, Interrupt) and len(a.target) == 2:
            across = a.target[1] if a.target[0] == unit.pos else a.target[0]
            if step(state, unit, unit.pos, across, targets) > best_score:
                return a
    return best


def _group_may_go(state: GameState, action: Load | Tow | Together, source: int, targets: tuple[int, ...],
                  step: StepScore | None = None) -> bool:
    """Whether the card a load, tow or together action adds to (its third item: the vehicle, the leader) still has a
    step worth taking with the group it makes: the group may find no room or no way where the card alone would go
    (6.3, 8.5, 8.6), or take with it the last cards holding a goal, and would then halt where it stands (see
    :func:`_move`), the move wasted. Tried on a copy, as grouping is rare."""
    trial = state.clone()
    trial.apply_action(action)
    card = trial.units[action.leader if isinstance(action, Together) else action.vehicle]
    if _holds_alone(trial, card):
        return False
    reach = movement.steps(trial, card, source, movement.speed(card, trial), True)
    return any((step or _step_score)(trial, card, source, to, targets) > 0 for to in reach)


def _holds_alone(state: GameState, unit: Any) -> bool:
    """The card, with the cards moving with it, is all its side has on a goal position it controls."""
    at, side = unit.pos, unit.side
    if at not in goals(state, side) or not state.controls(at, side):
        return False
    group = {unit.uid, *(r.uid for r in movement.riders(state, unit))}
    return not any(state.units[u].profile.combat for u in state.occ[at][side] if u not in group)


def _step_score(state: GameState, unit: Any, at: int, to: int, targets: tuple[int, ...]) -> float:
    """How much the greedy player likes a step from ``at`` to ``to`` (0 or less: not worth it)."""
    if to == RESERVE:
        return 0.0
    side = unit.side
    if targets:  # as _distance_to_goal from ``at`` less from ``to`` (``to`` is on the table)
        nearest = state.game.board.nearest(targets)
        gain = (_distance_to_goal(state, at, targets) if at == RESERVE else nearest[at]) - nearest[to]
    else:
        gain = 0
    units, here = state.units, state.occ[to]
    # each card's worth as value() gives it (its points, at least 5), summed in the same order
    enemies = sum(float(max(units[u].profile.points, 5)) for u in here[1 - side])
    friends = sum(float(max(units[u].profile.points, 5)) for u in here[side]) + value(state, unit.uid)
    score = gain + (0.5 if to in targets else 0.0) - (1.0 if enemies > 1.5 * friends else 0.0)
    if unit.profile.vehicle and state.terrain[to] == WOODS and to not in targets:
        # 8.4.1: a vehicle entering Woods is immobilised on a low roll (5 or less on the die in Six-Pack, a half):
        # a step forward into Woods is not worth that risk unless it takes a goal
        score -= 2.0 * state.game.rules.movement_woods_immobilise_max_roll / 10
    return score


def _destination(state: GameState, unit: Any, source: int, targets: tuple[int, ...], step: StepScore | None = None) -> int | None:
    """Where the greedy player would take this card alone, step by step (None: it would stay)."""
    at, left, first, end = source, movement.speed(unit, state), True, None
    while left > 0:
        best, best_score = None, 0.0
        for to in movement.steps(state, unit, at, left, first):
            score = (step or _step_score)(state, unit, at, to, targets)
            if score > best_score:
                best, best_score = to, score
        if best is None:
            break
        at, end, first = best, best, False
        if best in goals(state, unit.side) and not state.occ[best][0] and not state.occ[best][1]:
            break  # it takes an empty goal and stays there (as :func:`_move` halts it)
        left = 0 if movement.stops_at(state, unit, best) else left - 1
    return end


def _melee(state: GameState, actions: list[Action]) -> Action:
    if isinstance(actions[0], ChooseMelee):
        return actions[0]
    best, best_score = actions[-1], 0.0
    for a in actions:
        if not isinstance(a, Target):
            continue
        unit, victim = state.units[a.firer], state.units[a.target]
        item = state.units[a.item] if a.item >= 0 else None
        attack = melee.melee_attack(state, unit, victim, a.fire, item)
        if attack is None:
            continue
        score = _expected(state, attack, a.target) - (0.5 if item is not None and item.profile.card_id == PANZERFAUST and
                                                   not victim.profile.armored else 0.0)
        if score > best_score:
            best, best_score = a, score
    return best

"""What lies where on the Tabletop Simulator table: a scenario's seeded set-up, or a command deck.

A scenario is laid out as the game of the same seed starts
(:func:`tcforge.play.setup.setup`): every position of the map is a cell of
the table, north at the far edge; its terrain card lies at the cell's left and
the cards standing there overlap it to the right, fortifications first. Each
side's other cards lie beyond its own edge of the map, left to right: its
reserve (face down: the player takes it into his hand), its drawing deck (face
down), its free cards, then each reinforcement group, face up, set aside in
the order it arrives. The faces are the scenario deck's proxies, foot and all
(``scenario_card_face``), so a card says which side and group it is.

Coordinates are Tabletop Simulator's: x to the east, z to the north, y up; a
card at scale 1 is a little over 2 x 3 units.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tcforge.data.cards import Card
from tcforge.decks.model import CommandDeck, FluidRules
from tcforge.engine.board import ATTACHED, DECK, RESERVE
from tcforge.export.tts import BackGroup, Piece, Pile, Table
from tcforge.export.words import tw
from tcforge.i18n.words import t
from tcforge.play.setup import Setup, setup
from tcforge.render.cards.backs import side_back
from tcforge.render.page import style
from tcforge.render.scenario.deck import footer, scenario_card_face
from tcforge.render.scenario.map import side_colours
from tcforge.render.scenario.text import Group, arrival_text, arrival_when, side_groups, side_name
from tcforge.scenarios.grid import Position
from tcforge.scenarios.scenario import Scenario

CELL_W, CELL_H = 6.6, 4.4     # one map position: room for a terrain card and four cards overlapping it
FAN = 0.8                     # how far each card standing on a position lies right of the one under it
LIFT = 0.15                   # and how much higher, so the cards settle on each other
PILE_STEP = 3.4               # between the piles set aside beyond a side's edge
EDGE_GAP = 4.2                # from the map's edge to the middle of those piles
GAME = "Tank Commander: The Eastern Front Edition"


@dataclass
class _Cell:
    terrain: list[Piece]
    cards: list[tuple[Piece, bool]]   # (piece, turned: upright for the north player)


def _position(scenario: Scenario, engine_pos: int) -> Position:
    columns = scenario.grid.columns
    return Position(engine_pos // columns + 1, engine_pos % columns + 1)


def _centre(scenario: Scenario, pos: Position) -> tuple[float, float]:
    grid = scenario.grid
    return (pos.column - (grid.columns + 1) / 2) * CELL_W, ((grid.rows + 1) / 2 - pos.row) * CELL_H


def _piece(card: Card, foot: str, lang: str, description: str = "") -> Piece:
    return Piece(f"{card.id}|{foot}", scenario_card_face(card, foot, lang), card.display_name(lang), description)


def _group(groups: list[Group], key: str) -> Group | None:
    return next((g for g in groups if g.key == key), None)


def scenario_table(scenario: Scenario, seed: int, lang: str) -> Table:
    """The table at the start of the game of ``seed``: map, terrain, forces, reserves, decks, reinforcements."""
    record = setup(scenario, seed)
    title = scenario.title.get(lang)
    grid = scenario.grid
    cells: dict[int, _Cell] = defaultdict(lambda: _Cell([], []))
    # Each pile its own back, coloured and named (issue 37 item 11): the sides' colours of the sheet's map, terrain green.
    colours = side_colours(scenario)
    terrain_group = BackGroup("terrain", side_back("terrain back", tw("terrain_back", lang), GAME, title, style.TERRAIN))
    side_groups_out: list[BackGroup] = []

    def both_labels(pos: Position) -> str:
        return " / ".join(dict.fromkeys(grid.label(pos, side) for side in grid.sides))

    for engine_pos, card_id in record.terrain.items():
        card = scenario.cards.by_id[card_id]
        pos = _position(scenario, engine_pos)
        owner = grid.owner(pos)
        if scenario.terrain.method == "discretionary" and owner in scenario.terrain.by:
            continue  # a side's free terrain: laid with that side's cards below
        foot = f"{title} · {t('terrain', lang)}"
        cells[engine_pos].terrain.append(_piece(card, foot, lang, both_labels(pos)))

    for index, side_id in enumerate(grid.sides):
        side = scenario.side(side_id)
        name = side_name(scenario, side_id, lang)
        turned = side_id == grid.north
        groups = side_groups(scenario, side, lang)
        back = BackGroup(side_id, side_back(f"{side_id} back", name, GAME, title, colours[side_id]))
        side_groups_out.append(back)
        start, deck_group, free = _group(groups, "start"), _group(groups, "deck"), _group(groups, "free")
        start_foot = footer(scenario, start, lang) if start else title
        deck_foot = footer(scenario, deck_group, lang) if deck_group else start_foot
        free_foot = footer(scenario, free, lang) if free else start_foot
        reserve: list[Piece] = []
        drawing: list[Piece] = []
        placed = record.forces.get(index, [])
        deck_from = len(placed) - sum(c.count for c in side.deck)
        where = _where(record, index)

        def put(card: Card, pos_index: int, foot: str, side_id: str = side_id, name: str = name,
                turned: bool = turned) -> None:
            label = grid.label(_position(scenario, pos_index), side_id)
            cells[pos_index].cards.append((_piece(card, foot, lang, tw("unit_at", lang, card=card.display_name(lang),
                                                                           side=name, pos=label)), turned))

        for n, (card_id, engine_pos) in enumerate(placed):
            card = scenario.cards.by_id[card_id]
            foot = deck_foot if n >= deck_from else start_foot
            spot = where[n]
            if spot >= 0:
                put(card, spot, foot)
            elif engine_pos == DECK:
                drawing.append(_piece(card, foot, lang))
            else:
                reserve.append(_piece(card, foot, lang))
        discretionary = scenario.terrain.method == "discretionary" and side_id in scenario.terrain.by
        for fort_side, pos_index, card_id in record.forts:
            if fort_side == index:
                put(scenario.cards.by_id[card_id], pos_index, free_foot if discretionary else start_foot)
        if discretionary:
            for engine_pos, card_id in record.terrain.items():
                if grid.owner(_position(scenario, engine_pos)) == side_id:
                    put(scenario.cards.by_id[card_id], engine_pos, free_foot)

        piles = _aside(scenario, side_id, index, name, turned, lang, reserve, drawing,
                       [] if discretionary or free is None else
                       [_piece(line.card, free_foot, lang) for line in free.lines for _ in range(line.count)],
                       [g for g in groups if g.reinforcement is not None])
        back.piles.extend(piles)

    # The map's cells, terrain first; the cards standing there fanned over it.
    by_group = {g.id: g for g in side_groups_out}
    for engine_pos in sorted(cells):
        cell = cells[engine_pos]
        x, z = _centre(scenario, _position(scenario, engine_pos))
        left = x - CELL_W / 2 + 1.4
        for piece in cell.terrain:
            terrain_group.piles.append(Pile(piece.nickname, [piece], left, z, description=piece.description))
        first = 1 if cell.terrain else 0
        last = first + len(cell.cards) - 1
        # A crowded position fans its cards closer rather than spill into the next cell.
        fan = min(FAN, (CELL_W - 2.8) / last) if last > 0 else FAN
        for k, (piece, turned) in enumerate(cell.cards, start=first):
            owner = grid.sides[0] if turned else grid.sides[1]
            by_group[owner].piles.append(Pile(piece.nickname, [piece], left + k * fan, z, turned=turned,
                                              description=piece.description, y=1.5 + k * LIFT))
    note = tw("note", lang, title=title, seed=seed, id=scenario.id)
    groups_out = ([terrain_group] if terrain_group.piles else []) + side_groups_out
    return Table(f"tts-{scenario.id}-{lang}", title, note, lang, scenario.cards, scenario.ruleset, groups_out)


def _where(record: Setup, index: int) -> list[int]:
    """Where each card of the side's force list lies: its position, or where its carrier is, or RESERVE / DECK."""
    placed = record.forces.get(index, [])
    carriers = dict(record.attach)
    out = []
    for n, (_, pos) in enumerate(placed):
        if pos == ATTACHED:
            carrier = carriers.get(n)
            pos = placed[carrier][1] if carrier is not None else RESERVE
            pos = RESERVE if pos == ATTACHED else pos
        out.append(pos)
    return out


def _aside(scenario: Scenario, side_id: str, index: int, name: str, turned: bool, lang: str, reserve: list[Piece],
           drawing: list[Piece], free: list[Piece], reinforcements: list[Group]) -> list[Pile]:
    """The piles beyond the side's edge: reserve, drawing deck, free cards, reinforcements by arrival."""
    grid = scenario.grid
    z = (grid.rows / 2 * CELL_H + EDGE_GAP) * (1 if turned else -1)
    x = -(grid.columns / 2) * CELL_W + PILE_STEP / 2
    piles: list[Pile] = []

    def add(pile: Pile) -> None:
        nonlocal x
        if pile.pieces:
            pile.x, pile.z = x, z
            piles.append(pile)
            x += PILE_STEP

    add(Pile(tw("reserve", lang, side=name), reserve, 0, 0, face_up=False, turned=turned))
    add(Pile(tw("draw_deck", lang, side=name), drawing, 0, 0, face_up=False, turned=turned))
    add(Pile(tw("free", lang, side=name), free, 0, 0, turned=turned))
    side = scenario.side(side_id)
    for group in sorted(reinforcements, key=lambda g: (g.reinforcement.turn is None, g.reinforcement.turn or 0, g.number)):  # type: ignore[union-attr]
        assert group.reinforcement is not None
        foot = footer(scenario, group, lang)
        when = arrival_when(scenario, group.reinforcement, lang)
        pieces = [_piece(line.card, foot, lang) for line in group.lines for _ in range(line.count)]
        add(Pile(tw("reinforcements", lang, side=name, group=group.title, when=when), pieces, 0, 0, turned=turned,
                 description=tw("set_aside", lang, when=when) + " " + arrival_text(scenario, side, group.reinforcement, lang)))
    return piles


def deck_table(deck: CommandDeck, rules: FluidRules, lang: str) -> Table:
    """A command deck face down, and its reference card (fire on the front, morale and support on the back)."""
    from tcforge.data.dataset import load_data
    from tcforge.render.cards.command_deck import deck_back, deck_faces, fire_face, morale_face

    data = load_data()
    title = deck.title_in(lang)
    faces = deck_faces(deck, rules, lang)
    pieces = [Piece(f"{n}|{face.name}", face, face.name) for n, face in enumerate(faces)]
    deck_group = BackGroup("deck", deck_back(deck, lang), [Pile(tw("deck", lang, title=title), pieces, 0, 0, face_up=False)])
    fire = fire_face(rules, lang)
    reference = BackGroup("reference", morale_face(rules, lang),
                          [Pile(tw("reference", lang), [Piece("reference", fire, tw("reference", lang))], PILE_STEP, 0)])
    return Table(f"tts-deck-{deck.id}-{lang}", title, title, lang, data.cards, data.ruleset, [deck_group, reference])

"""The firer x target odds table (``tcforge odds matrix``): CSV and a heat map.

One small game position is reused for every cell: the firer's and target's
card profiles are swapped in, and the engine's own :func:`build_attack` and
:func:`attack_odds` do the work, so every cell is the engine's exact odds.
Identical attacks (the same numbers) are computed once.
"""
from __future__ import annotations

import csv
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from tcforge.analysis.odds import attack_odds
from tcforge.atomic import atomic_path
from tcforge.data.card_ids import FORTIFICATIONS
from tcforge.data.cards import Card
from tcforge.data.dataset import GameData
from tcforge.engine import arrivals
from tcforge.engine.fire import build_attack
from tcforge.engine.game import Game
from tcforge.engine.state import GameState


@dataclass(frozen=True)
class Cell:
    range: str
    terrain: str
    firer: Card
    target: Card
    hit: Fraction
    kill: Fraction
    immobilize: Fraction


@dataclass
class Matrix:
    ruleset: str
    firers: list[Card]
    targets: list[Card]
    rows: list[Cell] = field(default_factory=list)
    seconds: float = 0.0


def at_firers(game: Game, data: GameData) -> list[Card]:
    """Cards that fire AT at range on their own: vehicles and AT guns with hit and penetration numbers."""
    return [c for c in data.cards if c.type in ("vehicle", "at_gun")
            and game.profiles[c.id].hit_short > 0 and game.profiles[c.id].pen_short > 0]


def armored_targets(game: Game, data: GameData) -> list[Card]:
    return [c for c in data.cards if game.profiles[c.id].armored]


def terrains(game: Game) -> list[tuple[str, int | None]]:
    """Clear, and every terrain card vehicles may stand in (no Swamp or Stream, no Foxholes or Bunkers)."""
    out: list[tuple[str, int | None]] = [("Clear", None)]
    for card_id, row in sorted(game.terrain_rows.items()):
        if not row.no_vehicles and card_id not in FORTIFICATIONS:
            out.append((row.name, card_id))
    return out


def odds_matrix(data: GameData, *, ranges: list[str] | None = None, terrain_names: list[str] | None = None) -> Matrix:
    """Every AT firer against every armored target, for the ranges and terrains asked (default: all)."""
    start = time.perf_counter()
    game = Game.create(data, columns=1, ranks_per_side=2)
    firers, targets = at_firers(game, data), armored_targets(game, data)
    names = terrain_names
    all_terrains = terrains(game)
    if names:
        wanted = {n.lower() for n in names}
        chosen = [t for t in all_terrains if t[0].lower() in wanted]
        unknown = wanted - {t[0].lower() for t in chosen}
        if unknown:
            raise ValueError(f"unknown terrain {', '.join(sorted(unknown))}: use one of "
                             + ", ".join(t[0] for t in all_terrains))
    else:
        chosen = all_terrains
    matrix = Matrix(data.ruleset.id, firers, targets)
    positions = {"short": (1, 2), "long": (0, 2)}
    for rng in ranges or ["short", "long"]:
        if rng not in positions:
            raise ValueError(f"the matrix is for ranged AT fire: use short or long, not {rng}")
        at, target_pos = positions[rng]
        state = GameState.new(game, {0: [(firers[0].id, at)], 1: [(targets[0].id, target_pos)]}, first_player=0, initial_hand=0)
        firer_unit, target_unit = state.units[0], state.units[1]
        for terrain_name, terrain_id in chosen:
            arrivals.lay_terrain(state, target_pos, terrain_id)
            for f in firers:
                firer_unit.profile = game.profiles[f.id]
                for t in targets:
                    target_unit.profile = game.profiles[t.id]
                    attack = build_attack(state, firer_unit, target_unit, "at")
                    if attack is None:
                        matrix.rows.append(Cell(rng, terrain_name, f, t, Fraction(0), Fraction(0), Fraction(0)))
                        continue
                    odds = attack_odds(attack, game.fire_rules)
                    matrix.rows.append(Cell(rng, terrain_name, f, t, odds.hit, odds.kill, odds.immobilize))
    matrix.seconds = time.perf_counter() - start
    return matrix


def write_csv(matrix: Matrix, path: Path) -> Path:
    with atomic_path(path) as tmp, tmp.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["ruleset", "range", "terrain", "firer_id", "firer", "target_id", "target",
                      "hit", "kill", "immobilize", "kill_exact"])
        for c in matrix.rows:
            out.writerow([matrix.ruleset, c.range, c.terrain, c.firer.id, c.firer.name, c.target.id, c.target.name,
                          f"{float(c.hit):.4f}", f"{float(c.kill):.4f}", f"{float(c.immobilize):.4f}", str(c.kill)])
    return path


def write_heatmap(matrix: Matrix, path: Path, title: str) -> Path:
    """Kill probability as colour, firers down, targets across (the first range and terrain of the matrix)."""
    from PIL import Image, ImageDraw

    from tcforge.analysis.plotting import font as plot_font

    first = (matrix.rows[0].range, matrix.rows[0].terrain) if matrix.rows else ("", "")
    cells = {(c.firer.id, c.target.id): c for c in matrix.rows if (c.range, c.terrain) == first}
    size, left, top = 12, 190, 150
    width, height = left + size * len(matrix.targets) + 20, top + size * len(matrix.firers) + 40
    font, title_font = plot_font(10), plot_font(14, bold=True)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((10, 8), f"{title} ({first[1]})", fill="black", font=title_font)
    for j, target in enumerate(matrix.targets):
        label = Image.new("RGBA", (top - 30, size), (255, 255, 255, 0))
        ImageDraw.Draw(label).text((0, 0), f"{target.id} {target.name}"[:22], fill="black", font=font)
        rotated = label.rotate(90, expand=True)
        image.paste(rotated, (left + j * size, 30), rotated)
    for i, firer in enumerate(matrix.firers):
        draw.text((6, top + i * size), f"{firer.id} {firer.name}"[:30], fill="black", font=font)
        for j, target in enumerate(matrix.targets):
            cell = cells.get((firer.id, target.id))
            p = float(cell.kill) if cell else 0.0
            colour = (255, int(255 * (1 - p)), int(255 * (1 - p) ** 2))  # white -> red as the kill chance grows
            x, y = left + j * size, top + i * size
            draw.rectangle([x, y, x + size - 1, y + size - 1], fill=colour, outline=(230, 230, 230))
    draw.text((left, height - 30), "color: kill probability, white 0% to red 100%", fill="black", font=font)
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG")
    return path

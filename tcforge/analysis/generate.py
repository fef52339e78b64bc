"""New scenarios: a commented skeleton to fill in, or a random battle by the design-your-own method of source 001.

The 001 method (its "DYO Scenario Generation Method"): choose a meeting
engagement or an attack, a year and a point budget (the attacker gets half as
much again); each player buys terrain (at most six cards, placed on his own
zones) and forces within the budget, cards in service that year, at most two
identical special events (14.0); play on the 4 x 3 grid with a hand of seven.
The purchases here are random but reproducible from the seed; the scenario
written is an ordinary scenario file, checked like any other.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import yaml

from tcforge.data.dataset import load_data
from tcforge.outpath import folder_refusal, written_as_folder
from tcforge.paths import templates_dir

TERRAIN = ("Woods", "Hills", "Village", "Walls", "Wheatfield", "Balka")
SPECIALS = ("Smoke", "Flank Shot", "Artillery Barrage", "Repair", "Tank Ace", "Minefield", "Coordination")
MIN_POINTS = 60
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class GenerateError(ValueError):
    """Bad arguments for a new scenario; the message says what to change."""


def _new_id(new_id: str, replacing: Path | None = None) -> None:
    """A new scenario's id: well formed, and no scenario's already (a copy of hill-621 named hill-621 would clash
    with the bundled one, and every later command would refuse the user's data). ``replacing`` is the file --force
    lets the new scenario overwrite: one of the user's scenarios with this id in that very file is the one replaced,
    not a clash; a bundled scenario's id, or the id of a scenario in another file, still is."""
    from tcforge.paths import display_path, resolved
    from tcforge.scenarios.loading import bundled_ids, own_scenarios
    if not ID.match(new_id):
        raise GenerateError(f"'{new_id}' is not a scenario id: use lower case letters, digits and dashes")
    if new_id in bundled_ids():
        raise GenerateError(f"'{new_id}' is the id of a bundled scenario: give the new one its own id "
                            f"(tcforge scenario new my-{new_id} --from {new_id} copies it)")
    mine = own_scenarios().get(new_id)
    if mine is not None and (replacing is None or resolved(mine) != resolved(replacing)):
        raise GenerateError(f"'{new_id}' is the id of one of your scenarios already: give the new one its own id, or "
                            f"replace that scenario with --force --out {display_path(mine)}")


def skeleton(new_id: str, template: str, *, replacing: Path | None = None) -> str:
    """The text of a new scenario file made from the commented skeleton or from a bundled scenario (``replacing``: the
    file it may overwrite, see :func:`_new_id`)."""
    from tcforge.data.schemas import with_editor_line
    _new_id(new_id, replacing)
    text = _template_text(template)
    return with_editor_line(re.sub(r"(?m)^id: [^\s#]+", f"id: {new_id}", text, count=1), "scenario")


def _template_text(template: str) -> str:
    """The skeleton, a bundled scenario by id, or a scenario file that passes the scenario schema; nothing else
    (a template is never a path inside the project built from an id, and never an arbitrary YAML file)."""
    from tcforge.scenarios.loading import bundled_ids, load_scenario, scenarios_dir
    if template in ("skeleton", ""):
        return (templates_dir() / "scenario-skeleton.yaml").read_text(encoding="utf-8")
    if template in bundled_ids():
        return (scenarios_dir() / f"{template}.yaml").read_text(encoding="utf-8")
    path = Path(template)
    if not path.is_file():
        raise GenerateError(f"no template '{template}': use 'skeleton', a bundled scenario id "
                            f"({', '.join(bundled_ids())}) or a scenario file")
    findings = [f for f in load_scenario(path).findings if f.code in ("yaml", "schema", "text-control", "text-too-long")]
    if findings:
        # The finding is not quoted: its message may quote the file, and --from must not print what any file holds.
        first = findings[0]
        raise GenerateError(f"{first.file}:{first.line}:{first.col}: {template} is not a scenario file ('tcforge scenario "
                            "check' says why); --from takes 'skeleton', a bundled scenario id or a scenario file")
    return path.read_text(encoding="utf-8")


def points_range(kind: str) -> tuple[int, int]:
    """The build points ``jeff_mike`` accepts: from 60 to the scenario schema's largest budget (the attacker's
    budget, half as much again, must fit it too)."""
    from tcforge.data.schemas import schema
    top = int(schema("scenario")["$defs"]["build"]["properties"]["points"]["maximum"])
    return MIN_POINTS, (top if kind == "meeting" else top * 2 // 3)


def jeff_mike(new_id: str, *, year: int, points: int, seed: int, kind: str = "meeting",
              replacing: Path | None = None) -> str:
    """A random scenario by source 001's design-your-own method, as scenario-file text (``replacing``: the file it may
    overwrite, see :func:`_new_id`)."""
    _new_id(new_id, replacing)
    if not 1941 <= year <= 1945:
        raise GenerateError(f"year {year}: the cards cover 1941-1945")
    if kind not in ("meeting", "attack"):
        raise GenerateError(f"unknown kind '{kind}': use meeting or attack")
    low, high = points_range(kind)
    if points < low:
        raise GenerateError(f"{points} points buy nothing worth a battle: give {low} to {high}")
    if points > high:
        why = "an attack (the attacker gets half as much again)" if kind == "attack" else "a meeting engagement"
        raise GenerateError(f"{points} points: the build of {why} is at most {high} points; give {low} to {high}")
    rng = random.Random(seed)
    data = load_data("jeff-mike-2002")
    columns = int(data.ruleset["battlefield.columns"])
    roles = ("meeting", "meeting") if kind == "meeting" else ("attacker", "defender")
    budgets = (points, points) if kind == "meeting" else (points * 3 // 2, points)
    sides = []
    for index, (nation, prefix) in enumerate((("german", "G"), ("soviet", "R"))):
        budget = budgets[index]
        forces: list[dict[str, Any]] = []
        own_rows = (2, 3)  # each side's ranks 2 and 3 counted from its reserve
        spots = [f"{prefix}{r}-{c}" for r in own_rows for c in range(1, columns + 1)]
        rng.shuffle(spots)
        for name in rng.sample(TERRAIN, rng.randint(1, 3)):  # 001 step 4: terrain on one's own zones
            cost = int(data.cards.get(name).effective["points"])
            if cost <= budget // 4:
                forces.append({"card": name, "count": 1, "at": spots.pop()})
                budget -= cost
        pool = [c for c in data.cards if c.nation == nation and c.type in ("vehicle", "at_gun", "infantry")
                and c.in_service(year) and isinstance(c.effective.get("points"), int)]
        bought: dict[str, int] = {}
        while True:
            affordable = [c for c in pool if c.effective["points"] <= budget]
            if not affordable or sum(bought.values()) >= 10:
                break
            card = rng.choice(affordable)
            bought[card.name] = bought.get(card.name, 0) + 1
            budget -= int(card.effective["points"])
        forces += [{"card": name, "count": count} for name, count in sorted(bought.items())]
        deck = []
        for name in rng.sample(SPECIALS, 3):
            cost = int(data.cards.get(name).effective["points"])
            if cost <= budget:
                deck.append({"card": name, "count": 1})
                budget -= cost
        side: dict[str, Any] = {"id": nation, "nation": nation, "role": roles[index],
                                "setup": {"zone": "all", "reserve": True}, "build": {"points": budgets[index]},
                                "forces": forces}
        if deck:
            side["deck"] = deck
        sides.append(side)
    need = (1, 1) if kind == "meeting" else (2, 1)
    victory = [{"id": f"{s['id']}-breaks-in", "type": "control_rank", "winner": s["id"], "rank": 2, "count": n,
                "text": {"en": f"Win by holding {n} zone(s) of the enemy's second row at once.",
                         "fr": f"Victoire en tenant en même temps {n} zone(s) de la deuxième rangée ennemie."}}
               for s, n in zip(sides, need, strict=True)]
    doc = {
        "id": new_id,
        "title": {"en": f"Design-your-own {'meeting engagement' if kind == 'meeting' else 'attack'}, {year}",
                  "fr": f"{'Combat de rencontre' if kind == 'meeting' else 'Attaque'} à composer, {year}"},
        "description": {"en": f"A battle generated by the design-your-own method of source 001 (seed {seed}): "
                              f"{budgets[0]} against {budgets[1]} points of cards in service in {year}.",
                        "fr": f"Une bataille produite par la méthode de conception de la source 001 (graine {seed}) : "
                              f"{budgets[0]} contre {budgets[1]} points de cartes en service en {year}."},
        "source": {"document": "001", "section": "DYO Scenario Generation Method"},
        "date": str(year),
        "ruleset": {"id": "jeff-mike-2002"},
        "side_assignment": "players_choose",
        "battlefield": {"terrain": {"method": "discretionary", "by": ["german", "soviet"], "where": "own",
                                    "alternate": True}},
        "sides": sides,
        "initiative": {"method": "roll", "winner": "high", "setup_first": "first_player"},
        "deck": {"draw_deck": True, "only_listed": False, "extras": ["any"], "max_identical_special_events": 2},
        "turn_limit": 12,
        # 001 DYO attack/defense: the defender wins by stopping the attacker, so the turn limit is his victory
        "victory": {"conditions": victory, "default": None if kind == "meeting" else sides[roles.index("defender")]["id"]},
        "notes": [{"en": "001 sets no turn limit; the generator gives twelve turns so that every game ends"
                         + ("." if kind == "meeting" else ", and then the defender has stopped the attack and wins."),
                   "fr": "La source 001 ne fixe pas de limite ; le générateur donne douze tours pour que chaque partie finisse"
                         + ("." if kind == "meeting" else ", et le défenseur, qui a alors arrêté l'attaque, gagne.")}],
    }
    header = f"# Generated by: tcforge scenario generate --method jeff-mike --year {year} --points {points} --seed {seed}\n"
    return header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def write_card_file(path: Path, *, force: bool = False) -> Path:
    """Write the commented card file skeleton (templates/cards-skeleton.yaml) at ``path``, its first line naming the
    installed cards schema for the editor."""
    from tcforge.data.schemas import with_editor_line
    if path.is_dir() or written_as_folder(path):
        raise GenerateError(folder_refusal(path, "FILE", path / "my-cards.yaml"))
    text = with_editor_line((templates_dir() / "cards-skeleton.yaml").read_text(encoding="utf-8"), "cards")
    return write_new(text, path, force=force, other="another file name")


def write_new(text: str, path: Path, *, force: bool = False, other: str = "another id or --out") -> Path:
    """Write a scenario file whole; a folder is refused with the file name to give instead (the scenario's id)."""
    if path.is_dir() or written_as_folder(path):  # --force cannot help: a folder is never replaced by a file
        found = re.search(r"^id: *([a-z0-9-]+)( |$)", text, re.MULTILINE)
        raise GenerateError(folder_refusal(path, "--out", path / ((found[1] if found else "my-scenario") + ".yaml")))
    if path.exists() and not force:
        raise GenerateError(f"{path} exists already: choose {other}, or pass --force")
    from tcforge.atomic import atomic_path
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path

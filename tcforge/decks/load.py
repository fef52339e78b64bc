"""Loading command decks and their rules from checked documents, with the checks a schema cannot make.

A deck must name rules that exist, sides it declares, support tables it
defines, and hold at least as many Turn Over cards as end a turn; a die table
must give each face of its die exactly one result. Each problem is placed at
its file, line and column, like every other data problem.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tcforge.data.documents import Document, discover
from tcforge.data.problems import DataError, Problem
from tcforge.data.rulesets import Param
from tcforge.decks.model import (
    SUPPORT,
    TURN_OVER,
    CommandDeck,
    DeckCard,
    FluidRules,
    Formation,
    ImpulseType,
    Side,
    SupportResult,
    SupportTable,
)
from tcforge.paths import data_dir

DECK, RULES = "command-deck", "fluid-rules"
REQUIRED_PARAMS = (
    "turn.turn_overs_to_end", "fire.hit_die_sides", "fire.natural_one_hits", "fire.size_modifiers",
    "fire.soviet_moving_replaces_shooter_moved", "fire.flank_extra_dice", "fire.penetrating_results",
    "fire.out_of_action_results", "morale.dice", "morale.pass_at_least", "morale.abandon_at_most", "morale.modifiers",
    "support.intensity", "support.templates", "support.bomber_dice", "support.fighter_dice", "support.artillery_dice",
    "support.armour_extra_dice")


def decks_dir() -> Path:
    return data_dir() / "decks"


def _rules(doc: Document) -> FluidRules:
    data = doc.data
    types = {tid: ImpulseType(tid, raw["scope"], dict(raw["actions"]), str(raw["case"]), {"en": raw["en"], "fr": raw["fr"]},
                          str(raw.get("unclear", "")))
             for tid, raw in data["impulse_types"].items()}
    params = {name: Param(name, raw["value"], str(raw["case"]), str(raw["en"]), str(raw.get("unclear", "")), "", data["id"])
              for name, raw in data["parameters"].items()}
    return FluidRules(data["id"], dict(data["title"]), types, params, doc.display)


def _deck(doc: Document, rules: dict[str, FluidRules]) -> tuple[CommandDeck | None, list[Problem]]:
    data = doc.data
    problems: list[Problem] = []
    sides = {sid: Side(sid, raw["nation"], {"en": raw["en"], "fr": raw["fr"]}) for sid, raw in data["forces"].items()}
    rule_set = rules.get(data["rules"])
    if rule_set is None:
        problems.append(doc.problem(("rules",), f"deck '{data['id']}': unknown rules '{data['rules']}'",
                                    "use the id of a fluid-time rules file in data/decks: " + (", ".join(sorted(rules)) or "none found"),
                                    "unknown-rules"))
    tables: dict[str, SupportTable] = {}
    for tid, raw in (data.get("support_tables") or {}).items():
        results = tuple(SupportResult(tuple(r["rolls"]), str(r["result"]), r.get("attacker"), r.get("table"),
                                      str(r.get("result_fr", "")))
                        for r in raw["results"])
        tables[tid] = SupportTable(tid, raw["kind"], raw["die"], results)
        problems += _check_table(doc, tid, raw)
    for tid, table in tables.items():
        for i, result in enumerate(table.results):
            if result.table is not None and result.table not in tables:
                problems.append(doc.problem(("support_tables", tid, "results", i, "table"),
                                            f"support table '{tid}': result '{result.result}' names unknown table '{result.table}'",
                                            "use a key of support_tables: " + ", ".join(sorted(tables)), "unknown-table"))
            if result.table is None and result.attacker is None:
                problems.append(doc.problem(("support_tables", tid, "results", i),
                                            f"support table '{tid}': result '{result.result}' "
                                            f"says neither how it attacks nor which table it uses",
                                            "add attacker: bomber, fighter, artillery or none, or table: ID", "support-result"))
    problems += _check_circles(doc, tables)
    if rule_set is not None:
        intensity = rule_set.params.get("support.intensity")
        nations = set(intensity.value) if intensity is not None else set()
        for sid, side in sides.items():
            if side.nation not in nations:
                problems.append(doc.problem(("forces", sid, "nation"), f"side '{sid}': no support intensity for nation '{side.nation}'",
                                            f"use a nation of support.intensity in {rule_set.file}: " + ", ".join(sorted(nations)),
                                            "unknown-nation"))
    formations: dict[str, Formation] = {}
    cards: list[DeckCard] = []
    for g, group in enumerate(data["command_deck"]):
        heading = str(group["heading"])
        for c, raw in enumerate(group.get("cards") or []):
            path = ("command_deck", g, "cards", c)
            problems += _check_card(doc, path, raw, sides, tables, formation=None)
            cards.append(DeckCard(len(cards), str(raw["text"]), raw["type"], raw.get("side"), None, raw.get("support"),
                                  heading, doc.where(path)[0]))
        for f, fraw in enumerate(group.get("formations") or []):
            fpath = ("command_deck", g, "formations", f)
            formation_side = fraw.get("side") or group.get("side")
            if formation_side is None or formation_side not in sides:
                problems.append(doc.problem(fpath + (("side",) if fraw.get("side") else ("id",)),
                                            f"formation '{fraw['id']}': "
                                            + (f"unknown side '{formation_side}'" if formation_side else "no side"),
                                            "give the formation or its heading a side: " + ", ".join(sorted(sides)), "unknown-side"))
                formation_side = formation_side or "?"
            if fraw["id"] in formations:
                problems.append(doc.problem(fpath + ("id",), f"formation id '{fraw['id']}' is used twice",
                                            "give each formation its own id", "duplicate-formation"))
            formations[fraw["id"]] = Formation(fraw["id"], str(fraw["name"]), formation_side, str(fraw.get("printed", "")),
                                                 str(fraw.get("name_fr", "")))
            for c, raw in enumerate(fraw["cards"]):
                card_path = fpath + ("cards", c)
                problems += _check_card(doc, card_path, raw, sides, tables, formation=fraw["id"])
                cards.append(DeckCard(len(cards), str(raw["text"]), raw["type"], formation_side, fraw["id"], raw.get("support"),
                                      heading, doc.where(card_path)[0]))
    deck = CommandDeck(data["id"], dict(data["title"]), data["front"], dict(data["period"]), data["rules"], sides,
                       formations, tuple(cards), tables, tuple(data.get("interpretations") or ()), doc.display)
    if deck.shuffled and all(c.type == TURN_OVER for c in deck.shuffled):
        problems.append(doc.problem(("command_deck",), f"deck '{deck.id}' shuffles only Turn Over cards: every turn ends "
                                                       "before any side or formation acts",
                                    "add the sides' cards (Move, Free Action, support, the formations' cards)",
                                    "only-turn-overs"))
    if rule_set is not None:
        needed = rule_set["turn.turn_overs_to_end"]
        if deck.count(TURN_OVER) < needed:
            problems.append(doc.problem(("command_deck",), f"deck '{deck.id}' has {deck.count(TURN_OVER)} Turn Over card(s); "
                                                   f"a turn ends when {needed} have been drawn ({rule_set.file})",
                                        f"add Turn Over cards until there are at least {needed}", "too-few-turn-overs"))
        for card in deck.cards:
            if card.type not in rule_set.impulse_types:
                problems.append(Problem(doc.display, card.line, 1, f"card '{card.text}': the rules {rule_set.id} do not define "
                                        f"impulse type '{card.type}'", f"add it to impulse_types in {rule_set.file}",
                                        code="unknown-impulse-type"))
        for side in sides:
            if sum(1 for c in deck.commander_cards if c.side == side) > 1:
                problems.append(doc.problem(("command_deck",), f"side '{side}' has more than one commander's Free Action card",
                                            "003 gives each commander one such card", "commander-cards"))
    return deck, problems


def _check_card(doc: Document, path: tuple[object, ...], raw: dict[str, Any], sides: dict[str, Any],
                tables: dict[str, Any], formation: str | None) -> list[Problem]:
    problems: list[Problem] = []
    kind = raw["type"]
    unit = kind.startswith("unit_")
    if unit and formation is None:
        problems.append(doc.problem(path + ("type",), f"card '{raw['text']}': a {kind} card names a formation",
                                    "put it in the cards of a formation", "unit-card-outside-formation"))
    if not unit and formation is not None:
        problems.append(doc.problem(path + ("type",), f"card '{raw['text']}': a {kind} card does not belong to a formation",
                                    "list it under a heading's cards, not a formation's", "side-card-in-formation"))
    if kind == TURN_OVER and "side" in raw:
        problems.append(doc.problem(path + ("side",), "a Turn Over card belongs to no side", "remove 'side'", "turn-over-side"))
    if kind != TURN_OVER and formation is None and "side" not in raw:
        problems.append(doc.problem(path, f"card '{raw['text']}' ({kind}) needs a side",
                                    "add side: " + " or ".join(sorted(sides)), "missing-side"))
    if "side" in raw and raw["side"] not in sides:
        problems.append(doc.problem(path + ("side",), f"card '{raw['text']}': unknown side '{raw['side']}'",
                                    "use a key of forces: " + ", ".join(sorted(sides)), "unknown-side"))
    if kind == SUPPORT and "support" not in raw:
        problems.append(doc.problem(path, f"support card '{raw['text']}' names no die table",
                                    "add support: ID (a key of support_tables)", "missing-support"))
    if "support" in raw and kind != SUPPORT:
        problems.append(doc.problem(path + ("support",), f"card '{raw['text']}' is not a support card but names a table",
                                    "remove 'support' or make the type support", "support-on-other-card"))
    if "support" in raw and raw["support"] not in tables:
        problems.append(doc.problem(path + ("support",), f"card '{raw['text']}': unknown support table '{raw['support']}'",
                                    "use a key of support_tables: " + (", ".join(sorted(tables)) or "none defined"), "unknown-table"))
    return problems


def _check_circles(doc: Document, tables: dict[str, SupportTable]) -> list[Problem]:
    """One problem for each group of support tables that lead to each other in a circle (a table naming itself
    included): a roll there could send the player round for ever, and the odds of the tables would be cut short.
    It is placed at the reference that leaves the circle's first table (in the file's order) and names the tables."""
    edges = {tid: [(i, r.table) for i, r in enumerate(t.results) if r.table in tables] for tid, t in tables.items()}
    problems = []
    for group in _strongly_connected(list(tables), {tid: [to for _, to in out] for tid, out in edges.items()}):
        start = group[0]
        if len(group) == 1 and start not in {to for _, to in edges[start]}:
            continue
        circle = _circle(start, set(group), edges)
        i = next(i for i, to in edges[start] if to == circle[1])
        problems.append(doc.problem(("support_tables", start, "results", i, "table"),
                                    "support tables refer to each other in a circle: " + " -> ".join(circle),
                                    "a roll must end on a result that attacks: give one of these results "
                                    "attacker: bomber, fighter, artillery or none instead of a table", "support-circle"))
    return problems


def _strongly_connected(nodes: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, without recursion; each component in ``nodes`` order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, at = work.pop()
            if at == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if at < len(edges[node]):
                work.append((node, at + 1))
                nxt = edges[node][at]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(sorted(group, key=nodes.index))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(groups, key=lambda g: nodes.index(g[0]))


def _circle(start: str, group: set[str], edges: dict[str, list[tuple[int, str]]]) -> list[str]:
    """The shortest way from ``start`` back to itself inside ``group``: [start, ..., start]."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for _, to in edges[node]:
                if to == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start] + path[::-1][1:] + [start] if node != start else [start, start]
                if to in group and to not in came:
                    came[to] = node
                    following.append(to)
        frontier = following
    raise AssertionError(f"{start} is in a circle")


def _check_table(doc: Document, tid: str, raw: dict[str, Any]) -> list[Problem]:
    faces = [roll for result in raw["results"] for roll in result["rolls"]]
    if raw["die"] == "none":
        if len(raw["results"]) != 1:
            return [doc.problem(("support_tables", tid, "results"), f"support table '{tid}' has no die but {len(raw['results'])} results",
                                "a card without a roll has one result; or set die: d6", "support-table")]
        return []
    missing = sorted(set(range(1, 7)) - set(faces))
    twice = sorted({f for f in faces if faces.count(f) > 1})
    problems = []
    if missing or twice:
        what = "; ".join(part for part in (f"no result for {', '.join(map(str, missing))}" if missing else "",
                                           f"{', '.join(map(str, twice))} given twice" if twice else "") if part)
        problems.append(doc.problem(("support_tables", tid, "results"), f"support table '{tid}': {what}",
                                    "give each face of the d6 exactly one result (an unprinted face is a result too: write it, "
                                    "and record the reading under interpretations)", "support-table"))
    return problems


def check_documents(documents: list[Document]) -> tuple[dict[str, FluidRules], dict[str, CommandDeck], list[Problem]]:
    """Rules and decks of the documents (schema-valid ones only) and every problem between them."""
    problems: list[Problem] = []
    rules: dict[str, FluidRules] = {}
    for doc in documents:
        if doc.kind and doc.kind.name == RULES and doc.schema_ok:
            rid = doc.data["id"]
            if rid in rules:
                problems.append(doc.problem(("id",), f"fluid-time rules '{rid}' are defined twice",
                                            f"the other is {rules[rid].file}; rename one", "duplicate-rules"))
                continue
            missing = [name for name in REQUIRED_PARAMS if name not in doc.data["parameters"]]
            if missing:
                problems.append(doc.problem(("parameters",), f"fluid-time rules '{rid}' lack parameter(s) " + ", ".join(missing),
                                            "every parameter of data/decks/fluid-time-003.yaml is needed by the odds and the "
                                            "tables; add them", "missing-parameter"))
                continue
            rules[rid] = _rules(doc)
    decks: dict[str, CommandDeck] = {}
    for doc in documents:
        if doc.kind and doc.kind.name == DECK and doc.schema_ok:
            deck, found = _deck(doc, rules)
            problems += found
            if deck is None:
                continue
            if deck.id in decks:
                problems.append(doc.problem(("id",), f"deck '{deck.id}' is defined twice",
                                            f"the other is {decks[deck.id].file}; rename one", "duplicate-deck"))
                continue
            decks[deck.id] = deck
    return rules, decks, problems


def problems_of(documents: list[Document]) -> list[Problem]:
    """The deck problems of a set of documents (for ``tcforge validate``)."""
    return check_documents(documents)[2]


def load_decks(root: Path | None = None) -> tuple[dict[str, FluidRules], dict[str, CommandDeck]]:
    """The bundled (or given) decks and their rules; raises DataError with every problem when not valid."""
    from tcforge.data.dataset import load_documents

    folder = root or decks_dir()
    documents, problems = load_documents(discover(folder) if folder.exists() else [])
    problems += [p for d in documents if d.kind is None or d.kind.name not in (DECK, RULES)
                 for p in [Problem(d.display, 1, 1, "not a command deck or fluid-time rules file",
                                   "data/decks holds decks (top-level key 'command_deck') and rules (key 'impulse_types')",
                                   code="unknown-kind")]]
    rules, decks, found = check_documents(documents)
    problems += found
    if problems:
        raise DataError(problems)
    return rules, decks


class DeckLookupError(ValueError):
    """No deck by that name; the message lists the ones there are."""


def find_deck(name: str, root: Path | None = None) -> tuple[CommandDeck, FluidRules]:
    """A deck by id, or by the path of its file (which is then checked with the bundled rules)."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.exists():
        from tcforge.data.dataset import load_documents

        bundled = [p for p in discover(root or decks_dir()) if p.resolve() != path.resolve()]
        documents, problems = load_documents(bundled + [path])
        # a copy of a bundled deck may keep its id
        documents = [d for d in documents[:-1] if d.kind and d.kind.name == RULES] + documents[-1:]
        rules, _, found = check_documents(documents)
        target = documents[-1]
        problems = [p for p in problems + found if p.file == target.display]
        if target.kind is None or target.kind.name != DECK:
            problems.append(Problem(target.display, 1, 1, "not a command deck file", "a deck has the top-level key 'command_deck'",
                                    code="unknown-kind"))
        if problems:
            raise DataError(problems)
        deck, _ = _deck(target, rules)
        assert deck is not None
        return deck, rules[deck.rules_id]
    rules, decks = load_decks(root)
    if name not in decks:
        raise DeckLookupError(f"no deck '{name}': the decks are " + (", ".join(sorted(decks)) or "none")
                              + "; or give the path of a deck file")
    deck = decks[name]
    return deck, rules[deck.rules_id]

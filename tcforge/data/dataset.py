"""From checked documents to the card set: cards, errata applied, rulings attached.

Consistency problems (duplicate ids, aliases that clash, an erratum whose
printed value is not what the card data says, references to unknown cards,
...) are found while building, each placed at its file, line and column.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tcforge.data import schemas, translations
from tcforge.data.cards import Card, CardSet, Change, get_field, has_field
from tcforge.data.coverage_file import check as check_coverage
from tcforge.data.documents import Document, discover, read, walk
from tcforge.data.glossary import check_cards as check_glossary
from tcforge.data.names import name_key
from tcforge.data.problems import DataError, Problem
from tcforge.data.rulesets import Ruleset
from tcforge.data.rulesets import resolve as resolve_rulesets
from tcforge.paths import data_dir, user_data_dirs


@dataclass
class Build:
    cards: CardSet
    problems: list[Problem] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    rulesets: dict[str, Ruleset] = field(default_factory=dict)


def _src_label(source: dict[str, Any]) -> str:
    if "faq" in source:
        return f"FAQ {source['faq']} (000 19.2)"
    if "table" in source:
        return f"errata table, {source['table'].replace('_', ' ')} (000 19.1)"
    return f"000 {source['section']}"


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def build(documents: list[Document], *, variants: bool = True, errata: tuple[str, ...] | None = None) -> Build:
    """Build the card set from the schema-valid documents and check their consistency.

    A document that fails its schema (or its YAML checks) was reported already and
    is left out whole: the cross-file checks below rely on the types the schema
    guarantees (a list-valued id or a numeric name would crash them).

    ``errata`` names the errata sets to apply, in order (a ruleset's choice); by
    default every official set, and the variant sets too unless ``variants`` is false.
    """
    problems: list[Problem] = []
    cards: list[Card] = []
    where: dict[object, tuple[Document, tuple[object, ...]]] = {}
    tables: dict[str, tuple[Document, dict[str, Any]]] = {}

    card_docs = [d for d in documents if d.kind and d.kind.name == "cards" and d.schema_ok]
    for doc in card_docs:
        for i, table in enumerate(doc.data.get("terrain_tables") or []):
            if not isinstance(table, dict) or "id" not in table:
                continue
            if table["id"] in tables:
                other = tables[table["id"]][0]
                problems.append(doc.problem(("terrain_tables", i, "id"), f"terrain table '{table['id']}' is defined twice",
                                            f"rename one; the other is in {other.display}", "duplicate-table"))
            else:
                tables[table["id"]] = (doc, table)

    for doc in card_docs:
        file_source = doc.data.get("source") if isinstance(doc.data.get("source"), dict) else {}
        if not file_source and isinstance(doc.data.get("design"), dict):  # a designer's own cards: who made them
            file_source = {"design": dict(doc.data["design"])}
        for i, raw in enumerate(doc.data.get("cards") or []):
            if not isinstance(raw, dict) or not {"id", "name", "type", "class", "nation", "rarity"} <= raw.keys():
                continue  # the schema reported it
            path = ("cards", i)
            if raw["id"] in where:
                other_doc, other_path = where[raw["id"]]
                line = other_doc.where(other_path)[0]
                problems.append(doc.problem(path + ("id",), f"card id {raw['id']} is used twice",
                                            f"the other card {raw['id']} is at {other_doc.display}:{line}; give one a free number",
                                            "duplicate-id"))
                continue
            where[raw["id"]] = (doc, path)
            years = raw.get("years") or {}
            first, last = years.get("first"), years.get("last")
            if isinstance(first, int) and isinstance(last, int) and first > last:
                problems.append(doc.problem(path + ("years", "first"), f"card {raw['id']}: first year {first} is after last year {last}",
                                            "swap them, or check the card table", "years-order"))
            for table_id in (raw.get("terrain_effects") or {}):
                if table_id not in tables:
                    problems.append(doc.problem(path + ("terrain_effects", table_id),
                                                f"card {raw['id']}: unknown terrain table '{table_id}'",
                                                "use an id from terrain_tables: " + ", ".join(sorted(tables)) if tables
                                                else "declare the table under terrain_tables", "unknown-table", key=True))
            line = doc.where(path)[0]
            cards.append(Card(printed=raw, file=doc.display, line=line, source=raw.get("source", file_source)))

    problems += _check_names(cards, where)
    for glossary_doc in (d for d in documents if d.kind and d.kind.name == "glossary" and d.schema_ok):
        problems += check_glossary(glossary_doc, [(doc, path, card.printed) for card in cards
                                                  for doc, path in [where[card.id]]])
    card_set = CardSet(cards, [t for _, t in tables.values()])

    for doc in card_docs:
        for i, raw in enumerate(doc.data.get("cards") or []):
            if isinstance(raw, dict) and "sleeve_on" in raw and raw["sleeve_on"] not in card_set.by_id:
                problems.append(doc.problem(("cards", i, "sleeve_on"),
                                            f"card {raw.get('id')}: sleeve_on names unknown card {raw['sleeve_on']}",
                                            "give the number of a printed card", "unknown-card"))

    errata_docs: dict[str, Document] = {}
    for doc in (d for d in documents if d.kind and d.kind.name == "errata" and d.schema_ok):
        set_id = str(doc.data.get("set"))
        if set_id in errata_docs:
            problems.append(doc.problem(("set",), f"errata set '{set_id}' is defined twice",
                                        f"the other is {errata_docs[set_id].display}; give this set its own id", "duplicate-set"))
            continue
        errata_docs[set_id] = doc
    if errata is None:
        chosen = [d for d in errata_docs.values() if variants or not d.data.get("variant")]
    else:
        chosen = [errata_docs[s] for s in errata if s in errata_docs]
    for doc in chosen:
        problems += _apply_errata(doc, card_set)
    for doc in errata_docs.values():
        if doc not in chosen:  # still checked: a set no ruleset uses must not rot
            problems += _apply_errata(doc, CardSet(Card(printed=c.printed, file=c.file, line=c.line) for c in card_set))

    for doc in (d for d in documents if d.kind and d.kind.name == "rulings" and d.schema_ok):
        for i, ruling in enumerate(doc.data.get("rulings") or []):
            if not isinstance(ruling, dict):
                continue
            for j, ref in enumerate(ruling.get("cards") or []):
                if ref in card_set.by_id:
                    card_set.by_id[ref].rulings.append(ruling)
                else:
                    problems.append(doc.problem(("rulings", i, "cards", j), f"ruling for FAQ {ruling.get('faq')}: unknown card {ref}",
                                                "give the number of an existing card", "unknown-card"))
    ruleset_docs = [d for d in documents if d.kind and d.kind.name == "ruleset" and d.schema_ok]
    rulesets, ruleset_problems = resolve_rulesets(ruleset_docs, set(tables), set(errata_docs))
    problems += ruleset_problems
    scenarios = {str(d.data.get("id")): d for d in documents if d.kind and d.kind.name == "scenario" and d.schema_ok}
    for doc in (d for d in documents if d.kind and d.kind.name == "coverage" and d.schema_ok):
        problems += check_coverage(doc, rulesets, scenarios, card_set)
    return Build(card_set, problems, documents, rulesets)


def _check_names(cards: list[Card], where: dict[object, tuple[Document, tuple[object, ...]]]) -> list[Problem]:
    problems: list[Problem] = []
    names: dict[str, Card] = {}
    for card in cards:
        key = name_key(card.printed["name"])
        if key in names:
            doc, path = where[card.id]
            other = names[key]
            problems.append(doc.problem(path + ("name",), f"card {card.id}: name '{card.printed['name']}' is already card {other.id}'s",
                                        f"names must be unique (ignoring case and punctuation); "
                                        f"card {other.id} is at {other.file}:{other.line}",
                                        "duplicate-name"))
        else:
            names[key] = card
    aliases: dict[tuple[str, str], Card] = {}
    order = {id(card): i for i, card in enumerate(cards)}  # the bundled data comes first: a clash is the newcomer's
    for card in cards:
        doc, path = where[card.id]
        for j, alias in enumerate(card.printed.get("aliases") or []):
            key = name_key(alias)
            owner = names.get(key)
            if owner is not None and owner is not card and order[id(owner)] > order[id(card)]:
                # a later card (a designer's own, over the bundled data) took an earlier card's alias as its name: said
                # at that name, or validate would pass the designer's file and every card command fail in the package
                owner_doc, owner_path = where[owner.id]
                problems.append(owner_doc.problem(
                    owner_path + ("name",), f"card {owner.id}: name '{owner.printed['name']}' is already an alias of "
                                            f"card {card.id} ({card.printed['name']})",
                    f"a name may not be another card's alias (ignoring case and punctuation); "
                    f"card {card.id} is at {card.file}:{card.line}", "name-is-alias"))
                continue
            if owner is not None and owner is not card:
                problems.append(doc.problem(path + ("aliases", j), f"card {card.id}: alias '{alias}' is the name of card {owner.id}",
                                            "an alias may not be another card's name; remove it", "alias-shadows-name"))
                continue
            scopes = ("german", "soviet") if card.nation == "any" else (card.nation,)
            for scope in scopes:
                holder = aliases.get((scope, key))
                if holder is not None and holder is not card:
                    problems.append(doc.problem(path + ("aliases", j),
                                                f"card {card.id}: alias '{alias}' is already an alias of card {holder.id} ({scope})",
                                                "aliases must be unique among a nation's cards; remove one", "duplicate-alias"))
                    break
                aliases[(scope, key)] = card
    return problems


def _apply_errata(doc: Document, card_set: CardSet) -> list[Problem]:
    problems: list[Problem] = []
    set_id = str(doc.data.get("set", doc.display))
    variant = bool(doc.data.get("variant", False))
    for i, erratum in enumerate(doc.data.get("errata") or []):
        if not isinstance(erratum, dict) or "card" not in erratum:
            continue
        ref = erratum["card"]
        card = card_set.by_id.get(ref)
        if card is None:
            problems.append(doc.problem(("errata", i, "card"), f"erratum for unknown card {ref}",
                                        "give the number of an existing card", "unknown-card"))
            continue
        sources = tuple(_src_label(s) for s in erratum.get("sources") or [] if isinstance(s, dict))
        seen: set[str] = set()
        applied: dict[str, tuple[object, ...]] = {}
        for j, change in enumerate(erratum.get("changes") or []):
            if not isinstance(change, dict) or not {"field", "printed", "corrected"} <= change.keys():
                continue
            dotted = change["field"]
            path = ("errata", i, "changes", j)
            if dotted in seen:
                problems.append(doc.problem(path + ("field",), f"card {ref}: {dotted} is corrected twice in this erratum",
                                            "keep one change per field", "erratum-duplicate"))
                continue
            seen.add(dotted)
            if not has_field(card.printed, dotted):
                problems.append(doc.problem(path + ("field",), f"card {ref} ({card.printed['name']}) has no value '{dotted}' to correct",
                                            "check the field name and the card number", "erratum-field"))
                continue
            actual = get_field(card.printed, dotted)
            if not _same(actual, change["printed"]):
                problems.append(doc.problem(path + ("printed",),
                                            f"card {ref} ({card.printed['name']}): erratum says {dotted} is printed {change['printed']!r}, "
                                            f"the card data says {actual!r}",
                                            "fix whichever is wrong: the card data holds values as printed", "erratum-mismatch"))
                continue
            card.apply(Change(dotted, change["printed"], change["corrected"], set_id, sources, variant,
                              str(erratum.get("note", ""))))
            applied[dotted] = path
        problems += _check_corrected(doc, card, applied, ("errata", i))
    return problems


def _check_corrected(doc: Document, card: Card, applied: dict[str, tuple[object, ...]],
                     erratum_path: tuple[object, ...]) -> list[Problem]:
    """A corrected card must still be a valid card: a corrected armor of 99 is an error of the erratum."""
    if not applied:
        return []
    wrapper = {"family": "x", "source": {"document": "000", "section": "x"}, "cards": [card.effective]}
    problems = []
    for error in schemas.validator("cards").iter_errors(wrapper):
        dotted = ".".join(str(p) for p in list(error.instance_path)[2:])
        path = applied[dotted] + ("corrected",) if dotted in applied else erratum_path
        problems.append(doc.problem(path, f"card {card.id} after this erratum: {dotted or 'card'}: {error.message}",
                                    "check the corrected value against the card format (schemas/cards.schema.json)",
                                    "erratum-invalid"))
    return problems


def load_documents(paths: list[Path]) -> tuple[list[Document], list[Problem]]:
    documents, problems = [], []
    for path in paths:
        doc, found = read(path)
        documents.append(doc)
        problems += found
    return documents, problems


DEFAULT_RULESET = "six-pack-r3"


@dataclass
class GameData:
    """Everything the engine and the printers read: the cards as a ruleset sees them, and the rulesets."""

    cards: CardSet
    ruleset: Ruleset
    rulesets: dict[str, Ruleset]


# Keyed by the working directory too: the cards and problems carry their files' paths as users see them, relative to
# it (tcforge.paths.display_path), and a process that changes directory (the test suite) must not show another's.
_CACHE: dict[tuple[str, str | None, bool, tuple[str, ...], str], GameData] = {}
_PARSED: dict[tuple[str, tuple[str, ...], str], tuple[list[Document], Any]] = {}  # a data folder's files, read and built once


def load_data(ruleset: str | None = None, root: Path | None = None) -> GameData:
    """The bundled (or given) data, errata applied as ``ruleset`` says; raises DataError when not valid.

    The bundled data comes with the designer's own (``--data``, see :func:`tcforge.paths.user_data_dirs`) layered
    over it. Loaded once per process, ruleset and layer: callers must not change what they get.
    """
    layered = root is None
    root = (root or data_dir()).resolve()
    layers = tuple(str(d) for d in user_data_dirs()) if layered else ()
    rid = ruleset or DEFAULT_RULESET  # the default named or not is one load
    here = str(Path.cwd())
    key = (str(root), rid, True, layers, here)
    if key in _CACHE:
        return _CACHE[key]
    parsed = _PARSED.get((str(root), layers, here))
    if parsed is None:  # the files are read and checked once, whatever rulesets are asked for after
        documents, problems = _game_documents(root, layered)
        first = build(documents)
        problems += first.problems
        if problems:
            raise DataError(problems)
        parsed = _PARSED[(str(root), layers, here)] = (documents, first)
    documents, first = parsed
    if rid not in first.rulesets:
        raise DataError([Problem(str(root), 1, 1, f"unknown ruleset '{rid}'",
                                 "use one of: " + ", ".join(sorted(first.rulesets)), code="unknown-ruleset")])
    chosen = first.rulesets[rid]
    cards = build(documents, errata=chosen.errata).cards
    if layered:
        _translate(cards)
    _CACHE[key] = GameData(cards, chosen, first.rulesets)
    return _CACHE[key]


def _translate(cards: CardSet) -> None:
    """The card translations kept in the records (i18n/LANG.json) of the bundled data and the --data folders, written
    into each card's effective data (a designer's import into a folder of their own is read back from it)."""
    owners = translations.by_owner()
    for card in cards.cards:
        entries = owners.get(f"card:{card.id}")
        if entries:
            translations.overlay(card.effective, entries)


GAME_FOLDERS = ("cards", "errata", "rulesets")


def _game_files(root: Path) -> list[Path]:
    """The files the game itself reads (cards, errata, rulesets); rule text and scenarios are loaded apart."""
    return [p for folder in GAME_FOLDERS if (root / folder).is_dir() for p in discover(root / folder)]


GAME_KINDS = ("cards", "errata", "rulings", "ruleset")  # the kinds of file the game reads, in a designer's own folders


def user_game_documents() -> tuple[list[Document], list[Problem]]:
    """The designer's own files the game reads (cards, errata, rulesets), found by kind in the --data folders, and
    their problems (their other files, scenarios say, are not the game's: 'tcforge validate' reports those)."""
    walked = [walk(folder) for folder in user_data_dirs()]
    documents, problems = load_documents([p for files, _ in walked for p in files])
    game = [d for d in documents if d.kind is not None and d.kind.name in GAME_KINDS]
    shown = {d.display for d in game}
    # a folder or a file that cannot be read at all (a link loop or to nothing, no permission, a FIFO) may hold cards:
    # an error, never a silent gap
    unread = [p for p in problems if p.code in UNREADABLE]
    return game, [p for p in problems if p.file in shown] + unread + [p for _, found in walked for p in found]


UNREADABLE = ("unreadable", "not-a-file")  # the loader's codes for a file it could not open


CLASHES = ("duplicate-id", "duplicate-name", "duplicate-alias", "name-is-alias", "duplicate-set", "duplicate-table",
           "duplicate-ruleset")


def explain_clashes(problems: list[Problem], bundled: list[Document]) -> list[Problem]:
    """``problems`` with each clash between a designer's file and a bundled one (an id, name or alias the bundled data
    uses already) told as such: the bundled data cannot change, so the designer's file must."""
    shown = {d.display for d in bundled}
    out = []
    for p in problems:
        other = next((display for display in shown if display in p.hint), None)
        if p.code in CLASHES and p.file not in shown and other is not None:
            p = replace(p, message=p.message + " (a clash with the bundled data)",
                        hint=f"{p.hint.split(';')[0]}; your data is layered over the bundled data, which cannot change: "
                             "rename or renumber yours (tcforge cards list shows the numbers taken)")
        out.append(p)
    return out


def _game_documents(root: Path, layered: bool) -> tuple[list[Document], list[Problem]]:
    """The game's documents: the bundled (or given) ones, then, ``layered``, the designer's own, which come after so that
    a clash (a card id, a ruleset id taken) is reported in the designer's file."""
    documents, problems = load_documents(_game_files(root))
    if layered:
        own, own_problems = user_game_documents()
        documents, problems = documents + own, problems + own_problems
    return documents, problems


def load_cards(root: Path | None = None, *, variants: bool = True) -> CardSet:
    """The bundled (or given) data as a card set; raises DataError when it is not valid."""
    if variants:
        return load_data(None, root).cards
    documents, problems = _game_documents((root or data_dir()).resolve(), root is None)
    result = build(documents, variants=False)
    problems += result.problems
    if problems:
        raise DataError(problems)
    return result.cards

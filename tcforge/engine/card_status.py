"""What the engine implements of each card (``tcforge rules cards``): its values, or its entry in
:data:`tcforge.engine.cards.EFFECTS` with that entry's status and note."""
from __future__ import annotations

from typing import Any

from tcforge.data.dataset import GameData
from tcforge.engine.cards import EFFECTS


def card_coverage(data: GameData) -> list[dict[str, Any]]:
    """Every card and whether the engine implements what it does: id, name, type, status, note, text_basis."""
    rows = []
    for card in data.cards:
        effect = EFFECTS.get(card.id)
        if card.type in ("vehicle", "at_gun", "infantry"):
            status, note = "implemented", "moves, fires and melees by its values"
        elif card.type == "equipment":
            status, note = "implemented", "carried and fired by a squad (13.0-13.2)"
        elif effect is None:
            status, note = "missing", "no entry in tcforge/engine/cards.py"
        else:
            status, note = effect.status, effect.note
        basis = (card.effective.get("effect") or {}).get("basis", "")
        rows.append({"id": card.id, "name": card.name, "type": card.type, "status": status, "note": note,
                     "text_basis": basis})
    return rows

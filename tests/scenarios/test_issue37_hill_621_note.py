"""Issue 37 (print round three, item 5): the French wording of Hill 621's note on the rules it was written for."""
from __future__ import annotations

from tcforge.scenarios.loading import load


def test_hill_621_french_note_says_une_ancienne_revision() -> None:
    """Item 5: "une révision ancienne des règles" reads "une ancienne révision des règles" (the revision is an
    earlier one, not an old-fashioned one). The edit changes hill-621.yaml's digest: the two rechained hostile logs
    carry it, recomputed with their hash chains."""
    notes = [note.get("fr") for note in load("hill-621").notes]
    assert any("pour une ancienne révision des règles Six-Pack" in note for note in notes), notes
    assert not any("révision ancienne" in note for note in notes)

"""Issue 37 item 4: the French A5 and half-Letter card tables keep each text in its column."""
from __future__ import annotations

import re

from tcforge.render.booklet.tables import name_html


def _unbreakable(html: str) -> list[str]:
    """The runs of a name that never break: the tied spans and the words outside them."""
    spans = re.findall(r'<span class="nb">(.*?)</span>', html)
    rest = re.sub(r'<span class="nb">.*?</span>', " ", html).split()
    return spans + rest


def test_issue37_item4_french_particles_tie_forward_so_long_names_still_wrap():
    assert "Groupe de la Luftwaffe" not in _unbreakable(name_html("Groupe de la Luftwaffe (Feld)"))
    assert "de la Luftwaffe" in _unbreakable(name_html("Groupe de la Luftwaffe (Feld)"))  # "la" never ends a line
    assert "à roquettes" in _unbreakable(name_html("Artillerie à roquettes soviétique"))
    assert max(map(len, _unbreakable(name_html("Artillerie à roquettes soviétique")))) <= 15


def test_issue37_item4_designations_stay_whole():
    for name in ("PzKw VI b (P)", "StuG III G", "7.5 cm PaK 40", "T-34 M43"):
        assert _unbreakable(name_html(name)) == [name]

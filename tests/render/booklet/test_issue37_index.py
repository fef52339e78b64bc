"""Issue 37 item 5: the booklet's index lists terms as well as case titles, with case numbers, sorted and
printed the same way, without duplicates; card names sort naturally."""
from __future__ import annotations

from tcforge.render.booklet.index import card_entries, grouped, printed, rules_entries


def _titles(groups: list[dict]) -> list[str]:
    return [e["title"] for g in groups for e in g["entries"]]


def test_issue37_item5_a_title_is_printed_the_way_it_is_sorted() -> None:
    assert printed("La fin est proche (1er avril 1945, Hongrie)", "fr") == "Fin est proche, la (1er avril 1945, Hongrie)"
    assert printed("L'initiative", "fr") == "Initiative, l'"
    assert printed("Les cartes d'équipement", "fr") == "Cartes d'équipement, les"
    assert printed("The end is near", "en") == "End is near, the"
    assert printed("Terrain aléatoire", "fr") == "Terrain aléatoire"


def test_issue37_item5_titles_differing_only_by_their_article_are_one_entry_with_both_case_numbers() -> None:
    cases = [("2.1.5", "c-2-1-5", "Cartes d'équipement", ""), ("13.0", "c-13-0", "Les cartes d'équipement", ""),
             ("17.9", "c-17-9", "La fin est proche", "")]
    groups = grouped(rules_entries(cases, "fr"))
    entries = {e["title"]: e for g in groups for e in g["entries"]}
    assert [c["number"] for c in entries["Cartes d'équipement"]["cases"]] == ["2.1.5", "13.0"]
    assert "Cartes d'équipement, les" not in entries
    assert [g["letter"] for g in groups if "Fin est proche, la" in _titles([g])] == ["F"]


def test_issue37_item5_terms_list_the_cases_that_use_them() -> None:
    cases = [("4.0", "c-4-0", "La séquence de jeu", "Recevoir 2 points de ravitaillement."),
             ("6.3", "c-6-3", "Capacité d’une position", "Une position ne peut tenir que trois cartes."),
             ("20.4", "c-20-4", "Règles spéciales", "Les cartes surempilées sont éliminées.")]
    entries = {e["title"]: e for g in grouped(rules_entries(cases, "fr")) for e in g["entries"]}
    assert [c["number"] for c in entries["Ravitaillement (points de)"]["cases"]] == ["4.0"]
    assert [c["number"] for c in entries["Empilement"]["cases"]] == ["6.3", "20.4"]
    en = {e["title"] for g in grouped(rules_entries([("5.0", "c-5-0", "Play", "Spend your Supply points.")], "en"))
          for e in g["entries"]}
    assert "Supply points" in en


def test_issue37_item5_card_names_sort_naturally() -> None:
    names = ["100 mm PTP obr.44", "3.7 cm PaK 35/36", "T-34/85", "T-34 M43", "T-34 M41", "7.62 cm PaK 36 (r)"]
    ordered = _titles(grouped(card_entries((n, f"card-{i}") for i, n in enumerate(names))))
    assert ordered == ["3.7 cm PaK 35/36", "7.62 cm PaK 36 (r)", "100 mm PTP obr.44", "T-34 M41", "T-34 M43", "T-34/85"]

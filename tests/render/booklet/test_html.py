"""The rule booklet's HTML, before WeasyPrint: cross-references, ruleset values, generated tables, translation
markers, French typography and escaping. Fast: no PDF is made here (tests/render/booklet/test_pdf.py makes them)."""
from __future__ import annotations

import html as htmllib
import re
import shutil
from functools import cache
from pathlib import Path

import pytest

from conftest import ROOT
from tcforge.data.cards import get_field
from tcforge.data.dataset import load_data
from tcforge.i18n.catalog import load_rulebook
from tcforge.i18n.words import plain
from tcforge.render.booklet import diagrams
from tcforge.render.booklet.diagrams import Svg
from tcforge.render.booklet.document import BookletError, BookletOptions, build_booklet, dangling_links, render_html
from tcforge.render.booklet.tables import card_tables, errata_table, terrain_table, to_kill_table
from tcforge.render.booklet.text import TextRenderer, format_value

LANGS = ("en", "fr")


@cache
def _html(lang: str, ruleset: str | None = None) -> str:
    return render_html(BookletOptions(lang, ruleset))[0]


def _text(fragment: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", "", fragment))


def _case(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    end = html.find('<section class="case', start + 10)
    return html[start:end]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_every_cross_reference_resolves_to_an_anchor(lang: str) -> None:
    html, builder = render_html(BookletOptions(lang))
    assert dangling_links(html) == []
    assert builder.text.unresolved == []
    assert len(builder.text.links) > 100
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "duplicate ids"


@pytest.mark.parametrize("lang", LANGS)
def test_no_placeholder_is_left_and_every_table_and_diagram_is_placed(lang: str) -> None:
    html = _html(lang)
    assert not re.search(r"\{(param|table|diagram):", html)
    for name in ("terrain", "to-kill", "sequence", "cards", "errata", "scenario-forces:hill-621"):
        assert f'data-placeholder="table:{name}"' in html, name
    for name in ("battlefield", "movement-8.7", "los-9.2", "reserve-8.3", "map-hill-621"):
        assert f'data-diagram="{name}"' in html, name
    # a scenario sheet (map and forces) for each scenario of 17.x
    assert len(re.findall(r'class="scenario-sheet"', html)) == 9


def test_param_placeholders_print_the_selected_rulesets_value() -> None:
    assert _case(_html("en"), "c-6-4").count('data-param="turn.hand_limit">12</span>') == 2
    assert _case(_html("en", "six-pack-1997"), "c-6-4").count('data-param="turn.hand_limit">10</span>') == 2
    assert _case(_html("fr", "six-pack-1997"), "c-6-4").count('data-param="turn.hand_limit">10</span>') == 2
    # lists joined per language
    assert "1 or 3" in _text(_case(_html("en"), "c-9-3-1"))
    assert "1 ou 3" in _text(_case(_html("fr"), "c-9-3-1"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["six-pack-r3", "six-pack-1997", "players-guide-1997", "jeff-mike-2002"])
@pytest.mark.slow
def test_no_sentence_prints_a_parameter_that_empties_it(lang: str, ruleset: str) -> None:
    html = _html(lang, ruleset)
    body = html[:html.find('id="appendix-variant"')] if 'id="appendix-variant"' in html else html
    assert not re.findall(r'data-param="[^"]+">[+\u2212-]?0</span>', body)
    assert "{if:" not in html and "{/if}" not in html and "{else}" not in html
    battlefield = _text(_case(html, "c-6-0"))
    assert ("0 shared ranks" not in battlefield) and ("0 rangées" not in battlefield)
    assert ("face each other directly" in battlefield) or ("se font face directement" in battlefield)


def test_the_unsupported_vehicle_modifier_is_said_only_where_the_ruleset_has_one() -> None:
    values = {rid: load_data(rid).ruleset["melee.unsupported_tank_modifier"]
              for rid in ("six-pack-r3", "six-pack-1997")}
    assert values["six-pack-r3"] == 0 and values["six-pack-1997"] != 0
    assert "because the vehicles lack support" not in _text(_case(_html("en"), "c-10-0"))
    assert "because the vehicles lack support" in _text(_case(_html("en", "six-pack-1997"), "c-10-0"))
    assert "ne sont pas soutenus" in _text(_case(_html("fr", "six-pack-1997"), "c-10-0"))


def test_an_unclosed_condition_is_an_error() -> None:
    renderer = TextRenderer("en", {"turn.hand_limit": 12}, {})
    with pytest.raises(ValueError, match="without its"):
        renderer.blocks("{if:turn.hand_limit}Keep {param:turn.hand_limit} cards.")
    assert "Keep" in str(renderer.blocks("{if:turn.hand_limit}Keep {param:turn.hand_limit} cards.{/if}")[0].html)


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_table_says_it_shows_the_values_played_not_as_printed(lang: str) -> None:
    intro = _text(_case(_html(lang), "c-19-0"))
    assert "as printed on the card" not in intro and "telles qu'elles sont imprimées" not in intro
    assert ("corrected one" in intro) or ("valeur corrigée" in intro)


def _grey(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.mark.parametrize("scenario", ["hill-621", "kursk"])
def test_booklet_maps_keep_the_setup_zones_apart_in_greyscale(scenario: str) -> None:
    from tcforge.scenarios.loading import load
    battle = load(scenario)
    svg, _ = diagrams.scenario_map(battle, "en")
    first, second = (diagrams.SIDE_COLOURS.get(s.nation, "") for s in battle.sides[:2])
    solid = diagrams._tint(first, diagrams.ZONE_SOLID) if first else ""
    ground = diagrams._tint(second, diagrams.ZONE_GROUND) if second else ""
    fills = set(re.findall(r'<rect[^>]* fill="(#[0-9a-f]{6})"', str(svg)))
    assert solid in fills and ground in fills
    assert abs(_grey(solid) - _grey(ground)) >= 0.10
    if battle.terrain.method == "fixed":
        # On terrain colours a zone is a frame: solid for the first side, dashed for the second.
        frames = re.findall(r'<rect[^>]* fill="none" stroke="(#[0-9a-f]{6})"([^>]*)/>', str(svg))
        assert any(c == first and "dasharray" not in rest for c, rest in frames)
        assert any(c == second and "dasharray" in rest for c, rest in frames)
    else:
        assert len(re.findall(r"<line ", str(svg))) >= 20   # the hatching of the second side's zone


def test_french_chapter_titles_do_not_repeat_and_the_translation_state_reads_naturally() -> None:
    book = load_rulebook().book("fr")
    titles = [chapter.title for chapter in book.chapters] + [case.title for case in book.cases() if case.number == "1.0"]
    assert len(titles) == len(set(titles)), [t for t in titles if titles.count(t) > 1]
    html = _text(_html("fr"))
    # issue 50 point 4: a complete translation says nothing of itself on the cover (a reader's page, not a status)
    assert "cases sur" not in html and "traduits et à jour" not in html


def test_value_formatting_joins_lists_and_signs_modifiers() -> None:
    assert format_value("fire.flank_rolls", [1, 2, 3], "en") == "1, 2 or 3"
    assert format_value("fire.flank_rolls", [1, 3], "fr") == "1 ou 3"
    assert format_value("melee.unsupported_tank_modifier", -2, "en") == "−2"
    assert format_value("hmg.sa_bonus", 2, "fr") == "+2"
    assert format_value("turn.hand_limit", 12, "en") == "12"


def test_variant_appendix_lists_parameter_default_variant_case_and_reason() -> None:
    html = _html("en", "six-pack-1997")
    appendix = html[html.index('id="appendix-variant"'):]
    rows = re.findall(r"<tr><td class=\"param-name\">(.*?)</td>.*?data-value=\"(.*?)\".*?data-value=\"(.*?)\""
                      r".*?<td class=\"word\">(.*?)</td>\s*<td class=\"reason\" lang=\"en\">(.*?)</td></tr>",
                      appendix, re.S)
    names = [_text(r[0]).replace("\u200b", "") for r in rows]
    assert names == ["fire.flank_result", "fire.terrain_table", "melee.unsupported_tank_modifier", "turn.hand_limit"]
    hand = rows[-1]
    assert (htmllib.unescape(hand[1]), htmllib.unescape(hand[2])) == ("12", "10")
    assert "6.4" in _text(hand[3]) and "ten" in _text(hand[4])
    assert 'href="#appendix-variant"' in html  # in the contents
    assert 'id="appendix-variant"' not in _html("en")  # the default ruleset has no appendix


@pytest.mark.parametrize("lang", LANGS)
def test_terrain_table_equals_the_data_of_the_rulesets_terrain_table(lang: str) -> None:
    for ruleset in ("six-pack-r3", "players-guide-1997"):
        data = load_data(ruleset)
        table_id = data.ruleset["fire.terrain_table"]
        table = terrain_table(data.cards, data.ruleset, lang)
        rows = {row[0].value for row in table.body}
        expected = {c.display_name(lang) for c in data.cards if table_id in (c.effective.get("terrain_effects") or {})}
        assert rows == expected
        woods = next(r for r in table.body if r[0].value in ("Woods", "Bois"))
        effects = data.cards.get("Woods").effective["terrain_effects"][table_id]
        assert [c.value for c in woods[1:4]] == [f"+{effects[k]}" for k in ("at", "he", "sa")]


def test_to_kill_table_equals_the_rulesets_table() -> None:
    for ruleset in ("six-pack-r3", "six-pack-1997"):
        rs = load_data(ruleset).ruleset
        table = to_kill_table(rs, "fr")
        expected = sorted(rs["fire.to_kill_table"].items(), key=lambda kv: int(kv[0]))
        assert [c.value for c in table.head[0][1:]] == [k for k, _ in expected]
        assert [c.value for c in table.body[0][1:]] == [str(v) for _, v in expected]


@pytest.mark.parametrize("lang", LANGS)
def test_card_tables_hold_every_card_with_effective_values_and_errata_marked(lang: str) -> None:
    cards = load_data().cards
    tables = card_tables(cards, lang, load_data().ruleset)
    rows = {str(row[0].value): row for t in tables for row in t.body}
    assert set(rows) == {str(c.id) for c in cards}
    card = cards.get("PzKw VI b (P)")  # 134: five corrected values
    row = rows["134"]
    hit, pen, armor = row[4], row[5], row[6]
    assert hit.value == f"{card.value('hit.short')}/{card.value('hit.long')}" == "8/6"
    assert pen.value == "20/17" and armor.value == "15/9"
    assert "fixed" in pen.cls and str(pen.html).count("†") == 2
    assert str(hit.html).count("†") == 1  # only the long range was corrected
    from tcforge.render.page.values import face_value
    for c in cards:
        if c.type == "vehicle" and c.effective.get("hit"):
            pair = [face_value(f, get_field(c.effective, f)) for f in ("hit.short", "hit.long")]
            assert rows[str(c.id)][4].value == ("–" if pair == ["–", "–"] else "/".join(pair))
            assert rows[str(c.id)][12].value == plain(c.effective.get("points"))


@pytest.mark.parametrize("lang", LANGS)
def test_errata_table_lists_every_change_with_printed_and_corrected_values(lang: str) -> None:
    cards = load_data().cards
    table = errata_table(cards, lang)
    changes = [(str(c.id), ch.field, str(ch.printed), str(ch.corrected)) for c in cards for ch in c.changes]
    listed, current = [], None
    for row in table.body:
        current = str(row[0].value) if row[0].value is not None else current
        listed.append((current, row[2].value, row[3].value, row[4].value))
    assert sorted(listed) == sorted(changes)


def _changed_rules(tmp_path: Path) -> Path:
    """The bundled rule book with 9.1 changed in English (French 9.1 now stale) and French 6.4 removed."""
    folder = tmp_path / "rules"
    shutil.copytree(ROOT / "data" / "rules", folder)
    fire = folder / "en" / "09-fire.yaml"
    fire.write_text(fire.read_text(encoding="utf-8").replace("There are two ranges.", "There are exactly two ranges."),
                    encoding="utf-8")
    battlefield = folder / "fr" / "06-battlefield.yaml"
    text = battlefield.read_text(encoding="utf-8")
    start = text.index('  - case: "6.4"')
    battlefield.write_text(text[:start].rstrip("\n") + "\n", encoding="utf-8")
    return folder


def test_a_stale_french_case_is_printed_in_french_with_a_marker_and_the_current_english(tmp_path: Path) -> None:
    html, builder = render_html(BookletOptions("fr"), book=load_rulebook(_changed_rules(tmp_path)))
    case = _case(html, "c-9-1")
    assert '<section class="case state-stale" id="c-9-1">' in html
    assert "Traduction à mettre à jour" in case
    assert re.search(r"\d+ articles traduits et à jour sur \d+", _text(html))  # the cover says a case is not
    assert "Il y a deux portées" in _text(case)             # the French text is kept
    assert "There are exactly two ranges." in _text(case)    # and the current English follows, marked
    assert '<aside class="english-now" lang="en">' in case
    assert builder.stale == ["9.1"]


def test_a_missing_french_case_is_printed_in_english_under_a_marker(tmp_path: Path) -> None:
    html, builder = render_html(BookletOptions("fr"), book=load_rulebook(_changed_rules(tmp_path)))
    case = _case(html, "c-6-4")
    assert '<section class="case state-missing" id="c-6-4" lang="en">' in html
    assert "Pas encore traduit" in case
    assert builder.missing == ["6.4"]


def test_french_typography_no_break_spaces_and_regle_kept_with_its_number() -> None:
    html = _html("fr")
    body = html[html.index("<main>"):]
    text = _text(re.sub(r"<(svg|style)\b.*?</\1>", "", body, flags=re.S))
    assert not re.search(r" [;:!?»]", text)
    assert "« " not in text
    assert re.search(r'<a class="xref" href="#c-9-4"> ?règle\u00a09\.4</a>', html)
    assert not re.search(r"règles? <a class=\"xref\"", html)


def test_issue37_item4_the_space_before_a_link_goes_inside_it() -> None:
    """A word space before a cross-reference is the link's first character: WeasyPrint then breaks the line
    before the link, not at the line's first word ("coût" alone on a line of the French A4 p. 4)."""
    renderer = TextRenderer("fr", {}, {"9.5": "c-9-5", "8.0": "c-8-0"})
    html = str(renderer.inline("par la table de la règle 9.5 ; les joueurs (voir 8.0)"))
    assert 'de la<a class="xref" href="#c-9-5"> règle\u00a09.5</a>' in html
    assert '(voir<a class="xref"' not in html and '(<a class="xref"' in html  # "voir" goes in with its space
    assert " 7.7" in str(renderer.inline("non 7.7"))  # a number naming no case keeps its space


def test_html_lang_and_hyphenation_follow_the_language() -> None:
    assert '<html lang="fr">' in _html("fr") and '<html lang="en">' in _html("en")


def test_rule_text_and_svg_text_are_escaped() -> None:
    renderer = TextRenderer("en", {"turn.hand_limit": 12}, {"9.1": "c-9-1"})
    html = str(renderer.inline('<script>alert("x")</script> & "quotes" see 9.1 and {param:turn.hand_limit}'))
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp;" in html
    assert '<a class="xref" href="#c-9-1"> 9.1</a>' in html
    svg = Svg("t", 10, 10, 'label "><img src=x>')
    svg.text(1, 1, "<b>&</b>")
    out = str(svg.markup())
    assert "<img" not in out and "&lt;b&gt;&amp;&lt;/b&gt;" in out and "&#34;&gt;&lt;img" in out


def test_a_rule_text_with_an_unknown_table_fails_and_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    shutil.copytree(ROOT / "data" / "rules", folder)
    intro = folder / "en" / "01-introduction.yaml"
    intro.write_text(intro.read_text(encoding="utf-8").replace("Every vehicle card", "{table:nothing}\n\n      Every vehicle card"),
                     encoding="utf-8")
    out = tmp_path / "book.pdf"
    with pytest.raises(BookletError, match="unknown table"):
        build_booklet(out, BookletOptions("en"), book=load_rulebook(folder))
    assert list(tmp_path.glob("*.pdf*")) == [] and list(tmp_path.glob(".book.pdf*")) == []


def test_a_build_that_fails_while_writing_leaves_no_file_and_keeps_an_older_one(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import tcforge.render.booklet.document as booklet

    class HalfWritten:
        pages = [object()] * 3

        def write_pdf(self, target: Path, **_: object) -> None:
            Path(target).write_bytes(b"%PDF-1.7 half")
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(booklet, "_pdf_document", lambda html, fetcher: HalfWritten())
    out = tmp_path / "book.pdf"
    with pytest.raises(OSError):
        build_booklet(out, BookletOptions("en"))
    assert list(tmp_path.iterdir()) == []
    out.write_bytes(b"older booklet")
    with pytest.raises(OSError):
        build_booklet(out, BookletOptions("en"))
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"] and out.read_bytes() == b"older booklet"


def test_rulebook_command_reports_an_unknown_ruleset_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tcforge.cli.rulebook import app

    out = tmp_path / "book.pdf"
    result = CliRunner().invoke(app, ["--lang", "fr", "--ruleset", "no-such-rules", "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith("tcforge: unknown ruleset 'no-such-rules'")
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_9_2_and_9_2_1_line_of_sight_figure_shows_the_engines_verdicts() -> None:
    """Straight line: adjacent Woods is seen, the position behind it is not (9.2); along an edge one clear
    position is enough under either_clear (9.2); from Hills the firer sees over adjacent Woods (9.2.1)."""
    svg, _ = diagrams.los(load_data(), "en")
    assert re.findall(r">(sees|blocked)<", str(svg)) == ["sees", "blocked", "sees", "sees"]


def test_issue50_point6_a_chapter_number_is_printed_once() -> None:
    """"1.0 Introduction" then "1.0 The game": a case numbered as its chapter prints no number again (its bookmark,
    data-label, keeps it); the other cases keep theirs."""
    html = _html("en")
    assert '<h3 class="case-title same-number" data-label="1.0 The game">The game</h3>' in html
    assert '<span class="n">1.0</span> The game' not in html
    assert '<h3 class="case-title"><span class="n">2.1</span>' in html  # the control: a section keeps its number


@pytest.mark.parametrize("lang", LANGS)
def test_issue50_deliver1_the_contents_page_says_what_of_the_sources_is_not_reprinted(lang: str) -> None:
    """Sections 22 (the 1997 article and its kill odds) and 23 (the authors' comments) are not reprinted: the contents
    page says so, and where the book tells them instead (the To Kill table of 9.3, the notes 99.10 and 99.11)."""
    html = _html(lang)
    contents = html[html.index('<nav class="contents"'):html.index("</nav>")]
    note = _text(contents[contents.index('<li class="contents-note">'):])
    assert "22" in note and "23" in note and "(9.3)" in note and "99.10, 99.11" in note
    assert 'id="c-9-3"' in html and 'id="c-99-10"' in html and 'id="c-99-11"' in html  # the places it names exist

"""The designer's HTML report of balance, sweep and tune (``--html FILE``, issue 36): the documents
:mod:`tcforge.render.report.html` draws, made from what each command measured, and the proof games replayed from
their seeds (:func:`tcforge.play.frames.frames`)."""
from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import typer

from tcforge.analysis.replay_command import play_command


def proof_seeds(tuned: Any) -> list[tuple[str, int, dict[str, Any]]]:
    """The games the report replays: at the lower of the two values around the target, a game each side won."""
    if tuned.between is None:
        return []
    out = []
    point = tuned.between[0]
    for who in dict.fromkeys([r.winner for r in point.results if r.winner]):
        r = next(r for r in point.results if r.winner == who)
        command = play_command(tuned.plan.scenario, r.seed, tuned.plan.agents, list(tuned.plan.sides),
                               {tuned.plan.lever: point.value}, tuned.plan.option)
        out.append((f"{tuned.plan.lever} = {point.value}: a game {who} won ({command})", r.seed,
                    {tuned.plan.lever: point.value}))
    return out


def players_told(scenario_id: str, agents: Sequence[str], sides: Sequence[str]) -> tuple[str, str]:
    """The two sides' players as their games played them: ``best`` says what it stood for (a report that says
    "best v best" where nothing was trained would name players that did not play)."""
    from tcforge.agents.trained import as_played
    if len(agents) != 2 or len(sides) != 2:
        return (agents[0], agents[-1]) if agents else ("", "")
    first, second = (as_played(spec, scenario_id, side) for spec, side in zip(agents, sides, strict=True))
    return first, second


def tune_report(tuned: Any, sc: Any, levers: Any = None) -> dict[str, Any]:
    """The tune run as a report document; ``levers``: the lever check, when it was played."""
    from tcforge.analysis.stats import first_player, lead_curve
    p = tuned.plan
    first, second = players_told(sc.id, p.agents, list(sc.grid.sides))
    verdict = [f"With {first} against {second}: " + tuned.answer() + "."]
    if tuned.step is not None and tuned.between is not None:
        a, b = tuned.between
        verdict.append(f"Moving {p.lever} from {a.value} to {b.value} changes {p.side}'s win rate by "
                       + tuned.step.render() + ".")
    verdict.append(f"{tuned.total} games in {tuned.rounds} rounds; stopped because {tuned.why_stopped}.")
    curve = []
    if tuned.fit is not None:
        steps = 60
        for i in range(steps + 1):
            x = p.low + (p.high - p.low) * i / steps
            lo, hi = tuned.fit.rate_interval(x)
            curve.append([x, tuned.fit.rate(x), lo, hi])
    c = tuned.crossing
    chart = {"kind": "rates", "title": f"{p.side} win rate against {p.lever}", "xlabel": p.lever,
             "ylabel": f"{p.side} wins", "target": p.target, "curve": curve,
             "points": [{"value": q.value, "rate": q.rate, "low": q.interval[0], "high": q.interval[1], "games": q.games}
                        for q in sorted(tuned.points, key=lambda q: q.value)],
             "crossing": None if c is None else {"value": c.value, "low": c.low, "high": c.high}}
    rows = [[q.value, q.games, q.wins, f"{q.rate:.1%}", f"{q.interval[0]:.1%}-{q.interval[1]:.1%}"]
            for q in sorted(tuned.points, key=lambda q: q.value)]
    sections: list[dict[str, Any]] = [
        {"heading": f"{p.side} win rate against {p.lever}",
         "text": ["Dots: the games played at each value with their 95 % intervals; line and band: the fitted logistic "
                  "curve and its 95 % band; shaded column: the values that give the target within the interval."],
         "chart": chart, "table": {"columns": [p.lever, "games", f"{p.side} wins", "rate", "95 %"], "rows": rows}}]
    games = [r for q in (tuned.between or ()) for r in q.results]
    if games:
        curve_ = lead_curve(games, p.side, list(sc.grid.sides))
        sections.append({"heading": "Who leads, turn by turn", "text": [curve_.render()],
                         "chart": {"kind": "lead", **curve_.to_json(), "decided": curve_.decided}})
        fp = first_player(games)
        if fp is not None and sc.initiative.method == "roll":
            sections.append({"heading": "First-player advantage", "text": [fp.render()]})
    if levers is not None:
        sections.append(lever_check_section(levers))
        verdict += lever_check_verdict(levers)
    return {"title": f"{sc.id}: tuning {p.lever}", "subtitle": f"{first} v {second}, seed {p.seed}",
            "verdict": verdict, "sections": sections}


RULESET_UNLOGGED = "a game under another ruleset is not logged yet"  # nor does it name a ruleset


def games_folder(path: Path) -> Path:
    """Where a report's proof games are logged: beside it, its name without ``.html`` and with ``-games``
    (``report.html`` -> ``report-games/``)."""
    name = path.name[:-len(".html")] if path.name.lower().endswith(".html") and len(path.name) > 5 else path.name
    return path.parent / f"{name}-games"


def watch_link(log: Path) -> str:
    """The address of ``tcforge serve``'s watch page (its default port) for this log (an absolute path: the server
    looks a relative one up from the folder it runs in).

    >>> watch_link(Path("/tmp/r-games/hill-621-seed-7.jsonl"))
    'http://127.0.0.1:8765/watch?log=%2Ftmp%2Fr-games%2Fhill-621-seed-7.jsonl'
    """
    from urllib.parse import quote

    from tcforge.cli.serve import PORT
    return f"http://127.0.0.1:{PORT}/watch?log={quote(str(log), safe='')}"


def write_html(path: Path, doc: dict[str, Any], sc: Any, proofs: Sequence[tuple[Any, ...]],
               agents: tuple[str, str] | None, option: str | None = None, ruleset: str | None = None) -> None:
    """The report with each proof game as a replay (the game played again from its seed), and each proof game
    not under another ruleset logged, with its levers (as ``scenario play --set --log`` logs it), in
    :func:`games_folder`, linked to ``tcforge serve``'s watch page; the logs and the report are written all or none.
    A proof is (title, seed, levers) or (title, seed, levers, {"option", "ruleset", "agents"}): a sweep cell's own."""
    from io import StringIO

    from tcforge.atomic import write_all
    from tcforge.play.frames import frames
    from tcforge.play.games import play_game, write_log
    from tcforge.render.report.board import board
    from tcforge.render.report.html import page
    from tcforge.scenarios.loading import load
    folder = games_folder(path)
    if folder.exists() and not folder.is_dir():
        typer.echo(f"tcforge: cannot write the proof games' logs in {folder}: it is not a folder", err=True)
        raise typer.Exit(1)
    replays = []
    logs: dict[Path, str] = {}
    if sc is not None and agents is not None:  # a sweep that played nothing has no game to replay
        for title, seed, overrides, *rest in proofs:
            own = rest[0] if rest else {}
            other_rules = own.get("ruleset", ruleset)
            scenario = load(str(sc.path), balance=own.get("option", option), ruleset=other_rules,
                            parameters=overrides or None)
            players = own.get("agents", agents)
            played = play_game(scenario, seed, players)
            entry: dict[str, Any] = {"title": title, "game": frames(scenario, seed, players, played=played)}
            if other_rules:
                entry["unlogged"] = RULESET_UNLOGGED
            elif not played[1].error:
                log = folder / f"{scenario.id}-seed-{seed}.jsonl"
                n = 2
                while log in logs:  # the same seed in two cells (another option, other agents)
                    log, n = folder / f"{scenario.id}-seed-{seed}-{n}.jsonl", n + 1
                text = StringIO()
                playout = played[0]
                write_log(text, playout.state.scenario_setup, playout.log, scenario, folder=folder, state=playout.state)
                logs[log] = text.getvalue()
                entry.update(log=str(log.resolve()), watch=watch_link(log.resolve()))
            replays.append(entry)
    made = False
    try:
        html = page({**doc, "replays": replays}, board(sc) if sc is not None and replays else None)
        if logs and not folder.is_dir():
            folder.mkdir(parents=True)
            made = True
        write_all({**logs, path: html})
    except OSError as exc:
        if made:
            with suppress(OSError):
                folder.rmdir()
        typer.echo(f"tcforge: cannot write {exc.filename or path}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None


# ------------------------------------------------------------------ balance and sweep reports


def balance_report(sc: Any, reports: list[Any], results: dict[str | None, list[Any]], effects: list[Any],
                   levers: Any = None) -> tuple[dict[str, Any], list[tuple[str, int, dict[str, Any]]]]:
    """The balance run as a report document, and its proof games (each side's example win, as written); ``levers``:
    the lever check (:class:`tcforge.analysis.levercheck.LeverCheck`), when it was played."""
    from tcforge.analysis.stats import first_player, lead_curve
    sides = list(sc.grid.sides)
    base = next((r for r in reports if r.option is None), reports[0])
    agents = base.policies
    told = players_told(sc.id, agents, sides)
    ranked = sorted(base.sides, key=lambda s: -s.rate)
    undecided = base.games - sum(s.wins for s in base.sides)
    verdict = [f"With {told[0]} against {told[1]}, {base.scenario} {base.option or 'as written'}: "
               + ", ".join(f"{s.side} wins {s.rate:.0%} ({s.interval[0]:.0%}-{s.interval[1]:.0%})" for s in ranked)
               + (f", and {undecided / base.games:.0%} of the games end undecided" if undecided else "")
               + f", over {base.games} games."]
    for e in effects:
        text = f"The option {e.option} brings {e.side} to {e.rate:.0%} ({e.interval[0]:.0%}-{e.interval[1]:.0%})"
        if e.paired is not None:
            text += f"; on the same seeds that is {e.paired.render()}"
        verdict.append(text + ".")
    rows = []
    for rep in reports:
        for s in rep.sides:
            rows.append([rep.option or "as written", s.side, rep.games, s.wins, f"{s.rate:.1%}",
                         f"{s.interval[0]:.1%}-{s.interval[1]:.1%}"])
    sections: list[dict[str, Any]] = [{"heading": "Win rates", "table": {
        "columns": ["option", "side", "games", "wins", "rate", "95 %"], "rows": rows}}]
    if effects:
        sections.append({"heading": "What each option changes (paired on the same seeds)", "table": {
            "columns": ["option", "favours", "rate", "as written", "difference", "95 %", "McNemar p"],
            "rows": [[e.option, e.side, f"{e.rate:.1%}", f"{e.base_rate:.1%}", f"{e.difference * 100:+.1f}",
                      "" if e.paired is None else f"{e.paired.low * 100:+.1f} to {e.paired.high * 100:+.1f}",
                      "" if e.paired is None else f"{e.paired.p_value:.3g}"] for e in effects]}})
    games = results.get(base.option) or []
    if games:
        curve = lead_curve(games, sides[0], sides)
        sections.append({"heading": "Who leads, turn by turn", "text": [curve.render()],
                         "chart": {"kind": "lead", **curve.to_json(), "decided": curve.decided}})
        fp = first_player(games)
        if fp is not None and sc.initiative.method == "roll":
            sections.append({"heading": "First-player advantage", "text": [fp.render()]})
    if levers is not None:
        sections.append(lever_check_section(levers))
        verdict += lever_check_verdict(levers)
    proofs: list[tuple[str, int, dict[str, Any]]] = [
        (f"{base.option or 'as written'}: a game {s.side} won "
         f"({play_command(str(sc.path), s.example_seed, agents, sides, None, base.option)})", s.example_seed, {})
        for s in base.sides if s.example_seed is not None]
    return ({"title": f"{base.scenario}: balance", "subtitle": f"{told[0]} v {told[1]}", "verdict": verdict,
             "sections": sections}, proofs)


def lever_check_verdict(levers: Any) -> list[str]:
    """The verdict's sentences the lever check adds: each lever its players do not follow, the readings it hangs on."""
    out = [f"These players do not respond to {r.probe.label}: the verdict cannot judge it." for r in levers.cannot_judge()]
    hangs = [r.probe.label for r in levers.readings() if r.judgement == "hangs"]
    if hangs:
        out.append("The verdict hangs on these readings of the rules: " + "; ".join(hangs) + ".")
    return out


def lever_check_section(levers: Any) -> dict[str, Any]:
    """The lever check as a report section: each probe's paired difference and what it says of the verdict."""
    words = {"responds": "responds as the rules imply", "backwards": "moves against the rules: cannot judge it",
             "flat": "does not respond: cannot judge it", "hangs": "the verdict hangs on it",
             "holds": "inside the interval"}
    rows = [[r.probe.label, r.probe.set_text(), r.probe.favours or "(a reading)", r.side,
             f"{r.pair.difference * 100:+.1f}", f"{r.pair.low * 100:+.1f} to {r.pair.high * 100:+.1f}", words[r.judgement]]
            for r in levers.results]
    return {"heading": f"Lever check ({levers.policies[0]} v {levers.policies[1]}, {levers.games} games a probe, "
                       "paired on the same seeds)",
            "table": {"columns": ["probe", "--set", "the rules imply it helps", "side", "difference", "95 %", "so"],
                      "rows": rows}}


def sweep_pairs(rows: list[Any], results: dict[Any, list[Any]]) -> dict[Any, tuple[Any, str, Any]]:
    """Each played cell against the first played cell of the same scenario, agents and root seed (they share their
    seeds, game by game): cell -> (that first row, the side that is behind in it, the paired difference of that
    side's win rate, :func:`tcforge.analysis.stats.paired_results`)."""
    from tcforge.analysis.stats import paired_results
    out: dict[Any, tuple[Any, str, Any]] = {}
    firsts: dict[tuple[Any, ...], Any] = {}
    for row in rows:
        if not row.report.games:
            continue
        key = (row.cell.scenario, row.cell.agents, row.cell.seed)
        base = firsts.setdefault(key, row)
        if base is row:
            continue
        behind = min(base.report.sides, key=lambda s: s.rate).side
        out[row.cell] = (base, behind, paired_results(results.get(base.cell, []), results.get(row.cell, []), behind))
    return out


PROOF_CELLS = 12  # the cells of a sweep whose proof games the report replays (each replay is a game played again)


def cell_label(cell: Any) -> str:
    """A sweep cell as the report names it: 'as written' only for the scenario unchanged, not beside a lever
    ('soviet.supply_points=3, greedy', not 'as written, soviet.supply_points=3, greedy')."""
    label = cell.label()
    if cell.option is None and (cell.parameters or cell.ruleset) and label.startswith("as written, "):
        return label[len("as written, "):]
    return label


def sweep_report(rows: list[Any], pairs: dict[Any, tuple[Any, str, Any]] | None = None) -> tuple[
        dict[str, Any], list[tuple[Any, ...]], Any, Any]:
    """The sweep's table as a report document; the proof games of its played cells of the first played cell's
    scenario (each with its option, levers and agents; the first PROOF_CELLS of them), or no proofs when nothing was
    played."""
    played = [r for r in rows if r.report.games]
    table = []
    verdict = []
    for r in played:
        rep = r.report
        head = max(rep.sides, key=lambda s: s.rate)
        line = (f"{rep.scenario} [{cell_label(r.cell)}]: {head.side} wins {head.rate:.0%} "
                f"({head.interval[0]:.0%}-{head.interval[1]:.0%}), {rep.games} games")
        if pairs and r.cell in pairs:
            base, side, diff = pairs[r.cell]
            line += (f"; {side} against [{cell_label(base.cell)}], on the same seeds: {diff.render()}")
        verdict.append(line + ".")
        for s in rep.sides:
            table.append([rep.scenario, cell_label(r.cell), s.side, rep.games, s.wins, f"{s.rate:.1%}",
                          f"{s.interval[0]:.1%}-{s.interval[1]:.1%}"])
    names = list(dict.fromkeys(r.report.scenario for r in rows)) or ["(no cell)"]
    doc: dict[str, Any] = {"title": f"{', '.join(names)}: sweep", "verdict": verdict or ["Nothing played yet."],
           "sections": [{"heading": "Cells", "table": {"columns": ["scenario", "cell", "side", "games", "wins", "rate", "95 %"],
                                                       "rows": table}}]}
    if not played:
        return doc, [], None, None
    first = played[0]
    same = [r for r in played if r.cell.scenario == first.cell.scenario]  # one board: the first cell's scenario
    proofs: list[tuple[Any, ...]] = []
    for r in same[:PROOF_CELLS]:
        cell, sides = r.cell, [s.side for s in r.report.sides]
        proofs += [(f"{cell_label(cell)}: a game {s.side} won "
                    f"({play_command(cell.scenario, s.example_seed, cell.agents, sides, cell.overrides(), cell.option)})",
                    s.example_seed, cell.overrides(),
                    {"option": cell.option, "ruleset": cell.ruleset, "agents": cell.agents})
                   for s in r.report.sides if s.example_seed is not None]
    if len(same) > PROOF_CELLS or len(same) < len(played):
        doc["sections"].append({"heading": "Proof games", "text": [
            f"Replayed below: the games of the first {min(len(same), PROOF_CELLS)} cell(s) of {first.report.scenario}; "
            "the others' seeds are in the command's output ('tcforge scenario play ... --seed N --set ...')."]})
    return doc, proofs, first.cell, first.cell.agents

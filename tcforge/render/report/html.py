"""One self-contained HTML page (no network: inline CSS, script, SVG and the board as a data: PNG) for a designer.

:func:`page` takes a plain document, as the analysis commands make it::

    {"title": "...", "subtitle": "...", "verdict": ["plain sentences", ...],
     "sections": [{"heading": "...", "text": ["..."], "table": {"columns": [...], "rows": [[...], ...]},
                   "chart": {"kind": "rates", ...} or {"kind": "lead", ...}}],
     "replays": [{"title": "...", "game": <tcforge.play.frames.frames(...)>,
                  "log": "/its/log.jsonl", "watch": "http://127.0.0.1:8765/watch?log=..."  (or "unlogged": "why not")}]}

and a :class:`~tcforge.render.report.board.Board` for the replays. Every piece of data is escaped; the games'
steps go in as JSON in a ``<script type="application/json">`` block, read by the page's own script, which steps
through them (forward, back, first, last, a slider, jump to a turn) and draws the units on the board.
"""
from __future__ import annotations

import html
import json
import math
from typing import Any

from tcforge.render.report.board import Board

CSS = """
body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:0 auto;max-width:1100px;padding:1em 1.5em;color:#222;background:#fff}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
.sub{color:#666;margin-top:0}.verdict{background:#f3f0e6;border-left:6px solid #9a6a00;padding:.6em 1em;font-size:1.08em}
.verdict p{margin:.35em 0}table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#eee}td:first-child,th:first-child{text-align:left}
svg text{font-family:'DejaVu Sans',Verdana,sans-serif}svg.chart{display:block;width:100%;max-width:640px;height:auto}
.caption{max-width:640px;font-size:.9em;color:#444;margin-top:.2em}
.replay{border:1px solid #bbb;border-radius:6px;padding:.6em;margin:1em 0}
.controls{display:flex;gap:.4em;align-items:center;flex-wrap:wrap;margin:.4em 0}
.controls button{font-size:1em;padding:.2em .7em}.controls input[type=range]{flex:1;min-width:200px}
.board{position:relative;width:100%;max-width:1021px}.board img{width:100%;display:block}
.chip{position:absolute;display:flex;flex-wrap:wrap;gap:2px;align-content:flex-end;justify-content:center;
 box-sizing:border-box;padding:2px;pointer-events:none}
.chip span{color:#fff;border-radius:3px;font-size:11px;font-weight:bold;padding:0 3px;line-height:15px;border:1px solid #fff}
.dealt{position:absolute;display:flex;align-items:center;justify-content:center;pointer-events:none}
.dealt span{background:#fffbe8;border:1px solid #b9a66a;border-radius:3px;font-size:12px;font-weight:bold;padding:0 4px}
.marks{position:absolute;display:flex;flex-wrap:wrap;gap:2px;justify-content:flex-end;align-content:flex-start;
 box-sizing:border-box;padding:2px;pointer-events:none}
.marks span{background:#e8f0ff;border:1px solid #5a6f9a;border-radius:3px;font-size:11px;font-weight:bold;padding:0 3px}
.chip span.immobilised{outline:2px dashed #c00;outline-offset:-1px}.chip span.immobilised::after{content:" \\2716"}
.goal{position:absolute;box-sizing:border-box;border:3px solid #2f5d50;border-radius:4px;pointer-events:none}
.step-text{min-height:2.6em;font-size:.95em;background:#fafafa;border:1px solid #eee;padding:.3em .6em}
.status{font-weight:bold}.lost{color:#888;font-size:.85em}
"""

SCRIPT = r"""
(function(){
  const board = JSON.parse(document.getElementById('board-data').textContent);
  document.querySelectorAll('.replay').forEach(function(box){
    const game = JSON.parse(box.querySelector('script.game').textContent);
    const steps = game.steps, layer = box.querySelector('.units'), text = box.querySelector('.step-text');
    const inplay = box.querySelector('.inplay');
    const status = box.querySelector('.status'), slider = box.querySelector('input[type=range]');
    const turnBox = box.querySelector('input.turn'), lost = box.querySelector('.lost');
    slider.max = steps.length - 1;
    const goalLayer = box.querySelector('.goals');
    Object.keys(game.goals || {}).forEach(function(side){
      game.goals[side].forEach(function(label){
        const cell = board.cells[label]; if(!cell) return;
        const g = document.createElement('div');
        g.className = 'goal'; g.dataset.position = label; g.title = side + ' must take or hold ' + label;
        g.style.borderColor = board.colours[side] || '#2f5d50';
        g.style.left = (cell[0]*100)+'%'; g.style.top = (cell[1]*100)+'%';
        g.style.width = (cell[2]*100)+'%'; g.style.height = (cell[3]*100)+'%';
        goalLayer.appendChild(g);
      });
    });
    Object.keys(game.terrain || {}).forEach(function(label){
      const cell = board.cells[label]; if(!cell) return;
      const d = document.createElement('div');
      d.className = 'dealt'; d.dataset.position = label;
      const top = cell[3] * (board.marks || 0), foot = cell[3] * (board.units || 0);
      d.style.left = (cell[0]*100)+'%'; d.style.top = ((cell[1] + top)*100)+'%';
      d.style.width = (cell[2]*100)+'%'; d.style.height = ((cell[3] - top - foot)*100)+'%';
      const s = document.createElement('span'); s.textContent = game.terrain[label]; d.appendChild(s);
      goalLayer.appendChild(d);
    });
    let at = 0;
    function show(i){
      at = Math.max(0, Math.min(steps.length - 1, i));
      const s = steps[at];
      layer.textContent = ''; inplay.textContent = '';
      Object.keys(s.board).forEach(function(label){
        const cell = board.cells[label]; if(!cell) return;
        const div = document.createElement('div');
        div.className = 'chip'; div.dataset.position = label;
        const foot = board.units ? cell[3] * board.units : cell[3];  // the tags in the strip under the terrain name
        div.style.left = (cell[0]*100)+'%'; div.style.top = ((cell[1] + cell[3] - foot)*100)+'%';
        div.style.width = (cell[2]*100)+'%'; div.style.height = (foot*100)+'%';
        s.board[label].forEach(function(tag){
          const u = game.units[tag] || {name: tag, side: ''};
          const chip = document.createElement('span');
          chip.textContent = tag; chip.title = u.name; chip.dataset.tag = tag;
          chip.style.background = board.colours[u.side] || '#555';
          if((s.immobilised || []).indexOf(tag) >= 0){ chip.classList.add('immobilised'); chip.title = u.name + ', immobilised'; }
          div.appendChild(chip);
        });
        layer.appendChild(div);
      });
      Object.keys(s.marks || {}).forEach(function(label){  // terrain played, fortifications, Smoke
        const cell = board.cells[label]; if(!cell) return;
        const m = document.createElement('div');
        m.className = 'marks'; m.dataset.position = label;
        m.style.left = (cell[0]*100)+'%'; m.style.top = (cell[1]*100)+'%';
        m.style.width = (cell[2]*100)+'%'; m.style.height = (cell[3]*100)+'%';
        s.marks[label].forEach(function(word){
          const w = document.createElement('span'); w.textContent = word; m.appendChild(w);
        });
        inplay.appendChild(m);
      });
      text.textContent = s.text || '';
      status.textContent = 'step ' + (at+1) + ' of ' + steps.length + ', turn ' + s.turn + (s.side ? ', ' + s.side + ' to play' : '');
      lost.textContent = s.lost.length ? 'lost: ' + s.lost.join(' ') : '';
      slider.value = at; box.dataset.step = at; box.dataset.turn = s.turn;
      if(document.activeElement !== turnBox){ turnBox.value = s.turn; }  // the turn shown, unless being typed
    }
    box.querySelector('.first').onclick = function(){ show(0); };
    box.querySelector('.back').onclick = function(){ show(at-1); };
    box.querySelector('.forward').onclick = function(){ show(at+1); };
    box.querySelector('.last').onclick = function(){ show(steps.length-1); };
    slider.oninput = function(){ show(parseInt(slider.value, 10)); };
    function jump(){
      const t = parseInt(turnBox.value, 10);
      const i = steps.findIndex(function(s){ return s.turn >= t; });
      show(i < 0 ? steps.length-1 : i);
    }
    box.querySelector('.jump').onclick = jump;
    turnBox.addEventListener('keydown', function(e){ if(e.key === 'Enter'){ e.preventDefault(); jump(); } });
    box.addEventListener('keydown', function(e){
      if(e.target === slider || e.target === turnBox){ return; }  // the slider steps itself; the turn box takes digits
      if(e.key === 'ArrowRight'){ show(at+1); } else if(e.key === 'ArrowLeft'){ show(at-1); }
    });
    show(0);
  });
})();
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _json(value: Any) -> str:
    """JSON safe inside a script element: no '</' and no HTML comment openers can end it early."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def table(spec: dict[str, Any]) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in spec["columns"])
    rows = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in spec["rows"])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def rates_chart(spec: dict[str, Any]) -> str:
    """Win rate against a lever: each value's rate with its 95 % interval, the fitted curve and its band, the target
    line and the crossing's interval. ``spec``: points [{value, rate, low, high, games}], curve [[x, p, lo, hi]],
    target, crossing {value, low, high} or None, xlabel, ylabel."""
    w, h, left, right, top, bottom = 640, 340, 56, 16, 14, 44
    pts = spec.get("points", [])
    xs = [p["value"] for p in pts] + [c[0] for c in spec.get("curve", [])]
    lo_x, hi_x = (min(xs), max(xs)) if xs else (0, 1)
    if hi_x == lo_x:
        lo_x, hi_x = lo_x - 1, hi_x + 1

    def px(x: float) -> float:
        return left + (x - lo_x) / (hi_x - lo_x) * (w - left - right)

    def py(y: float) -> float:
        return top + (1 - y) * (h - top - bottom)

    label = _e(spec.get("title", "win rate"))
    out = [f'<svg class="chart" viewBox="0 0 {w} {h}" preserveAspectRatio="xMinYMin meet" role="img" aria-label="{label}">']
    for y in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#e4e4e4"/>'
                   f'<text x="{left - 6}" y="{py(y) + 4:.1f}" font-size="11" text-anchor="end">{y:.0%}</text>')
    step = max(1, math.ceil((hi_x - lo_x) / 12))
    x = math.ceil(lo_x)
    while x <= hi_x:
        out.append(f'<text x="{px(x):.1f}" y="{h - bottom + 16}" font-size="11" text-anchor="middle">{_e(x)}</text>')
        x += step
    curve = spec.get("curve") or []
    if curve:
        band = " ".join(f"{px(c[0]):.1f},{py(c[2]):.1f}" for c in curve) + " " + " ".join(
            f"{px(c[0]):.1f},{py(c[3]):.1f}" for c in reversed(curve))
        out.append(f'<polygon points="{band}" fill="#9a6a00" fill-opacity="0.15" stroke="none"/>')
        out.append('<polyline fill="none" stroke="#9a6a00" stroke-width="2" points="'
                   + " ".join(f"{px(c[0]):.1f},{py(c[1]):.1f}" for c in curve) + '"/>')
    target = spec.get("target")
    if target is not None:
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{py(target):.1f}" y2="{py(target):.1f}" stroke="#444" '
                   f'stroke-dasharray="5,4"/><text x="{w - right}" y="{py(target) - 4:.1f}" font-size="11" '
                   f'text-anchor="end">target {target:.0%}</text>')
    cross = spec.get("crossing")
    if cross and cross.get("low") is not None and cross.get("high") is not None:
        a, b = max(lo_x, cross["low"]), min(hi_x, cross["high"])
        if a < b:
            out.append(f'<rect x="{px(a):.1f}" y="{top}" width="{px(b) - px(a):.1f}" height="{h - top - bottom}" '
                       f'fill="#2f5d50" fill-opacity="0.10"/>')
    for p in pts:
        tip = f'{_e(p["value"])}: {p["rate"]:.1%} ({p["low"]:.1%}-{p["high"]:.1%}), {p["games"]} games'
        out.append(f'<line x1="{px(p["value"]):.1f}" x2="{px(p["value"]):.1f}" y1="{py(p["low"]):.1f}" y2="{py(p["high"]):.1f}" '
                   f'stroke="#333" stroke-width="1.5"/><circle class="point" cx="{px(p["value"]):.1f}" cy="{py(p["rate"]):.1f}" r="4" '
                   f'fill="#333"><title>{tip}</title></circle>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 6}" font-size="12" text-anchor="middle">{_e(spec.get("xlabel", ""))}</text>')
    out.append(f'<text x="14" y="{(top + h - bottom) / 2}" font-size="12" text-anchor="middle" '
               f'transform="rotate(-90 14 {(top + h - bottom) / 2})">{_e(spec.get("ylabel", "win rate"))}</text>')
    out.append("</svg>")
    return "".join(out)


def lead_chart(spec: dict[str, Any]) -> str:
    """Who leads turn by turn: the mean evaluation for a side (-1 to 1) and how often the leader goes on to win;
    the turn the result is decided marked. ``spec``: the JSON of :class:`tcforge.analysis.stats.LeadCurve`."""
    w, h, left, right, top, bottom = 640, 280, 56, 56, 14, 40
    turns = spec.get("turns") or []
    if not turns:
        return "<p>No turn-by-turn evaluation was kept for these games.</p>"
    lo_t, hi_t = turns[0], max(turns[-1], turns[0] + 1)

    def px(t: float) -> float:
        return left + (t - lo_t) / (hi_t - lo_t) * (w - left - right)

    def py(y: float) -> float:  # -1..1
        return top + (1 - (y + 1) / 2) * (h - top - bottom)

    out = [f'<svg class="chart lead" viewBox="0 0 {w} {h}" preserveAspectRatio="xMinYMin meet" role="img" '
           f'aria-label="who leads">']
    for y in (-1, -0.5, 0, 0.5, 1):  # the left axis: the evaluation; the right: the share the leader wins (dashed)
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#e4e4e4"/>'
                   f'<text x="{left - 6}" y="{py(y) + 4:.1f}" font-size="11" text-anchor="end">{y:+.1f}</text>'
                   f'<text class="right-axis" x="{w - right + 6}" y="{py(y) + 4:.1f}" font-size="11" fill="#9a6a00">'
                   f'{(y + 1) / 2:.0%}</text>')
    mid = (top + h - bottom) / 2
    out.append(f'<text x="14" y="{mid}" font-size="11" text-anchor="middle" transform="rotate(-90 14 {mid})">'
               f'evaluation (solid)</text><text x="{w - 10}" y="{mid}" font-size="11" text-anchor="middle" fill="#9a6a00" '
               f'transform="rotate(90 {w - 10} {mid})">leader wins (dashed)</text>')
    for t in turns:
        out.append(f'<text x="{px(t):.1f}" y="{h - bottom + 16}" font-size="11" text-anchor="middle">{t}</text>')
    out.append('<polyline fill="none" stroke="#4b5661" stroke-width="2" points="'
               + " ".join(f"{px(t):.1f},{py(m):.1f}" for t, m in zip(turns, spec["mean_evaluation"], strict=False)) + '"/>')
    out.append('<polyline fill="none" stroke="#9a6a00" stroke-width="2" stroke-dasharray="4,3" points="'
               + " ".join(f"{px(t):.1f},{py(2 * r - 1):.1f}" for t, r in zip(turns, spec["leader_wins"], strict=False)) + '"/>')
    if spec.get("decided"):
        d = spec["decided"]
        out.append(f'<line x1="{px(d):.1f}" x2="{px(d):.1f}" y1="{top}" y2="{h - bottom}" stroke="#7a3e2f" stroke-width="2"/>'
                   f'<text x="{px(d) + 4:.1f}" y="{top + 12}" font-size="11">decided: turn {d}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 4}" font-size="12" text-anchor="middle">game turn</text></svg>')
    out.append(f'<p class="caption">Solid, left axis: the mean evaluation for {_e(spec.get("side", ""))} at each turn\'s '
               f'end (-1 to +1). Dashed, right axis: the share of games the side then leading goes on to win (0 to 100 %).'
               f'</p>')
    return "".join(out)


def _replay(n: int, entry: dict[str, Any]) -> str:
    game = entry["game"]
    last_turn = max((s["turn"] for s in game["steps"]), default=1)
    if entry.get("watch"):  # its log, on tcforge serve's watch page
        watch = (f'<p class="watch"><a href="{_e(entry["watch"])}">watch it in tcforge serve</a> '
                 f'(the log: <code>{_e(entry["log"])}</code>)</p>')
    else:
        watch = f'<p class="watch">{_e(entry["unlogged"])}</p>' if entry.get("unlogged") else ""
    return (f'<div class="replay" id="replay-{n}" tabindex="0"><h3>{_e(entry["title"])}</h3>{watch}'
            f'<div class="controls"><button class="first" title="first step">|&lt;</button>'
            f'<button class="back" title="back one step">&lt; back</button>'
            f'<button class="forward" title="forward one step">forward &gt;</button>'
            f'<button class="last" title="last step">&gt;|</button><input type="range" min="0" value="0" aria-label="step">'
            f'<label>turn <input class="turn" type="number" min="1" max="{last_turn}" value="1" style="width:4em"></label>'
            f'<button class="jump">jump to turn</button></div>'
            f'<div class="status"></div><div class="step-text"></div>'
            f'<div class="board"><img alt="the board" src="data:image/png;base64,{{BOARD}}">'
            f'<div class="goals"></div><div class="inplay"></div><div class="units"></div></div>'
            f'<div class="lost"></div><script type="application/json" class="game">{_json(game)}</script></div>')


def page(doc: dict[str, Any], board: Board | None) -> str:
    """The whole page as text."""
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_e(doc['title'])}</title>"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>{CSS}</style></head><body>",
             f"<h1>{_e(doc['title'])}</h1>"]
    if doc.get("subtitle"):
        parts.append(f'<p class="sub">{_e(doc["subtitle"])}</p>')
    parts.append('<div class="verdict" id="verdict">' + "".join(f"<p>{_e(v)}</p>" for v in doc.get("verdict", [])) + "</div>")
    for section in doc.get("sections", []):
        parts.append(f"<h2>{_e(section['heading'])}</h2>")
        parts += [f"<p>{_e(t)}</p>" for t in section.get("text", [])]
        chart = section.get("chart")
        if chart:
            parts.append(rates_chart(chart) if chart.get("kind") == "rates" else lead_chart(chart))
        if section.get("table"):
            parts.append(table(section["table"]))
    replays = doc.get("replays") or []
    if replays and board is not None:
        parts.append("<h2>Proof games, step by step</h2><p>Each game is played again from its seed "
                     "(the command in its title: <code>tcforge scenario play SCENARIO --seed N</code>, with <code>--set</code> for its "
                     "levers and <code>--agent</code> for its players when they are not greedy); the "
                     "units stand on "
                     "the scenario sheet's board, and a frame in a side's colour marks each position it must take or "
                     "hold in that game; blue labels name what lies on a position beyond its set-up terrain (terrain played, "
                     "Foxholes, Smoke), and a tag marked \u2716 in a dashed frame is an immobilised unit. Use the buttons, "
                     "the slider, the arrow keys, or jump to a turn.</p>")
        if any(entry.get("watch") for entry in replays):
            parts.append("<p>A game's link <em>watch it in tcforge serve</em> opens its log (written beside this report) "
                         "on the watch page: start <code>tcforge serve</code> first, in any folder.</p>")
        parts += [_replay(n, entry).replace("{BOARD}", board.png) for n, entry in enumerate(replays)]
        parts.append(f'<script type="application/json" id="board-data">{_json(board.to_json())}</script>')
        parts.append(f"<script>{SCRIPT}</script>")
    parts.append("</body></html>\n")
    return "".join(parts)


def write(path: Any, doc: dict[str, Any], board: Board | None) -> None:
    """Write the page whole or not at all (:mod:`tcforge.atomic`)."""
    from tcforge.atomic import write_atomic
    write_atomic(path, page(doc, board))

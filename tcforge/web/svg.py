"""A canvas that writes SVG: the printers' drawing code (a ReportLab canvas's calls) drawn for a web page.

The scenario sheet's battlefield (:class:`tcforge.render.scenario.map.BattlefieldMap`) draws on a ReportLab canvas;
:class:`SvgCanvas` takes the subset of the canvas's calls that drawing makes (rectangles, lines, circles, text,
colours, dashes, a rectangular clip, saved states) and writes them as SVG elements, so that the page shows the
board the sheet prints, from the same code. PDF coordinates (origin at the bottom left, in points) become SVG's
(origin at the top left); text is escaped.
"""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tcforge.render.page import fonts

_FAMILY = {
    fonts.SANS: ("DejaVu Sans, Verdana, sans-serif", "normal", "normal"),
    fonts.SANS_BOLD: ("DejaVu Sans, Verdana, sans-serif", "bold", "normal"),
    fonts.COND: ("DejaVu Sans Condensed, DejaVu Sans, Arial Narrow, sans-serif", "normal", "condensed"),
    fonts.COND_BOLD: ("DejaVu Sans Condensed, DejaVu Sans, Arial Narrow, sans-serif", "bold", "condensed"),
}


def colour(value: Any) -> str:
    """A ReportLab colour as #rrggbb."""
    red, green, blue = (max(0, min(255, round(float(v) * 255))) for v in (value.red, value.green, value.blue))
    return f"#{red:02x}{green:02x}{blue:02x}"


class _Pen:
    """The drawing state a ReportLab canvas keeps (colours, line, font, clip); copied on saveState."""

    __slots__ = ("clip", "dash", "fill", "font", "size", "stroke", "width")

    def __init__(self) -> None:
        self.fill, self.stroke, self.width, self.dash = "#000000", "#000000", 1.0, ""
        self.font, self.size, self.clip = fonts.SANS, 10.0, ""

    def copy(self) -> _Pen:
        other = _Pen()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class _Path:
    """What ``beginPath`` gives: the canvas's clip is a rectangle here (the zones' hatching)."""

    def __init__(self) -> None:
        self.box: tuple[float, float, float, float] | None = None

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.box = (x, y, w, h)


class SvgCanvas:  # its methods keep ReportLab's names, which the map calls
    """The calls the battlefield map makes, written as SVG elements in a ``width`` x ``height`` point box."""

    def __init__(self, width: float, height: float):
        self.width, self.height = width, height
        self.pen = _Pen()
        self.stack: list[_Pen] = []
        self.parts: list[str] = []
        self.defs: list[str] = []

    # ------------------------------------------------------------------ state
    def saveState(self) -> None:
        self.stack.append(self.pen.copy())

    def restoreState(self) -> None:
        self.pen = self.stack.pop() if self.stack else _Pen()

    def setFillColor(self, value: Any) -> None:
        self.pen.fill = colour(value)

    def setStrokeColor(self, value: Any) -> None:
        self.pen.stroke = colour(value)

    def setLineWidth(self, width: float) -> None:
        self.pen.width = float(width)

    def setDash(self, on: float | None = None, off: float | None = None) -> None:
        self.pen.dash = "" if on is None else f"{on:.2f},{(on if off is None else off):.2f}"

    def setFont(self, name: str, size: float) -> None:
        self.pen.font, self.pen.size = name, float(size)

    def beginPath(self) -> _Path:
        return _Path()

    def clipPath(self, path: _Path, stroke: int = 0, fill: int = 0) -> None:
        if path.box is None:
            return
        x, y, w, h = path.box
        name = f"clip{len(self.defs)}"
        self.defs.append(f'<clipPath id="{name}"><rect x="{x:.2f}" y="{self.y(y + h):.2f}" width="{w:.2f}" '
                         f'height="{h:.2f}"/></clipPath>')
        self.pen.clip = name

    # ------------------------------------------------------------------ shapes
    def y(self, y: float) -> float:
        return self.height - y

    def _paint(self, stroke: int, fill: int) -> str:
        pen = self.pen
        out = f' fill="{pen.fill}"' if fill else ' fill="none"'
        if stroke:
            out += f' stroke="{pen.stroke}" stroke-width="{pen.width:.2f}"'
            if pen.dash:
                out += f' stroke-dasharray="{pen.dash}"'
        if pen.clip:
            out += f' clip-path="url(#{pen.clip})"'
        return out

    def rect(self, x: float, y: float, w: float, h: float, stroke: int = 1, fill: int = 0) -> None:
        self.parts.append(f'<rect x="{x:.2f}" y="{self.y(y + h):.2f}" width="{w:.2f}" height="{h:.2f}"'
                          f'{self._paint(stroke, fill)}/>')

    def roundRect(self, x: float, y: float, w: float, h: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self.parts.append(f'<rect x="{x:.2f}" y="{self.y(y + h):.2f}" width="{w:.2f}" height="{h:.2f}" rx="{r:.2f}"'
                          f'{self._paint(stroke, fill)}/>')

    def circle(self, cx: float, cy: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self.parts.append(f'<circle cx="{cx:.2f}" cy="{self.y(cy):.2f}" r="{r:.2f}"{self._paint(stroke, fill)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.parts.append(f'<line x1="{x1:.2f}" y1="{self.y(y1):.2f}" x2="{x2:.2f}" y2="{self.y(y2):.2f}"'
                          f'{self._paint(1, 0)}/>')

    # ------------------------------------------------------------------ text
    def _text(self, x: float, y: float, text: str, anchor: str) -> None:
        family, weight, stretch = _FAMILY.get(self.pen.font, _FAMILY[fonts.SANS])
        clip = f' clip-path="url(#{self.pen.clip})"' if self.pen.clip else ""
        self.parts.append(f'<text x="{x:.2f}" y="{self.y(y):.2f}" font-family={quoteattr(family)} font-size="{self.pen.size:.2f}"'
                          f' font-weight="{weight}" font-stretch="{stretch}" text-anchor="{anchor}" fill="{self.pen.fill}"'
                          f'{clip}>{escape(text)}</text>')

    def drawString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "start")

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "middle")

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "end")

    # ------------------------------------------------------------------ the page's own marks
    def raw(self, element: str) -> None:
        """An element written by the web layer itself (a position's hit area, with its data attributes)."""
        self.parts.append(element)

    def svg(self) -> str:
        defs = f"<defs>{''.join(self.defs)}</defs>" if self.defs else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:.0f} {self.height:.0f}" '
                f'class="board" role="img">{defs}{"".join(self.parts)}</svg>')

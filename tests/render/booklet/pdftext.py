"""Reading printed PDFs back for the booklet tests: type sizes as printed, through every matrix.

pypdf's text visitor gives the font size and the text and page matrices, but
not the matrix of a form XObject (WeasyPrint draws each SVG text in one), so
a diagram's labels look 2.8 times smaller than printed. :func:`printed_sizes`
walks the content streams itself: ``q``/``Q``/``cm``, the text matrix, and
each form XObject's ``/Matrix``.
"""
from __future__ import annotations

import math
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector order: m × n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def printed_sizes(reader: PdfReader, page_index: int) -> list[float]:
    """The printed size (pt) of every text-showing operation on one page, form XObjects included."""
    sizes: list[float] = []

    def walk(stream: Any, resources: Any, ctm: Matrix, depth: int) -> None:
        content = ContentStream(stream, reader)
        stack: list[Matrix] = []
        tm: Matrix = IDENTITY
        font_size = 0.0
        for operands, op in content.operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q" and stack:
                ctm = stack.pop()
            elif op == b"cm":
                ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif op == b"BT":
                tm = IDENTITY
            elif op == b"Tf":
                font_size = float(operands[1])
            elif op == b"Tm":
                tm = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                shown = operands[-1]
                empty = (not any(len(part) for part in shown if isinstance(part, bytes | str))
                         if isinstance(shown, list) else not len(shown))
                if not empty:
                    sizes.append(font_size * _scale(tm) * _scale(ctm))
            elif op == b"Do" and depth < 8:
                xobjects = resources.get("/XObject") if resources is not None else None
                xobject = xobjects[operands[0]].get_object() if xobjects and operands[0] in xobjects else None
                if xobject is not None and xobject.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    walk(xobject, xobject.get("/Resources") or resources, multiply(matrix, ctm), depth + 1)  # type: ignore[arg-type]

    page = reader.pages[page_index]
    contents = page.get_contents()
    if contents is not None:
        walk(contents, page.get("/Resources"), IDENTITY, 0)
    return sizes


def smallest_printed(reader: PdfReader) -> tuple[float, int]:
    """The smallest printed type size of the document and the (1-based) page it is on."""
    return min((size, index + 1) for index in range(len(reader.pages)) for size in printed_sizes(reader, index))

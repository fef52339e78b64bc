"""Card images for print-on-demand services: one PNG a distinct card face, with bleed, and a manifest.

Online card printers (MakePlayingCards, The Game Crafter, PrinterStudio) take one image a card, as nanDECK and
Squib users hand them over: the card at its trim size plus a bleed on every side, at 300 dpi or more, square
corners (the printer's die rounds them), no crop marks. A 63 x 88 mm card at 300 dpi is 744 x 1039 px; 3 mm of
bleed is 36 px a side (rounded up: never less than asked), so each image is 816 x 1111 px. With ``--card-size
poker`` (63.5 x 88.9 mm) it is 822 x 1122 px, MakePlayingCards' poker template to the pixel.

Each face is drawn by the very code of the printed sheets (a :class:`~tcforge.render.page.sheets.Face`), on a
one-page PDF whose points are pixels, with the bleed in force so the frame and background run out to the image's
edge, and rasterised by pdfium (:mod:`tcforge.render.page.raster`). Identical cards (copies, or two cards that draw
the same pixels) share one file, and the manifest counts them: one row a distinct card, ``name, count, front,
back``, as CSV and JSON. :func:`write_images` writes the folder whole or not at all (:func:`tcforge.atomic.atomic_folder`).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from tcforge import __version__
from tcforge.atomic import atomic_folder, check_folder
from tcforge.bounds import read_json
from tcforge.render.page import fonts
from tcforge.render.page.geometry import STANDARD, CardSize, Rect
from tcforge.render.page.raster import png_bytes, rasterise
from tcforge.render.page.sheets import Ctx, Face, Piece, Report

DPI_DEFAULT = 300
BLEED_MM_DEFAULT = 3.0
WRITTEN_BY = "tcforge print images"     # the manifest says who wrote the folder: a re-run replaces only such a folder
MANIFEST_CSV = "manifest.csv"
MANIFEST_JSON = "manifest.json"


@dataclass(frozen=True)
class ImageSize:
    """The pixels of one card image: the trim at ``dpi`` (rounded), and the bleed on every side (rounded up)."""

    card: CardSize = STANDARD
    dpi: int = DPI_DEFAULT
    bleed_mm: float = BLEED_MM_DEFAULT

    @property
    def trim_px(self) -> tuple[int, int]:
        return round(self.card.width_mm * self.dpi / 25.4), round(self.card.height_mm * self.dpi / 25.4)

    @property
    def bleed_px(self) -> int:
        return math.ceil(self.bleed_mm * self.dpi / 25.4 - 1e-9)

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.trim_px
        return w + 2 * self.bleed_px, h + 2 * self.bleed_px

    def label(self) -> str:
        w, h = self.size
        return f"{w} x {h} px at {self.dpi} dpi ({self.bleed_mm:g} mm bleed, {self.bleed_px} px)"


@dataclass
class Row:
    """A distinct card of the manifest: the name of its first copy, how many, its front and back files."""

    name: str
    count: int
    front: str
    back: str


@dataclass
class ImageSet:
    """What :func:`draw_images` made: PNGs by file name, the manifest's rows, what did not fit, the time it took."""

    product: str
    lang: str
    size: ImageSize
    files: dict[str, bytes] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    report: Report = field(default_factory=Report)
    seconds: float = 0.0
    drawn: int = 0                 # images drawn (before identical ones were merged)

    @property
    def cards(self) -> int:
        return sum(row.count for row in self.rows)

    @property
    def fronts(self) -> list[str]:
        return list(dict.fromkeys(row.front for row in self.rows))

    @property
    def backs(self) -> list[str]:
        return list(dict.fromkeys(row.back for row in self.rows))


def card_pdf(face: Face, size: ImageSize, ctx: Ctx) -> bytes:
    """A one-page PDF, one point a pixel, with ``face`` drawn over the whole page: the trim in the middle, the bleed
    (frame and background carried out) round it."""
    fonts.register()
    width, height = size.size
    trim_w, trim_h = size.trim_px
    bleed = size.bleed_px
    card = Rect(0, 0, size.card.w, size.card.h)
    sx, sy = trim_w / card.w, trim_h / card.h
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), initialFontName=fonts.SANS,  # type: ignore[arg-type]  # the stubs say a number
               pageCompression=1, invariant=1)
    ctx.face = face.name
    ctx.bleed = max(bleed / sx, bleed / sy)   # in the card's points; the page edge cuts what lies beyond
    c.translate(bleed, bleed)
    c.scale(sx, sy)
    face.draw(c, card, ctx)
    c.showPage()
    c.save()
    return buffer.getvalue()


def card_png(face: Face, size: ImageSize, ctx: Ctx) -> bytes:
    """``face`` as a PNG of ``size``, its resolution written in the file."""
    return png_bytes(rasterise(card_pdf(face, size, ctx), size.size), size.dpi)


def slug(text: str, most: int = 40) -> str:
    """A file name part: ASCII letters and digits, dashes between words ('PzKw IV J' -> 'pzkw-iv-j')."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:most].rstrip("-") or "card"


def draw_images(product: str, pieces: list[Piece], size: ImageSize, ctx: Ctx,
                progress: Callable[[], None] | None = None) -> ImageSet:
    """Draw every distinct face and back of ``pieces`` once, in memory (nothing is written): fronts as
    ``NNN-NAME.png`` in order of first appearance, backs as ``back-NAME.png``; the manifest's rows count the copies."""
    start = time.perf_counter()
    out = ImageSet(product, ctx.lang, size, report=ctx.report)
    by_key: dict[str, str] = {}           # a piece's key -> its file
    by_pixels: dict[str, str] = {}        # a PNG's digest -> its file: two keys drawing the same pixels share one
    rows: dict[tuple[str, str], Row] = {}

    fronts: set[str] = set()              # the front files so far: the next one is numbered after them

    def image(key: str, face: Face, name: str) -> str:
        if key not in by_key:
            data = card_png(face, size, ctx)
            out.drawn += 1
            if progress is not None:
                progress()
            digest = hashlib.sha256(data).hexdigest()
            if digest not in by_pixels:
                stem, n = name.removesuffix(".png"), 2
                while name in out.files:      # another image whose name makes the same file name
                    name, n = f"{stem}-{n}.png", n + 1
                by_pixels[digest] = name
                out.files[name] = data
            by_key[key] = by_pixels[digest]
        return by_key[key]

    for piece in pieces:
        front = image("face:" + piece.key, piece.face, f"{len(fronts) + 1:03d}-{slug(piece.face.name)}.png")
        fronts.add(front)
        back = image("back:" + piece.back_key, piece.back, f"back-{slug(piece.back.name.removesuffix(' back'))}.png")
        row = rows.get((front, back))
        if row is None:
            rows[(front, back)] = row = Row(piece.face.name, 0, front, back)
        row.count += 1
    out.rows = list(rows.values())
    out.seconds = time.perf_counter() - start
    return out


def distinct_images(pieces: list[Piece]) -> int:
    """How many images :func:`draw_images` draws at most (distinct keys of fronts and backs): the progress bar's length."""
    return len({p.key for p in pieces}) + len({p.back_key for p in pieces})


def manifest_csv(images: ImageSet) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["name", "count", "front", "back"])
    for row in images.rows:
        writer.writerow([row.name, row.count, row.front, row.back])
    return buffer.getvalue()


def manifest_json(images: ImageSet) -> dict[str, Any]:
    size = images.size
    return {
        "written_by": WRITTEN_BY,
        "version": __version__,
        "product": images.product,
        "lang": images.lang,
        "card_mm": [size.card.width_mm, size.card.height_mm],
        "bleed_mm": size.bleed_mm,
        "dpi": size.dpi,
        "image_px": list(size.size),
        "trim_px": list(size.trim_px),
        "bleed_px": size.bleed_px,
        "cards": images.cards,
        "rows": [{"name": r.name, "count": r.count, "front": r.front, "back": r.back} for r in images.rows],
    }


def owned(folder: Path) -> bool:
    """Whether ``folder`` is one this module wrote (its manifest says so): only such a folder is replaced."""
    try:
        data = read_json(folder / MANIFEST_JSON, "an image folder's manifest")
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("written_by") == WRITTEN_BY


def check_out(folder: Path) -> None:
    """Refuse, before anything is drawn, a folder :func:`write_images` would refuse (a file, a link, a folder tcforge
    did not write)."""
    check_folder(folder, owned)


def write_images(images: ImageSet, folder: Path) -> list[Path]:
    """The PNGs and both manifests into ``folder``, whole or not at all; the files written, manifests last."""
    with atomic_folder(folder, owned) as writer:
        for name, data in images.files.items():
            writer.write(name, data)
        writer.write(MANIFEST_CSV, manifest_csv(images))
        writer.write(MANIFEST_JSON, json.dumps(manifest_json(images), ensure_ascii=False, indent=2) + "\n")
        names = list(writer.names)
    return [folder / name for name in names]

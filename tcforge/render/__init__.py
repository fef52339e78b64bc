"""The print shop: every printed product of tcforge, as print-ready PDF, one subpackage a product.

- ``cards``: card-sized pieces to sleeve (card faces, inserts, terrain strips,
  reference cards, proxies, the calibration page);
- ``booklet``: the rule booklets in English and French (WeasyPrint);
- ``scenario``: scenario sheets and scenario decks;
- ``page``: what they all share (paper geometry, fonts, style, text fitting,
  sheets and crop marks, the atomic build, saved settings); the words they
  print are in :mod:`tcforge.i18n.words`, one table for every product.

``cli`` is the ``tcforge print`` command line: parse, call, report.
"""

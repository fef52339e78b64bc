"""The print shop: sleeve inserts, reference cards and proxies as print-ready PDF.

``geometry`` places cards on sheets, ``fonts`` embeds DejaVu, ``cardface``
draws one card, ``inserts``, ``refcards``, ``proxies`` and ``calibration``
make the products, ``atomic`` writes each file whole or not at all, and
``cli`` is the ``tcforge print`` command line.
"""

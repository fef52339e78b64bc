"""What every printed product shares: the page and the words on it.

``geometry`` places pieces on paper (sizes, sheets, offsets), ``fonts`` embeds
DejaVu, ``style`` is the house look, ``text`` fits text to its box,
``tables`` draws small ruled tables, ``sheets`` lays faces on sheets with crop
marks and backs, ``build`` writes one PDF whole or not at all, and ``settings``
keeps the saved back offset. The words printed on every page, English and
French, are in :mod:`tcforge.i18n.words`.
"""

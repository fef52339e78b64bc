"""What every printed product shares: the page and the words on it.

``geometry`` places pieces on paper (sizes, sheets, offsets), ``fonts`` embeds
DejaVu, ``style`` is the house look, ``text`` fits text to its box,
``tables`` draws small ruled tables, ``sheets`` lays faces on sheets with crop
marks and backs, ``build`` writes one PDF whole or not at all, ``settings``
keeps the saved back offset, and ``words`` holds the printed words in English
and French with French typography.
"""

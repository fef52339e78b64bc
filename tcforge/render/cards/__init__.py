"""Card-sized pieces to cut and sleeve: card faces, inserts, strips, reference cards, proxies.

``cardface`` draws one card, ``strips`` a terrain strip, ``backs`` the label
backs for double-sided printing; ``inserts``, ``refcards`` and ``proxies``
make the products, ``calibration`` the double-sided calibration page, and
``bench`` times a proxy deck of every card.
"""

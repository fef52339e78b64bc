"""Card-sized pieces to cut and sleeve: card faces, inserts, strips, reference cards, proxies.

``cardface`` draws one card, ``strips`` a terrain strip, ``backs`` the label
backs for double-sided printing; ``inserts``, ``refcards`` and ``proxies``
make the products, ``calibration`` the double-sided calibration page,
``command_deck`` the cards of a fluid-time command deck (words in
``deck_words``), and ``bench`` times a proxy deck of every card.
"""

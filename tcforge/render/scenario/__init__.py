"""Scenario sheets and scenario decks.

``sheet`` lays one scenario out on one or two pages, ``map`` draws its
battlefield, ``deck`` prints proxies of every card the scenario hands each
side with a checklist, and ``text`` words the scenario's facts (side names,
groups, placements, dates) the same way for all of them.
"""

"""Scenarios: the file format, the model the rules engine reads, and the static checks.

- :mod:`tcforge.scenarios.model`: ``load("hill-621")`` (or a path) gives a
  :class:`~tcforge.scenarios.model.Scenario` with every card, position and side
  resolved; ``load_scenario(path)`` also returns the findings instead of raising.
- :mod:`tcforge.scenarios.check`: ``check_file(path, engine=None)`` runs every
  static check (codes in ``CODES``) and, through the optional callback, the
  engine's own checks.
- :mod:`tcforge.scenarios.grid`: positions, ranks counted from each reserve, labels.
- :mod:`tcforge.scenarios.show`: the text summary (English, French) and JSON.
- :mod:`tcforge.scenarios.cli`: ``app``, mounted as ``tcforge scenario``.
"""

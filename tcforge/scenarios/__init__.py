"""Scenarios: the file format, the model the rules engine reads, and the static checks.

- :mod:`tcforge.scenarios.loading`: ``load("hill-621")`` (or a path) gives a
  :class:`~tcforge.scenarios.scenario.Scenario` with every card, position and
  side resolved; ``load_scenario(path)`` also returns the findings instead of
  raising. It reads and schema-checks the file and applies a balance option;
  :mod:`~tcforge.scenarios.resolve` resolves the references (victory conditions
  and special rules too).
- The model: :mod:`~tcforge.scenarios.scenario` (the whole),
  :mod:`~tcforge.scenarios.format` (sides, forces, terrain, initiative, ...),
  :mod:`~tcforge.scenarios.victory` and :mod:`~tcforge.scenarios.special_rules`
  (typed; :mod:`tcforge.play.hooks` makes them engine hooks),
  :mod:`~tcforge.scenarios.card_kinds` (unit, truck, tank, terrain: what a card
  counts as for the scenario rules).
- :mod:`tcforge.scenarios.check`: ``check_file(path, engine=None)`` runs every
  static check (codes in ``CODES``) and, through the optional callback, the
  engine's own checks.
- :mod:`tcforge.scenarios.grid`: positions, ranks counted from each reserve, labels.
- :mod:`tcforge.scenarios.patch`: the patches of balance options.
- :mod:`tcforge.scenarios.show`: the text summary (English, French) and JSON.
- :mod:`tcforge.cli.scenario`: ``app``, mounted as ``tcforge scenario``.
"""

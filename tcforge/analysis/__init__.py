"""Experiments and odds on top of the rules and of played games (:mod:`tcforge.play`).

Exact odds (``odds``) and the odds matrix (``matrix``); balance over many seeded games (``balance``, its
``verdict``, ``converge``, the strength ``ladder``), run in batches (``batches``) on a local pool (``pool``) or
Dask (``cluster``, ``cluster_bench``) and swept over parameter grids (``sweep``); generated scenarios
(``generate``) and whether one plays (``playable``); plots (``plotting``). Playing a scenario itself (set-up,
hooks, victory, games, logs, accounts, the referee, playability checks) is :mod:`tcforge.play`'s; rule coverage
is a developer's tool of the checkout (tools/coverage.py, ``make coverage``).
"""

"""Playing a scenario: the room between the rules (engine, scenarios, agents) and the experiments (analysis).

A scenario becomes a game here (``setup``: the seeded set-up; ``hooks``: the scenario's own rules the engine
calls, reinforcements, grace, victory), is played by agents (``games``), written and read back as a
hash-chained log (``gamelog``), told as an account (``account``), re-checked by the referee (``referee``) and
refused before play when illegal (``checks``).
"""

"""The headless rules engine of TC:TEFE.

The shape follows OpenSpiel's game states: a :class:`~tcforge.engine.state.GameState`
knows the player to act (a side, ``CHANCE`` or ``TERMINAL``), its legal
actions, applies an action fast or checked, lists the chance outcomes of a
pending die roll with their probabilities, clones and serializes itself.
Because every die roll is a chance outcome, a game's log of actions and die
results replays exactly, and exact odds are a walk over the same outcomes.
"""

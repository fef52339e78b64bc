"""The old home of the scenario model, kept only for the print shop's imports (tcforge/render/).

The model now lives in small modules: :mod:`~tcforge.scenarios.format` (the
parts), :mod:`~tcforge.scenarios.victory`, :mod:`~tcforge.scenarios.special_rules`,
:mod:`~tcforge.scenarios.scenario` (the whole), :mod:`~tcforge.scenarios.loading`
(find, load, schema check, balance options) and :mod:`~tcforge.scenarios.resolve`.
Import from those; once tcforge/render/ does, delete this file.
"""
from __future__ import annotations

from tcforge.scenarios.format import Build, ForceEntry, Reinforcement, Side
from tcforge.scenarios.loading import bundled_ids, load
from tcforge.scenarios.scenario import Scenario
from tcforge.scenarios.victory import (
    ControlPositions, ControlRank, Countdown, EliminateAll, HoldPositions, VictoryCondition)

__all__ = ["Build", "ControlPositions", "ControlRank", "Countdown", "EliminateAll", "ForceEntry", "HoldPositions",
           "Reinforcement", "Scenario", "Side", "VictoryCondition", "bundled_ids", "load"]

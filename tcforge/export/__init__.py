"""Exports to other play tools: Tabletop Simulator deck sheets and a saved table (``tts``).

``raster`` turns the printed card faces into pixels, ``tts`` lays cards out as
Tabletop Simulator objects and writes the sheets and the save, ``table``
decides what lies where for a scenario or a command deck, ``cli`` is the
``tcforge export`` command group.
"""

"""tcforge: data, rules engine and print shop for Tank Commander: The Eastern Front Edition."""

from tcforge import compiled as _compiled

__version__ = "0.1.0"

_compiled.guard()  # the compiled build where one is made and current, else pure Python (tcforge/compiled.py)

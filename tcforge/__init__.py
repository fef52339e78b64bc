"""tcforge: data, rules engine and print shop for Tank Commander: The Eastern Front Edition."""

__version__ = "0.1.0"

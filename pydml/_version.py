"""The one place pydml's version is written (pyproject.toml reads it too)."""

__version__ = "0.2.0"

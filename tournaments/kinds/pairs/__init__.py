"""Pairs events: the kind (`kind.py`) and its registration pages."""

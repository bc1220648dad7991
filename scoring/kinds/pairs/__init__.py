"""Pairs events on the scoring side: the kind (`kind.py`) and its demo."""

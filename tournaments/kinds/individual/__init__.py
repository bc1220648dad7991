"""Individual events: the kind (`kind.py`), the players' registration, lists and reports, and the
seating of each turn's lines."""

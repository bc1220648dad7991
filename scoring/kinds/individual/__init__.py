"""Individual events on the scoring side: the kind (`kind.py`), the players' results and rulings,
the desk's pages and the demo."""

"""Team events on the scoring side: the kind (`kind.py`), matches and penalties, the desk's and
players' pages, the reports and the demo."""

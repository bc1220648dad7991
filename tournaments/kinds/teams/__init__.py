"""Team events: the kind (`kind.py`), the teams' setup and line-ups, their files and import."""

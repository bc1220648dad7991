"""The kinds of event on the scoring side: one package per kind (`pairs/`, `individual/`,
`teams/`), the base class (`base.py`), the pages' routing (`pages.py`) and the registry
(`registry.py`)."""

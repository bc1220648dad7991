"""What the demos draw their players from: given names, surnames, clubs, and a function
giving a table's plausible line totals."""

from collections.abc import Callable
from typing import NamedTuple


class DemoPeople(NamedTuple):
    first: list[str]
    last: list[str]
    clubs: list[str]
    totals: Callable

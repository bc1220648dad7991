"""A circuit's standings (a season of tournaments ranked together), as plain data: no Django.

The Codice di Gara ranks one tournament; a circuit is ranked by its organiser's own rules,
all of them settings (docs/circuits.md):

- each stage gives a player points: the VP his pair, line or team made there (`vp`), or
  the points of his final rank by a table (`placing`: 100, 90, 82, …; `beyond` for every
  place after the table);
- the best `best` stages he played count (all of them when `best` is None);
- a player is ranked once he played `min_stages` stages; the others are listed after the
  ranked ones, with no rank;
- the finalists are the best `finalists_percent` % of the ranked (rounded half up, at least
  one) or the best `finalists` of them.

Ties (this program's choice, the issue leaves it open): more points first; then the better
counted results, compared best against best, then second best against second best…; then
more stages played; players still equal share the rank (listed by name). A finalist cut
falling inside a shared rank takes every player of that rank.

Players are followed by a key: "card:<membership>" or, with no card, "name:<folded name>";
`aliases` maps a merged key to the one it was merged into (the desk's merge of two
spellings). A player found twice in one stage (two spellings merged that both played it)
keeps that stage's better points, once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

POINTS = ("vp", "placing")


class CircuitError(ValueError):
    """A circuit's rules that cannot be applied; `code` names which (the service says it in
    the reader's language)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Rules:
    points: str = "vp"
    table: tuple[int, ...] = ()
    beyond: int = 0
    best: int | None = None
    min_stages: int = 1
    finalists_percent: Fraction | None = None
    finalists: int | None = None

    def check(self) -> None:
        if self.points not in POINTS:
            raise CircuitError("points", "points must be vp or placing")
        if self.points == "placing" and not self.table:
            raise CircuitError("table", "placing points need their table: placing:100,90,82")
        if self.best is not None and self.best < 1:
            raise CircuitError("best", "best must be at least 1")
        if self.min_stages < 1:
            raise CircuitError("min_stages", "the minimum of stages must be at least 1")
        if self.finalists_percent is not None and self.finalists is not None:
            raise CircuitError("both", "finalists by percent or by number, not both")
        if self.finalists_percent is not None and not 0 < self.finalists_percent <= 100:
            raise CircuitError("percent", "the finalists' percent must be above 0 and at most 100")
        if self.finalists is not None and self.finalists < 1:
            raise CircuitError("finalists", "the finalists must be at least 1")


class Entry(NamedTuple):
    """A player's result in one stage: his pair's, line's or team's VP and final rank."""

    key: str
    name: str
    membership: str
    club: str
    vp: int
    rank: int


@dataclass
class Row:
    key: str
    name: str
    membership: str
    club: str
    points: int
    stages_played: int
    # one per stage of the circuit, in order: None (not played) or (points, counted)
    stages: list[tuple[int, bool] | None] = field(default_factory=list)
    rank: int | None = None
    finalist: bool = False

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def player_key(membership: str, name: str) -> str:
    """The key following a player: his card, else his name as given (folded by the caller)."""
    membership = (membership or "").strip()
    return f"card:{membership}" if membership else f"name:{name}"


def stage_points(rules: Rules, entry: Entry) -> int:
    if rules.points == "vp":
        return entry.vp
    if 1 <= entry.rank <= len(rules.table):
        return rules.table[entry.rank - 1]
    return rules.beyond


def counted(points: list[int], best: int | None) -> list[bool]:
    """Which of a player's stage points count: the best `best` (ties: the earlier stage)."""
    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    keep = set(order if best is None else order[:best])
    return [i in keep for i in range(len(points))]


def finalists_count(rules: Rules, ranked: int) -> int:
    """How many finalists among `ranked` players: P % rounded half up (at least one), or N."""
    if ranked == 0:
        return 0
    if rules.finalists is not None:
        return min(rules.finalists, ranked)
    if rules.finalists_percent is None:
        return 0
    exact = Fraction(rules.finalists_percent) * ranked / 100
    return min(ranked, max(1, int(exact + Fraction(1, 2))))


def resolve(key: str, aliases: dict[str, str]) -> str:
    """The key a player is followed by after the merges (a chain followed to its end)."""
    seen = set()
    while key in aliases and key not in seen:
        seen.add(key)
        key = aliases[key]
    return key


def collect(
    rules: Rules, stages: list[list[Entry]], aliases: dict[str, str] | None = None
) -> dict[str, Row]:
    """Every player's row: points per stage (None where he did not play), before counting.
    (The loop over every stage's rows is the circuit's cost: `stage_points` is inlined.)"""
    aliases = aliases or {}
    rows: dict[str, Row] = {}
    count = len(stages)
    by_vp, table, beyond = rules.points == "vp", rules.table, rules.beyond
    places = len(table)
    for index, entries in enumerate(stages):
        for own, name, membership, club, vp, rank in entries:  # Entry, or a plain tuple
            key = resolve(own, aliases) if own in aliases else own
            row = rows.get(key)
            if row is None:
                row = rows[key] = Row(key, name, membership, club, 0, 0)
                row.stages = [None] * count
            elif key == own:  # the kept spelling names the row
                row.name, row.membership = name, membership or row.membership
            if club:
                row.club = club  # the club of his latest stage
            if by_vp:
                points = vp
            else:
                points = table[rank - 1] if 1 <= rank <= places else beyond
            before = row.stages[index]
            if before is None or before[0] < points:
                row.stages[index] = (points, False)
    return rows


def sort_key(row: Row) -> tuple:
    counted_points = sorted((s[0] for s in row.stages if s and s[1]), reverse=True)
    return (-row.points, [-p for p in counted_points], -row.stages_played)


def standings(
    rules: Rules, stages: list[list[Entry]], aliases: dict[str, str] | None = None
) -> list[Row]:
    """The circuit's standings after `stages` (each a list of entries, in the circuit's
    order): the ranked players by rank, then the players short of the minimum of stages."""
    rules.check()
    rows = list(collect(rules, stages, aliases).values())
    keys = {}
    for row in rows:
        played = [i for i, s in enumerate(row.stages) if s is not None]
        marks = counted([row.stages[i][0] for i in played], rules.best)
        for i, mark in zip(played, marks, strict=True):
            row.stages[i] = (row.stages[i][0], mark)
        row.points = sum(row.stages[i][0] for i, m in zip(played, marks, strict=True) if m)
        row.stages_played = len(played)
        keys[row.key] = sort_key(row)
    rows.sort(key=lambda r: (keys[r.key], r.name, r.key))
    ranked = [r for r in rows if r.stages_played >= rules.min_stages]
    others = [r for r in rows if r.stages_played < rules.min_stages]
    previous = None
    for position, row in enumerate(ranked, start=1):
        key = keys[row.key]
        row.rank = ranked[position - 2].rank if key == previous else position
        previous = key
    cut = finalists_count(rules, len(ranked))
    if cut:
        last = ranked[cut - 1].rank
        for row in ranked:
            row.finalist = row.rank <= last
    return ranked + others

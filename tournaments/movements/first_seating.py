"""First-turn seating by the referee's criterion: pure Python, no Django import.

Besides the registration order and the draw (the adapter's), two criteria:

* ``alphabetical``: by the first player's surname, then given name, then the partner's name,
  then pair number; accents, case, apostrophes and spaces ignored (D'Angelo between Danese and
  Dante, De Rossi as "derossi"): the order of an Italian list, good enough for a notice board;
* ``spread``: pairs of one club (then of one province, then of one region) kept from meeting in
  the first Mitchell block as far as the field allows. Two pairs of one line never meet; across
  the lines, N-S table ``i`` meets the E-O pair that starts at table ``j`` only in the turns
  whose shift takes ``j`` to ``i``. The seating minimises the club meetings of the block's
  ``turns``, then the province meetings, then the region meetings; what remains is reported.
  Exact (proven) on small fields, a seeded search with a fixed budget on large ones (see
  ``spread.py``); the draw among equals follows the seed. A Danish first turn is the block of
  one turn: the order's 1st meets the 2nd, the 3rd the 4th…

  Any other first turn (individual and team events) is given as the places of the order that
  meet in it (``meetings``: (table, place, place), places counted from 0): four players at one
  table of an individual Danish meet each other (partners and opponents alike: six meetings a
  table), two teams meet in a match. The same search then keeps clubs apart over those
  meetings (``TurnLayout``).

Two pairs "share" a club when a player of one and a player of the other are listed with the
same club (names compared as :mod:`tournaments.rules.names` folds them); provinces and regions
likewise.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.movements.spread import (
    EXACT_PAIRS,
    Layout,
    Search,
    TurnLayout,
    split_lines,
    subset_lines,
)
from tournaments.rules.messages import RuleError, _
from tournaments.rules.names import compact, person_key, sort_key

LEVELS = ("club", "province", "region")


@dataclass(frozen=True)
class Entry:
    pair: int
    surname: str = ""  # the first player's surname (`names.split_name`'s when not kept apart)
    given_name: str = ""
    partner: str = ""  # the second player's name: breaks ties of the alphabetical order
    clubs: tuple[str, ...] = ()  # each player's club
    provinces: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Meeting:
    turn: int  # within the block, from 1
    table: int
    ns: int
    ew: int
    level: str  # the closest tie: "club", "province" or "region"
    shared: str  # the shared club, province or region as written


@dataclass(frozen=True)
class SpreadSeating:
    order: tuple[int, ...]  # the block's seating order (Mitchell: the first T sit N-S)
    meetings: tuple[Meeting, ...]  # meetings of pairs sharing a club, a province or a region
    counts: dict[str, int]  # level -> meetings sharing it (a club meeting counts at every level
    # it shares)
    proven: bool  # the minimum is proven: nothing left, or an exhaustive search

    @property
    def club_meetings(self) -> tuple[Meeting, ...]:
        return tuple(m for m in self.meetings if m.level == "club")


def alphabetical(entries: Iterable[Entry]) -> list[int]:
    """Pairs by the first player's surname, given name, the partner's name, pair number."""
    ordered = sorted(
        entries,
        key=lambda e: (person_key(e.surname, e.given_name), sort_key(e.partner), e.pair),
    )
    return [e.pair for e in ordered]


def spread(
    entries: Sequence[Entry],
    *,
    turns: int = 1,
    step: int = 1,
    seed: int = 0,
    movement: str = "mitchell",
    meetings: Sequence[tuple[int, int, int]] | None = None,
) -> SpreadSeating:
    """The first block's order keeping clubs, then provinces, then regions apart.

    `turns` is the length of the first Mitchell block (a Danish first turn: `movement`
    "danish", one turn), `step` the Mitchell step; `seed` draws among equals. With
    `meetings` ((table, place, place) of the order's places that meet, from 0) the first turn
    is that one turn, whatever the movement.
    """
    entries = list(entries)
    if len({e.pair for e in entries}) != len(entries):
        raise RuleError(_("a pair appears twice in the seating order"))
    if movement not in ("mitchell", "danish"):
        raise RuleError(_("unknown movement %(movement)s"), movement=movement)
    if turns < 1:
        raise RuleError(_("the block must have at least one turn, not %(turns)s"), turns=turns)
    if meetings is not None:
        layout = _turn_layout(len(entries), meetings)
        movement = "turn"
    else:
        layout = Layout.mitchell(len(entries), 1 if movement == "danish" else turns, step)
    rng = random.Random(seed)
    rng.shuffle(entries)  # the draw among equals
    keys = [_key(e) for e in entries]
    kinds, table = _kinds(keys, layout)
    search = Search(layout, kinds, table, rng)
    at = min(_candidates(search, keys, rng), key=search.cost)
    small = len(entries) <= EXACT_PAIRS
    at = search.polish(at)[0] if small else search.improve(at)
    best = search.cost(at)
    proven = best == 0
    if not proven and small:
        better = search.exact(best)
        at, proven = (better if better is not None else at), True
    order = _order(layout, at, entries, movement)
    return SpreadSeating(order, *_report(layout, at, entries, keys), proven)


def _turn_layout(places: int, meetings) -> TurnLayout:
    seats = tuple((int(t), int(a), int(b)) for t, a, b in meetings)
    if any(not (0 <= a < places and 0 <= b < places) or a == b for _t, a, b in seats):
        raise RuleError(_("a meeting names a place outside the seating order"))
    return TurnLayout(places, seats)


def _key(entry: Entry) -> tuple[tuple[str, ...], ...]:
    """The pair's folded (clubs, provinces, regions), each sorted."""
    return tuple(
        tuple(sorted({compact(v) for v in values if v and compact(v)}))
        for values in (entry.clubs, entry.provinces, entry.regions)
    )


def _kinds(keys, layout: Layout):
    """Kind ids and the weight table: a shared club outweighs any number of shared
    provinces, which outweigh any number of shared regions."""
    ids: dict[tuple, int] = {}
    kinds = [ids.setdefault(k, len(ids)) for k in keys]
    base = layout.bound  # more than the meetings of the block
    # A value every pair shares (the region of a regional tournament) makes every meeting one
    # of that level alike: the level cannot steer the search, so it weighs nothing.
    constant = [
        bool(keys) and bool(set.intersection(*(set(k[level]) for k in keys))) for level in range(3)
    ]
    sets = [
        tuple(frozenset() if constant[level] else frozenset(key[level]) for level in range(3))
        for key in ids
    ]
    table = [[0] * len(sets) for _ in sets]
    for a, ka in enumerate(sets):
        for b in range(a, len(sets)):
            kb = sets[b]
            weight = 0
            for level in range(3):
                weight = weight * base + (not ka[level].isdisjoint(kb[level]))
            table[a][b] = table[b][a] = weight
    return kinds, table


def _candidates(search: Search, keys, rng: random.Random):
    """Placements to start from: the sorted field cut at group boundaries; whole clubs on one
    line when their sizes allow it."""
    pairs = len(keys)
    ordered = sorted(range(pairs), key=lambda i: (keys[i][2], keys[i][1], keys[i][0]))
    cuts: list[int] = [0]
    lines = search.layout.tables if isinstance(search.layout, Layout) else 0
    for level in (2, 1, 0):  # region, province, club boundaries
        for index in range(1, pairs):
            if keys[ordered[index]][level] != keys[ordered[index - 1]][level]:
                for start in (index, index - lines):
                    if start % pairs not in cuts and len(cuts) < 64:
                        cuts.append(start % pairs)
    for start in cuts:
        yield search.place(ordered[start:] + ordered[:start])
    if not lines:  # one turn of tables: no lines to fill with whole clubs
        return
    groups = _club_groups(keys, ordered)
    rng.shuffle(groups)
    north = subset_lines([len(g) for g in groups], search.layout.tables)
    if north is None and len(search.layout.shifts) == search.layout.tables:
        north = split_lines([len(g) for g in groups], search.layout.tables)
    if north is not None:
        ns = [i for g, members in enumerate(groups) for i in members[: north.get(g, 0)]]
        ew = [i for g, members in enumerate(groups) for i in members[north.get(g, 0) :]]
        rank = {i: n for n, i in enumerate(ordered)}
        yield search.place(sorted(ns, key=rank.get) + sorted(ew, key=rank.get))


def _club_groups(keys, ordered) -> list[list[int]]:
    """Pairs linked by a shared club (through any chain), each group in sorted order."""
    parent = list(range(len(keys)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, key in enumerate(keys):
        for club in key[0]:
            parent[find(i)] = find(first.setdefault(club, i))
    groups: dict[int, list[int]] = {}
    for i in ordered:
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _order(layout, at, entries, movement: str) -> tuple[int, ...]:
    if movement == "turn":  # place p of the order is position p
        return tuple(entries[at[p]].pair for p in range(layout.pairs))
    t = layout.tables
    north = [entries[at[i]].pair for i in range(t)]
    east = [entries[at[t + i]].pair for i in range(t) if t + i != layout.empty]
    if movement == "danish":
        return tuple(
            p for i in range(t) for p in ([north[i], east[i]] if i < len(east) else [north[i]])
        )
    return tuple(north + east)


def _report(layout, at, entries, keys):
    """Every meeting of the block between pairs sharing a club, a province or a region."""
    meetings, counts = [], dict.fromkeys(LEVELS, 0)
    for turn, table, i, j in layout.meetings():
        a, b = at[i], at[j]
        shared = [set(keys[a][level]) & set(keys[b][level]) for level in range(3)]
        for level, common in zip(LEVELS, shared):
            counts[level] += bool(common)
        closest = next((n for n, common in enumerate(shared) if common), None)
        if closest is not None:
            name = _written(entries[a], closest, min(shared[closest]))
            meetings.append(
                Meeting(turn, table, entries[a].pair, entries[b].pair, LEVELS[closest], name)
            )
    meetings.sort(key=lambda m: (LEVELS.index(m.level), m.turn, m.table))
    return tuple(meetings), counts


def _written(entry: Entry, level: int, folded: str) -> str:
    values = (entry.clubs, entry.provinces, entry.regions)[level]
    return next((v.strip() for v in values if v and compact(v) == folded), folded)

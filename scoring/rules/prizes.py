"""Prizes per group (premi per girone): pure Python, no Django import.

The referee lists the prizes from the most valuable down: each is a place (1st, 2nd…) in a
ranking, the ranking being a group's over the whole tournament (``group`` A, B…; none: the
whole field), over a range of turns (``turns``: a technical prize, e.g. the best of the final
Danish turns 9-11), and possibly among one club's pairs only (``club``).

Assignment (``exclusive``, the default): prizes are given in the list's order, each to the
best-placed pair of its ranking that may take it and holds no prize yet, so a pair takes only
its most valuable prize and the next pair moves up. Not exclusive: each prize goes to the pair
at its place, whatever else it won. A withdrawn pair takes no prize (the next one moves up);
a prize no pair can take stays unassigned. Ties in a range are settled by the tie-breaks over
the same turns, then by the group's ranking (`standings.compute_range`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.rules import standings
from tournaments.rules.messages import RuleError, _
from tournaments.rules.names import compact

MAX_LABEL = 200
MAX_CLUB = 120  # the stored column's width


def _number(text: str, most: int = 4) -> bool:
    """ASCII digits only ("²" and "٣" pass isdigit() but not int()), at most `most`."""
    return text.isascii() and text.isdigit() and len(text) <= most


@dataclass(frozen=True)
class Prize:
    label: str  # the prize as the referee wrote it ("Coppa e due tessere")
    group: str | None = None  # None: the whole field
    place: int = 1
    turns: tuple[int, int] | None = None  # a technical prize: the ranking of these turns
    club: str | None = None  # a technical prize: the best pairs of this club

    @property
    def ranking(self) -> tuple[str | None, tuple[int, int] | None, str | None]:
        """The ranking this prize is a place of (places of one ranking go in order)."""
        return self.group, self.turns, compact(self.club) if self.club else None

    @property
    def technical(self) -> bool:
        return self.turns is not None or self.club is not None


@dataclass(frozen=True)
class Award:
    prize: Prize
    pair: int | None  # None: no pair could take it
    passed_over: tuple[int, ...] = ()  # pairs placed higher holding a better prize elsewhere

    def as_json(self) -> dict:
        """The contract's row: group, place, prize, turns ("9-11" or null), club, pair."""
        turns = self.prize.turns
        return {
            "group": self.prize.group,
            "place": self.prize.place,
            "prize": self.prize.label,
            "turns": None if turns is None else f"{turns[0]}-{turns[1]}",
            "club": self.prize.club,
            "pair": self.pair,
        }


def check_order(prizes: Sequence[Prize]) -> None:
    """Places of one ranking go 1, 2, 3… in the list's order (from the most valuable)."""
    for _index, (message, params) in _order_problems(prizes):
        raise RuleError(message, **params)


def _order_problems(prizes: Sequence[Prize]):
    seen: dict[tuple, int] = {}
    for index, prize in enumerate(prizes):
        expected = seen.get(prize.ranking, 0) + 1
        if prize.place != expected:
            message = _(
                "%(prize)s: place %(place)s where place %(expected)s is due (list the "
                "places of one ranking in order, from the first)"
            )
            yield (
                index,
                (message, {"prize": prize.label, "place": prize.place, "expected": expected}),
            )
        seen[prize.ranking] = max(expected, prize.place)


def assign(
    prizes: Sequence[Prize],
    rankings: Mapping[tuple[str | None, tuple[int, int] | None], Sequence[int]],
    *,
    clubs: Mapping[int, str | None] = {},  # noqa: B006 - read only
    ineligible: Collection[int] = frozenset(),
    exclusive: bool = True,
) -> list[Award]:
    """Give each prize to its pair. `rankings[(group, turns)]` lists that ranking's pairs,
    best first; `clubs` maps a pair to its club (:func:`pair_club`); `ineligible` holds the
    pairs that take no prize (withdrawn)."""
    check_order(prizes)
    holders: dict[int, tuple] = {}  # pair -> the ranking of the prize it holds
    awards = []
    for prize in prizes:
        ranking = rankings.get((prize.group, prize.turns), ())
        wanted = compact(prize.club) if prize.club else None
        eligible = [
            p
            for p in ranking
            if p not in ineligible and (wanted is None or compact(clubs.get(p)) == wanted)
        ]
        if exclusive:
            winner = next((p for p in eligible if p not in holders), None)
            stop = eligible.index(winner) if winner is not None else len(eligible)
            passed = tuple(p for p in eligible[:stop] if holders[p] != prize.ranking)
        else:
            winner = eligible[prize.place - 1] if len(eligible) >= prize.place else None
            passed = ()
        if winner is not None:
            holders.setdefault(winner, prize.ranking)
        awards.append(Award(prize, winner, passed))
    return awards


def pair_club(player_clubs: Iterable[str | None]) -> str | None:
    """A pair's club for a club prize: the club every player with a club listed belongs to
    (a pair of two clubs belongs to none)."""
    named: dict[str, str] = {}
    for club in player_clubs:
        if club and compact(club):
            named.setdefault(compact(club), " ".join(club.split()))
    return next(iter(named.values())) if len(named) == 1 else None


def rankings_for(
    prizes: Iterable[Prize],
    pairs: Iterable[int],
    matches: Iterable[standings.Match] = (),
    byes: Iterable[standings.Bye] = (),
    penalties: Iterable[standings.Penalty] = (),
    *,
    groups: Mapping[str, Sequence[int]] = {},  # noqa: B006 - read only
    tiebreaks: Sequence[str] = standings.DEFAULT_TIEBREAKS,
) -> dict[tuple[str | None, tuple[int, int] | None], list[int]]:
    """The rankings the prizes need, from the standings' records: a group's ranking over the
    whole tournament (the whole field: group A, then B, …), or over a range of turns."""
    pairs, matches, byes, penalties = list(pairs), list(matches), list(byes), list(penalties)
    overall = standings.compute_groups(
        pairs, matches, byes, penalties, groups=groups, tiebreaks=tiebreaks
    )
    order = [row.pair for row in overall]
    found: dict[tuple[str | None, tuple[int, int] | None], list[int]] = {}
    for prize in prizes:
        key = (prize.group, prize.turns)
        if key in found:
            continue
        if prize.group is None:
            members = order
        elif prize.group in groups:
            members = [row.pair for row in overall if row.group == prize.group]
        else:
            raise RuleError(
                _("%(prize)s: there is no group %(group)s"), prize=prize.label, group=prize.group
            )
        if prize.turns is None:
            found[key] = members
        else:
            rows = standings.compute_range(
                pairs,
                matches,
                byes,
                penalties,
                from_turn=prize.turns[0],
                to_turn=prize.turns[1],
                tiebreaks=tiebreaks,
                prior=members,
                among=members,
            )
            found[key] = [row.pair for row in rows]
    return found


def award_prizes(
    prizes: Sequence[Prize],
    pairs: Iterable[int],
    matches: Iterable[standings.Match] = (),
    byes: Iterable[standings.Bye] = (),
    penalties: Iterable[standings.Penalty] = (),
    *,
    groups: Mapping[str, Sequence[int]] = {},  # noqa: B006 - read only
    clubs: Mapping[int, str | None] = {},  # noqa: B006 - read only
    ineligible: Collection[int] = frozenset(),
    exclusive: bool = True,
    tiebreaks: Sequence[str] = standings.DEFAULT_TIEBREAKS,
) -> list[Award]:
    """The prize list from the standings' records: :func:`rankings_for`, then :func:`assign`."""
    check_order(prizes)
    found = rankings_for(
        prizes, pairs, matches, byes, penalties, groups=groups, tiebreaks=tiebreaks
    )
    return assign(prizes, found, clubs=clubs, ineligible=ineligible, exclusive=exclusive)


# -------------------------------------------------------------------- the referee's list
HEADERS = {
    "group": ("group", "girone", "gruppo"),
    "place": ("place", "posto", "posizione", "piazzamento", "classificato"),
    "prize": ("prize", "premio", "premi"),
    "turns": ("turns", "turni", "turno", "range"),
    "club": ("club", "circolo"),
}
_HEADER = {alias: key for key, aliases in HEADERS.items() for alias in aliases}


@dataclass(frozen=True)
class PrizeList:
    prizes: tuple[Prize, ...]
    problems: tuple[tuple[int, str, Mapping[str, object]], ...] = field(default=())
    # (row, msgid, params) for every row refused


COLUMNS = {"group": 0, "place": 1, "prize": 2, "turns": 3, "club": 4}


def read_prizes(
    rows: Iterable[Sequence[object]],
    *,
    turns: int,
    groups: Collection[str] | None = None,
    header: bool = True,
) -> PrizeList:
    """The referee's prize list from rows of cells: ``group,place,prize[,turns][,club]`` with
    or without a header (Italian or English); `turns` is the tournament's number of turns,
    `groups` the groups' names once set (None: not checked yet). Rows in value order; a
    problem's row is the row's number in `rows` (blank rows count). `header=False`: the rows
    are the columns' values (the desk's table), never a header."""
    prizes: list[Prize] = []
    lines: list[int] = []
    problems: list[tuple[int, str, Mapping[str, object]]] = []
    columns: dict[str, int] | None = None if header else COLUMNS
    for line, cells in enumerate(rows, start=1):
        cells = ["" if c is None else str(c).strip() for c in cells]
        if not any(cells):
            continue
        if columns is None:
            named = {_HEADER.get(compact(c)): i for i, c in enumerate(cells)}
            if "prize" in named and "place" in named:
                columns = {k: i for k, i in named.items() if k}
                continue
            columns = COLUMNS
        prize, problem = _prize(cells, columns, turns, groups)
        if problem:
            problems.append((line, *problem))
        else:
            prizes.append(prize)
            lines.append(line)
    for index, (message, params) in _order_problems(prizes):
        problems.append((lines[index], message, params))
    problems.sort(key=lambda p: p[0])
    return PrizeList(tuple(prizes), tuple(problems))


def _prize(cells, columns, turns, groups):
    def cell(key):
        index = columns.get(key)
        return cells[index] if index is not None and index < len(cells) else ""

    group = cell("group").upper() or None
    if group in ("-", "*", "TUTTI", "ALL"):
        group = None
    if group is not None and groups is not None and group not in groups:
        return None, (_("there is no group %(group)s"), {"group": group})
    if group is not None and groups is None and not (len(group) == 1 and group.isalpha()):
        return None, (_("%(group)s is not a group's name (A, B, C…)"), {"group": group})
    place = cell("place").rstrip("°º.").removesuffix(".0")
    if not _number(place) or int(place) < 1:
        return None, (_("%(place)s is not a place (1, 2, 3…)"), {"place": cell("place")[:20]})
    label = " ".join(cell("prize").split())
    if not label or len(label) > MAX_LABEL:
        return None, (_("write the prize in at most %(n)s characters"), {"n": MAX_LABEL})
    span = None
    if cell("turns"):
        span = parse_turns(cell("turns"))
        if span is None or span[1] > turns:
            return None, (
                _("%(turns)s is not a range of turns of this tournament (1-%(n)s)"),
                {"turns": cell("turns")[:20], "n": turns},
            )
    if len(cell("club")) > MAX_CLUB:
        return None, (_("write the club in at most %(n)s characters"), {"n": MAX_CLUB})
    return Prize(label, group, int(place), span, cell("club") or None), None


def federal_list(
    groups: Sequence[str],
    group_turns: tuple[int, int] | None,
    label: Callable[[str | None, int | None], str],
    *,
    places: int = 3,
) -> list[Prize]:
    """The usual list of a federal tournament, in value order: per group the first `places`
    of the group, then a technical prize over the turns played in groups (the best of the
    group over `group_turns`); without groups the first `places` of the field. `label(group,
    place)` writes a prize (`place` None: the technical prize), for the referee to edit."""
    if not groups:
        return [Prize(label(None, place), None, place) for place in range(1, places + 1)]
    found: list[Prize] = []
    for group in groups:
        found += [Prize(label(group, place), group, place) for place in range(1, places + 1)]
        if group_turns is not None:
            found.append(Prize(label(group, None), group, 1, group_turns))
    return found


def parse_turns(text: str) -> tuple[int, int] | None:
    """ "9-11" (also with – or a space) or "10" -> (first, last); None if it is not one."""
    parts = str(text).replace("–", "-").replace("—", "-").replace(" ", "").split("-")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(_number(p, 3) for p in parts):
        return None
    first, last = int(parts[0]), int(parts[1])
    return (first, last) if 1 <= first <= last else None

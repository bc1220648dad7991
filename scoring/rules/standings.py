"""Standings (classifica): pure Python, no Django import.

The ranking after any turn, from plain records of matches, byes and
penalties. Pairs are ordered by VP, then by the tournament's tie-breaks
(default: MP difference, head-to-head VP among the tied pairs, pair number).
`vp` and `mp` are net of penalties; `mp` sums the point differences, a bye
counting its MP equivalent. A penalty never changes the opponents' score
(Codice di Gara, Art. 23): it only lowers the penalised pair's totals.

Two views serve the national tournament: `compute_range` ranks the turns
from..to only (technical prizes: the best of the final Danish turns), and
`compute_groups` ranks each group (girone) over the whole tournament and
lists group A, then B, … with `rank` following that order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.rules.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS


@dataclass(frozen=True)
class Match:
    turn: int
    ns: int
    ew: int
    ns_vp: int
    ew_vp: int
    ns_mp: int  # N-S points minus E-O points (the E-O difference is its opposite)
    ew_mp: int | None = None  # set only for an adjusted score that is not symmetric

    @property
    def ew_diff(self) -> int:
        return -self.ns_mp if self.ew_mp is None else self.ew_mp


@dataclass(frozen=True)
class Bye:
    turn: int
    pair: int
    vp: int
    mp: int


@dataclass(frozen=True)
class Penalty:
    turn: int
    pair: int
    vp: int  # VP taken away (positive)
    mp: int = 0  # MP taken away (positive)


@dataclass
class Row:
    pair: int
    vp: int = 0
    mp: int = 0
    played: int = 0
    byes: int = 0
    penalty_vp: int = 0
    penalty_mp: int = 0
    rank: int = 0
    turns: dict[int, tuple[int | None, int, int]] = field(default_factory=dict)
    # turn -> (opponent or None for a bye, VP, MP difference)
    group: str | None = None  # compute_groups: the pair's group (None: in no group)
    group_rank: int | None = None  # compute_groups: its place in the group


def compute(
    pairs: Iterable[int],
    matches: Iterable[Match] = (),
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    *,
    after_turn: int | None = None,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[Row]:
    """The ranking counting every record of turns up to `after_turn` (all when None).

    Ranks run 1..P with no shared rank: the pair number settles what the
    tie-breaks leave equal.
    """
    _check_tiebreaks(tiebreaks)
    rows, h2h = _accumulate(pairs, matches, byes, penalties, None, after_turn)
    ordered = _order(list(rows.values()), list(tiebreaks), h2h)
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def compute_range(
    pairs: Iterable[int],
    matches: Iterable[Match] = (),
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    *,
    from_turn: int,
    to_turn: int,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    prior: Sequence[int] = (),
    among: Iterable[int] | None = None,
) -> list[Row]:
    """The ranking of turns `from_turn`..`to_turn` only (penalties of those turns included).

    Ties: VP of the range, then the tie-breaks computed over the same turns; what they leave
    equal goes to the pair placed higher in `prior` (e.g. the group's final ranking), then to
    the lower pair number. `among` ranks only those pairs (a group: the head-to-head looks at
    its own tied pairs). Ranks run 1..P.
    """
    _check_tiebreaks(tiebreaks)
    if from_turn < 1 or to_turn < from_turn:
        raise ValueError(f"turns {from_turn}-{to_turn} are not a range of turns")
    rows, h2h = _accumulate(pairs, matches, byes, penalties, from_turn, to_turn)
    criteria: list = list(tiebreaks)
    if prior:
        position = {pair: i for i, pair in enumerate(prior)}
        cut = criteria.index("number") if "number" in criteria else len(criteria)
        criteria.insert(cut, position)  # a mapping criterion: the lower position first
    ranked = list(rows.values()) if among is None else [_row(rows, p) for p in among]
    ordered = _order(ranked, criteria, h2h)
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def compute_groups(
    pairs: Iterable[int],
    matches: Iterable[Match] = (),
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    *,
    groups: Mapping[str, Iterable[int]],
    after_turn: int | None = None,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[Row]:
    """Each group's ranking over the whole tournament (VP, then the tie-breaks among the
    group's own pairs), listed group by group in the order of `groups` (A, B, …), then the
    pairs in no group (withdrawn before the cut) in their own order; `rank` runs 1..P down
    that list, `group_rank` 1..n inside each group."""
    _check_tiebreaks(tiebreaks)
    rows, h2h = _accumulate(pairs, matches, byes, penalties, None, after_turn)
    ordered: list[Row] = []
    placed: set[int] = set()
    for name, members in groups.items():
        members = [p for p in members if p not in placed]
        unknown = [p for p in members if p not in rows]
        if unknown:
            raise ValueError(f"pair {unknown[0]} of group {name} is not in the tournament")
        placed.update(members)
        for group_rank, row in enumerate(
            _order([rows[p] for p in members], list(tiebreaks), h2h), 1
        ):
            row.group, row.group_rank = name, group_rank
            ordered.append(row)
    rest = [row for pair, row in rows.items() if pair not in placed]
    ordered.extend(_order(rest, list(tiebreaks), h2h))
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def rank_rows(
    rows: Iterable[Row],
    h2h: Mapping[tuple[int, int], int],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[Row]:
    """Order rows built elsewhere (individual events) by VP then the tie-breaks, `h2h` giving
    the VP each competitor earned against each other one; sets ``rank`` 1..n."""
    _check_tiebreaks(tiebreaks)
    ordered = _order(list(rows), list(tiebreaks), dict(h2h))
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def _check_tiebreaks(tiebreaks: Sequence[str]) -> None:
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIEBREAKS)})")


def _accumulate(pairs, matches, byes, penalties, from_turn, to_turn):
    """Rows with the totals of turns from_turn..to_turn (None: no bound), and the VP each
    pair earned against each opponent (for the head-to-head tie-break)."""
    rows = {p: Row(pair=p) for p in pairs}

    def counts(turn: int) -> bool:
        return (from_turn is None or turn >= from_turn) and (to_turn is None or turn <= to_turn)

    h2h: dict[tuple[int, int], int] = defaultdict(int)  # (pair, opponent) -> VP earned
    for m in matches:
        if not counts(m.turn):
            continue
        for pair, opp, vp, mp in ((m.ns, m.ew, m.ns_vp, m.ns_mp), (m.ew, m.ns, m.ew_vp, m.ew_diff)):
            row = _row(rows, pair)
            row.vp += vp
            row.mp += mp
            row.played += 1
            row.turns[m.turn] = (opp, vp, mp)
            h2h[pair, opp] += vp
    for b in byes:
        if counts(b.turn):
            row = _row(rows, b.pair)
            row.vp += b.vp
            row.mp += b.mp
            row.byes += 1
            row.turns[b.turn] = (None, b.vp, b.mp)
    for p in penalties:
        if counts(p.turn):
            row = _row(rows, p.pair)
            row.penalty_vp += p.vp
            row.penalty_mp += p.mp
            row.vp -= p.vp
            row.mp -= p.mp
    return rows, h2h


def _row(rows: dict[int, Row], pair: int) -> Row:
    try:
        return rows[pair]
    except KeyError:
        raise ValueError(f"pair {pair} has a result but is not in the tournament") from None


def _order(group: list[Row], tiebreaks: list[str], h2h: dict[tuple[int, int], int]) -> list[Row]:
    """Sort by VP, then split every tied group by each tie-break in turn."""
    return _split(sorted(group, key=lambda r: -r.vp), lambda r: r.vp, tiebreaks, h2h)


def _split(rows, key, tiebreaks, h2h) -> list[Row]:
    """Within `rows` (sorted by `key`), order each block of equal keys by the next tie-break."""
    out: list[Row] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and key(rows[j]) == key(rows[i]):
            j += 1
        block = rows[i:j]
        if len(block) > 1:
            block = _break_tie(block, tiebreaks, h2h)
        out.extend(block)
        i = j
    return out


def _break_tie(block: list[Row], tiebreaks: list[str], h2h) -> list[Row]:
    if not tiebreaks:
        return sorted(block, key=lambda r: r.pair)
    criterion, rest = tiebreaks[0], tiebreaks[1:]
    if criterion == "number":
        return sorted(block, key=lambda r: r.pair)
    if criterion == "mp":

        def key(r: Row) -> int:
            return r.mp
    elif isinstance(criterion, Mapping):  # compute_range's prior order: the higher place

        def key(r: Row) -> int:
            return -criterion.get(r.pair, len(criterion))
    else:  # head-to-head: VP earned against the other pairs of this tied block
        members = {r.pair for r in block}
        scores = {
            r.pair: sum(h2h.get((r.pair, o), 0) for o in members if o != r.pair) for r in block
        }

        def key(r: Row) -> int:
            return scores[r.pair]

    ordered = sorted(block, key=lambda r: -key(r))
    return _split(ordered, key, rest, h2h)

"""Standings of an individual event: pure Python, no Django import.

Each turn a player scores the VP and MP difference of the line he played in (Art. 2: the
partnership changes every turn, the table is scored as any pairs table, Art. 30); a resting
player scores the bye (Art. 33). Players are ranked as pairs are: VP, then the tie-breaks of
:mod:`scoring.rules.standings` (default: MP difference, head-to-head, player number). The
head-to-head among tied players counts the VP each earned in the turns he faced one of the
others (once per opponent faced: facing two of them at one table counts that turn's VP twice);
partnering a tied player is not a meeting. A penalty hits the player alone (Art. 23), never
his partner of that turn.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.rules.standings import DEFAULT_TIEBREAKS, Bye, Penalty, Row, rank_rows


@dataclass(frozen=True)
class TableResult:
    turn: int
    ns: tuple[int, int]
    ew: tuple[int, int]
    ns_vp: int
    ew_vp: int
    ns_mp: int  # N-S points minus E-O points
    ew_mp: int | None = None  # only for an adjusted, non-symmetric score

    @property
    def ew_diff(self) -> int:
        return -self.ns_mp if self.ew_mp is None else self.ew_mp


def individual_standings(
    players: Iterable[int],
    tables: Iterable[TableResult] = (),
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    *,
    after_turn: int | None = None,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[Row]:
    """Players ranked; each Row's ``pair`` is the player number and ``turns[t]`` is
    ``(partner, VP, MP)`` for a played turn, ``(None, VP, MP)`` for a rest."""
    rows = {p: Row(pair=p) for p in players}

    def row(player: int) -> Row:
        try:
            return rows[player]
        except KeyError:
            raise ValueError(f"player {player} has a result but is not in the event") from None

    def counts(turn: int) -> bool:
        return after_turn is None or turn <= after_turn

    h2h: dict[tuple[int, int], int] = defaultdict(int)
    for t in tables:
        if not counts(t.turn):
            continue
        sides = ((t.ns, t.ew, t.ns_vp, t.ns_mp), (t.ew, t.ns, t.ew_vp, t.ew_diff))
        for line, other, vp, mp in sides:
            if len(set(line) | set(other)) != 4:
                raise ValueError(f"turn {t.turn}: a table needs four different players")
            for k, player in enumerate(line):
                r = row(player)
                r.vp += vp
                r.mp += mp
                r.played += 1
                r.turns[t.turn] = (line[1 - k], vp, mp)
                for opponent in other:
                    h2h[player, opponent] += vp
    for b in byes:
        if counts(b.turn):
            r = row(b.pair)
            r.vp += b.vp
            r.mp += b.mp
            r.byes += 1
            r.turns[b.turn] = (None, b.vp, b.mp)
    for p in penalties:
        if counts(p.turn):
            r = row(p.pair)
            r.penalty_vp += p.vp
            r.penalty_mp += p.mp
            r.vp -= p.vp
            r.mp -= p.mp
    return rank_rows(rows.values(), h2h, tiebreaks)


def in_groups(ranked: Sequence[Row], groups) -> list[Row]:
    """Once the groups (gironi) are set: the ranking group by group, A first, the players of
    a group in the order of the whole ranking (VP, then the tie-breaks), then the players in
    no group (withdrawn before the cut); `rank` runs down that list, `group_rank` inside each
    group. `groups` maps a group's name to its players, in the groups' order. *Decision*
    (docs/individual-and-teams.md): a player's ranking inside his group is his place in the
    whole ranking among the group's players, as the individual tie-breaks read the field."""
    ranked = list(ranked)
    if not groups:
        return ranked
    where = {p: name for name, members in groups.items() for p in members}
    names = list(groups)
    ordered = sorted(
        ranked, key=lambda r: names.index(where[r.pair]) if r.pair in where else len(names)
    )
    places: dict[str, int] = {}
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
        name = where.get(row.pair)
        if name is not None:
            places[name] = places.get(name, 0) + 1
        row.group, row.group_rank = name, places.get(name) if name is not None else None
    return ordered

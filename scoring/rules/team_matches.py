"""Team matches: pure Python, no Django import.

A match between teams A and B is played on two tables (Art. 2: "nei tornei a squadre…"): in
the open room A's first line sits N-S against B's first line, in the closed room B's second
line sits N-S against A's second line. Each table is scored as a pairs table (its points, the
VP of the tournament's pairs scale, Art. 30). The match result, for the two teams:

* ``vp-sum`` (default): the two tables' VP added, 0-40 to share (20 per table);
* ``mp-scale``: the two tables' MP differences added (A's open-room difference plus A's
  closed-room difference) and turned into team VP by a *team scale*: data, validated as the
  pairs scales are (bands from 0 in steps of 5, VP growing from the draw at half the total to
  the total). The default team scale is the pairs scale doubled: bounds x 2 (two tables) and
  VP x 2 (0-40), so both ways read on the same 40-VP match.

Either way a team's MP for the tie-break is the summed MP difference. A team without opponent
(team bye, Art. 33) scores the bye of the match: by default 70% of the match's VP (28 of 40)
and, whatever the match scoring, twice the pairs bye's MP (the bye of each of its two tables:
+710 with the 2007 scale). Team standings order by match VP, summed MP
difference, head-to-head VP among the tied teams, team number: the pairs standings engine
(:mod:`scoring.rules.standings`) with a team where it has a pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from scoring.rules import standings
from tournaments.rules.vp import (
    DEFAULT_BYE_PERCENTAGE,
    TOTAL_VP,
    Band,
    ByeScore,
    ScaleError,
    VpScale,
    build_bands,
    bye_score,
    check_bye_percentage,
    check_points,
)

MATCH_VP = 2 * TOTAL_VP  # two tables of 20 VP
SCORING = ("vp-sum", "mp-scale")
DEFAULT_SCORING = "vp-sum"


@dataclass(frozen=True)
class TeamScale:
    """VP of a match from the summed MP difference; `total` VP shared per match."""

    code: str
    name: str
    bands: tuple[Band, ...]
    total: int = MATCH_VP
    bye_percentage: int = DEFAULT_BYE_PERCENTAGE

    @classmethod
    def from_bands(
        cls,
        code: str,
        name: str,
        bands: list[tuple[int, int]],
        total: int = MATCH_VP,
        bye_percentage: int = DEFAULT_BYE_PERCENTAGE,
    ) -> TeamScale:
        """(upper bound, winner VP) rows, the last one open, validated as a pairs scale's."""
        built = build_bands(bands, total)
        check_bye_percentage(bye_percentage)
        return cls(code, name, built, total, bye_percentage)

    @classmethod
    def doubled(cls, pairs: VpScale) -> TeamScale:
        """The default team scale: the pairs scale over two tables (bounds and VP doubled)."""
        rows = [(2 * b.high if b.high is not None else 0, 2 * b.winner_vp) for b in pairs.bands]
        return cls.from_bands(f"{pairs.code}-x2", pairs.name, rows, MATCH_VP, pairs.bye_percentage)

    def split(self, difference: int) -> tuple[int, int]:
        """(VP of A, VP of B) for A's summed MP difference."""
        check_points(difference)
        diff = abs(difference)
        band = next(b for b in self.bands if b.high is None or diff <= b.high)
        winner, loser = band.winner_vp, self.total - band.winner_vp
        return (winner, loser) if difference >= 0 else (loser, winner)

    def min_difference_for(self, winner_vp: int) -> int:
        for band in self.bands:
            if band.winner_vp >= winner_vp:
                return band.low
        raise ScaleError(f"no band of {self.code} gives {winner_vp} VP")

    def rows(self) -> list[tuple[int, int | None, int, int]]:
        """(low, high, winner VP, loser VP) for display."""
        return [(b.low, b.high, b.winner_vp, self.total - b.winner_vp) for b in self.bands]


@dataclass(frozen=True)
class MatchResult:
    vp_a: int
    vp_b: int
    mp_a: int  # A's summed MP difference (B's is its opposite)
    tables: tuple[tuple[int, int], tuple[int, int]]  # (A's VP, B's VP) open room, closed room

    @property
    def mp_b(self) -> int:
        return -self.mp_a


def check_scoring(scoring: str) -> str:
    if scoring not in SCORING:
        raise ScaleError(f"unknown team scoring {scoring!r} (known: {', '.join(SCORING)})")
    return scoring


def score_match(
    scale: VpScale,
    open_room: tuple[int, int],
    closed_room: tuple[int, int],
    scoring: str = DEFAULT_SCORING,
    team_scale: TeamScale | None = None,
) -> MatchResult:
    """Score a match from the points of both rooms.

    `open_room` is ``(A's N-S points, B's E-O points)``, `closed_room` is ``(B's N-S points,
    A's E-O points)``: each as the table's own N-S, E-O totals. `team_scale` (``mp-scale``
    only) defaults to the pairs scale doubled.
    """
    check_scoring(scoring)
    a_open, b_open = open_room
    b_closed, a_closed = closed_room
    open_vp = scale.split(a_open, b_open)  # (A, B)
    closed_ns, closed_ew = scale.split(b_closed, a_closed)
    closed_vp = (closed_ew, closed_ns)  # (A, B)
    mp_a = (a_open - b_open) + (a_closed - b_closed)
    if scoring == "vp-sum":
        vp_a, vp_b = open_vp[0] + closed_vp[0], open_vp[1] + closed_vp[1]
    else:
        vp_a, vp_b = (team_scale or TeamScale.doubled(scale)).split(mp_a)
    return MatchResult(vp_a, vp_b, mp_a, (open_vp, closed_vp))


def adjusted_match(
    open_vp: tuple[int, int],
    closed_vp: tuple[int, int],
    mp_a: int,
    scoring: str = DEFAULT_SCORING,
    team_scale: TeamScale | None = None,
) -> MatchResult:
    """A match where the referee set a table's score (Art. 32-33 rulings): each table's VP as
    set, `open_vp` and `closed_vp` as (A's, B's); ``vp-sum`` adds them, ``mp-scale`` turns
    A's summed MP difference `mp_a` into VP by `team_scale` (required then)."""
    check_scoring(scoring)
    if scoring == "vp-sum":
        vp_a, vp_b = open_vp[0] + closed_vp[0], open_vp[1] + closed_vp[1]
    else:
        if team_scale is None:
            raise ScaleError("an mp-scale match needs its team scale")
        vp_a, vp_b = team_scale.split(mp_a)
    return MatchResult(vp_a, vp_b, mp_a, (open_vp, closed_vp))


def team_bye(
    scale: VpScale,
    scoring: str = DEFAULT_SCORING,
    team_scale: TeamScale | None = None,
    percentage: int | None = None,
) -> ByeScore:
    """A resting team's score (Art. 33): `percentage`% of the match's VP (the pairs scale's
    edition by default: 70%) and twice the pairs bye's MP.

    ``vp-sum``: the pairs bye at each table (14 + 14 = 28 VP); ``mp-scale``: the share of the
    team scale's total. The MP are the same under both (+710 with the 2007 scale): the
    Codice gives the bye's MP for a table (Art. 33: "14-6 pari ad una differenza in M.P. di
    355") and a match is two tables, whereas the lowest difference earning 28 on the team
    scale (705) would come from the app's own doubled scale, which no source gives. On that
    scale 710 earns the bye's VP too.
    """
    check_scoring(scoring)
    percentage = scale.bye_percentage if percentage is None else percentage
    check_bye_percentage(percentage)
    pairs = scale.bye if percentage == scale.bye_percentage else _pairs_bye(scale, percentage)
    if scoring == "vp-sum":
        return ByeScore(vp=2 * pairs.vp, mp=2 * pairs.mp)
    team = team_scale or TeamScale.doubled(scale)
    return ByeScore(vp=_share(team.total, percentage), mp=2 * pairs.mp)


def _share(total: int, percentage: int) -> int:
    return int((Decimal(total) * percentage / 100).quantize(Decimal(1), ROUND_HALF_UP))


def _pairs_bye(scale: VpScale, percentage: int) -> ByeScore:
    return bye_score(scale, percentage)


@dataclass(frozen=True)
class TeamMatch:
    turn: int
    team_a: int
    team_b: int
    result: MatchResult


def team_standings(
    teams: Iterable[int],
    matches: Iterable[TeamMatch] = (),
    byes: Iterable[standings.Bye] = (),
    penalties: Iterable[standings.Penalty] = (),
    *,
    after_turn: int | None = None,
    tiebreaks: Sequence[str] = standings.DEFAULT_TIEBREAKS,
    groups: Mapping[str, Iterable[int]] | None = None,
) -> list[standings.Row]:
    """Teams ranked by match VP, summed MP difference, head-to-head, team number (each Row's
    ``pair`` is the team number; byes and penalties name the team in ``pair``). Once the
    `groups` (gironi) are set, group by group as the pairs' groups
    (:func:`scoring.rules.standings.compute_groups`: the tie-breaks among the group's own
    teams; `group`, `group_rank`)."""
    records = match_records(matches)
    if groups:
        return standings.compute_groups(
            teams,
            records,
            byes,
            penalties,
            groups=groups,
            after_turn=after_turn,
            tiebreaks=tiebreaks,
        )
    return standings.compute(
        teams, records, byes, penalties, after_turn=after_turn, tiebreaks=tiebreaks
    )


def match_records(matches: Iterable[TeamMatch]) -> list[standings.Match]:
    """Team matches as the standings' records (team A in place of N-S): what every ranking of
    teams reads — the whole event, a range of turns, the prizes."""
    return [
        standings.Match(m.turn, m.team_a, m.team_b, m.result.vp_a, m.result.vp_b, m.result.mp_a)
        for m in matches
    ]

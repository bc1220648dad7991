"""Team line-ups: pure Python, no Django import.

A team registers 4 to 6 players (the fifth and sixth are substitutes). Before each match it
chooses its two lines; without a choice its first four players in order make the lines
(1+2 and 3+4). A match between teams A and B is played in two rooms (Art. 2: four players a
table, two lines): in the open room A's first line sits N-S against B's first line, in the
closed room B's second line sits N-S against A's second line. Art. 32: a substitute may
replace a player between matches only: a line-up is refused once its turn has a result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tournaments.rules.messages import RuleError, _

MIN_PLAYERS, MAX_PLAYERS = 4, 6

Line = tuple[int, int]
Lineup = tuple[Line, Line]

_LINES = re.compile(r"^\s*(\d+)\s*\+\s*(\d+)\s*[,;]\s*(\d+)\s*\+\s*(\d+)\s*$")


def check_team_size(players: int) -> int:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            _("a team has %(min)s to %(max)s players, not %(players)s"),
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            players=players,
        )
    return players


def parse_lines(text: str) -> Lineup:
    """``"P1+P2,P3+P4"`` (player numbers) as two lines."""
    found = _LINES.match(str(text))
    if found is None:
        raise RuleError(_("write the lines as P1+P2,P3+P4, not %(text)s"), text=str(text))
    a, b, c, d = (int(g) for g in found.groups())
    return (a, b), (c, d)


def default_lineup(team: Sequence[int]) -> Lineup:
    """The team's first four players in order: 1+2 and 3+4."""
    check_team_size(len(team))
    return (team[0], team[1]), (team[2], team[3])


def check_lineup(team: Sequence[int], lineup: Lineup) -> Lineup:
    """Four different players of the team, two lines."""
    players = [p for line in lineup for p in line]
    if len(players) != 4 or len(set(players)) != 4:
        raise RuleError(_("a line-up is four different players in two lines"))
    stranger = [p for p in players if p not in team]
    if stranger:
        raise RuleError(_("player %(player)s is not in the team"), player=stranger[0])
    return lineup


LINEUPS_CLOSE = ("first-result", "release")


def check_lineup_change(
    turn_has_result: bool, turn_released: bool = False, close: str = "first-result"
) -> None:
    """Art. 32: line-ups (and so substitutions) change between matches only: until the turn's
    first result (``close="first-result"``), or until its seating is published to the players
    (``"release"``: a regional code's "before each match")."""
    if close not in LINEUPS_CLOSE:
        raise ValueError(f"unknown closing of the line-ups {close!r}")
    if turn_has_result:
        raise RuleError(_("the turn already has a result: the line-up can no longer change"))
    if close == "release" and turn_released:
        raise RuleError(
            _("the turn's seating is published: the line-up can no longer change (settings)")
        )


def match_tables(lineup_a: Lineup, lineup_b: Lineup) -> tuple[tuple[Line, Line], tuple[Line, Line]]:
    """The match's two tables, each (N-S line, E-O line): open room, then closed room."""
    return (lineup_a[0], lineup_b[0]), (lineup_b[1], lineup_a[1])


def hall_tables(
    match: int, lineup_a: Lineup, lineup_b: Lineup
) -> tuple[tuple[int, Line, Line], tuple[int, Line, Line]]:
    """Match `match`'s two hall tables as (table number, N-S line, E-O line): the open room on
    table ``2 * match - 1``, the closed room on table ``2 * match``."""
    if match < 1:
        raise ValueError(f"match numbers start at 1, not {match}")
    (open_ns, open_ew), (closed_ns, closed_ew) = match_tables(lineup_a, lineup_b)
    return (2 * match - 1, open_ns, open_ew), (2 * match, closed_ns, closed_ew)

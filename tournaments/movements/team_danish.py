"""Danish between teams: pure Python, no Django import.

After the round robin, team championships play Danish turns on the team standings (Art. 2,
"primo classificato contro secondo; terzo contro quarto"). A team is to the Danish what a pair
is: the pairs engine (:func:`tournaments.movements.danish.seat_danish`) seats the teams
unchanged, so the same guarantees hold: the top unseated team meets the highest-ranked team it
has not met whose choice still lets every other team avoid a repeat (decided exactly, by
maximum matchings), repeats only when no seating avoids them, and then as few as possible.
With an odd number of teams the lowest-ranked team that has not rested yet rests (team bye,
the bye score of a match), nobody twice while it can be avoided (Art. 33).

Meetings to avoid are, by default, every earlier match, the round robin's included (a Danish
turn never replays a round-robin match while it can be avoided); a ``danish-modified`` turn
avoids only the previous turn's match, and the tournament may seat its last Danish turn by the
ranking only (the caller passes the turns to avoid: :func:`~tournaments.movements.danish.
turns_to_avoid`). Matches are numbered from 1 down the
standings; match ``k`` plays on tables ``2k - 1`` (open room) and ``2k`` (closed room), its
``team_a`` being the higher-ranked team.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.movements.danish import meetings_to_avoid, seat_danish
from tournaments.movements.groups import Group, check_groups
from tournaments.rules.messages import RuleError, _

__all__ = ["TeamDanishTurn", "seat_team_danish", "TeamGroupTurn", "seat_team_groups", "team_tables"]


@dataclass(frozen=True)
class TeamDanishTurn:
    matches: tuple[tuple[int, int, int], ...]  # (match number, team_a, team_b)
    bye: int | None
    repeats: tuple[tuple[int, int], ...]  # matches that replay an earlier one


def seat_team_danish(
    ranking: Sequence[int],
    history: Sequence[Iterable[tuple[int, int]]],
    byes_taken: Mapping[int, int] = {},  # noqa: B006 - read only
    *,
    modified: bool = False,
) -> TeamDanishTurn:
    """Seat a Danish turn of teams: `ranking` best first, `history[i]` the ``(team_a, team_b)``
    matches of turn ``i + 1`` (round robin included), `byes_taken` each team's byes so far."""
    seating = seat_danish(ranking, meetings_to_avoid(history, modified), byes_taken)
    matches = tuple((k, a, b) for k, (a, b) in enumerate(seating.tables, start=1))
    return TeamDanishTurn(matches, seating.bye, seating.repeats)


def team_tables(match: int) -> tuple[int, int]:
    """The hall's two tables of match number `match`: (open room, closed room)."""
    if match < 1:
        raise ValueError(f"match numbers start at 1, not {match}")
    return 2 * match - 1, 2 * match


def seat_team_groups(
    groups: Sequence[Group],
    ranking: Sequence[int],
    history: Sequence[Iterable[tuple[int, int]]],
    byes_taken: Mapping[int, int] = {},  # noqa: B006 - read only
) -> TeamDanishTurn:
    """A Danish turn of teams in groups (gironi; docs/individual-and-teams.md): every group's
    teams present, in the order of `ranking` (best first), play the team Danish inside their
    group only (`history`: the earlier turns' matches to avoid, as for
    :func:`seat_team_danish`); the odd team of a group rests inside it (Art. 33). A group's
    matches are numbered on from its first table: match ``k`` on tables ``2k - 1`` and ``2k``,
    so a group's first table is an open room (odd), and `bye` lists the groups' rests in
    the groups' order."""
    check_groups(groups, seats=1)
    where = {team: g.name for g in groups for team in g.pairs}
    stray = [team for team in ranking if team not in where]
    if stray:
        raise RuleError(_("team %(team)s is in no group"), team=stray[0])
    matches: list[tuple[int, int, int]] = []
    byes: list[int] = []
    repeats: list[tuple[int, int]] = []
    for group in groups:
        if group.first_table % 2 == 0 or group.tables % 2:
            raise RuleError(
                _("group %(group)s does not start a match on an open-room table"), group=group.name
            )
        members = [team for team in ranking if where[team] == group.name]
        seating = seat_team_danish(members, history, byes_taken)
        first = (group.first_table + 1) // 2
        matches += [(first + k - 1, a, b) for k, a, b in seating.matches]
        byes += [] if seating.bye is None else [seating.bye]
        repeats += seating.repeats
    return TeamGroupTurn(tuple(matches), tuple(byes), tuple(repeats))


@dataclass(frozen=True)
class TeamGroupTurn:
    matches: tuple[tuple[int, int, int], ...]  # (match number in the hall, team_a, team_b)
    byes: tuple[int, ...]  # a team at most per group
    repeats: tuple[tuple[int, int], ...]

"""A late team at turn 1 of a team event (Art. 33, as a late pair completes the incomplete
table): it takes the place of the bye. The team that would have rested plays it in a new
match (the next match number, its two tables the last of the turn); the late team registers
with the next team number and plays on from turn 2 like every other team.

Turn 1 dealt as a Danish (or modified Danish) turn: one team rests at most, and the late team
meets it. Turn 1 of a round robin: the late team takes the ghost's place of its group, so that
the schedule of every later turn stays a round robin (it meets, turn by turn, whoever would
have rested). That holds only when dealing the groups again with the late team appended to
the seeding gives the same groups and matches, the late team in the resting team's group
(always true with one group); otherwise the groups would change and the late team is refused:
undo turn 1's seating, register it and seat again. With no team resting (an even number of
teams) it is refused too (Art. 33: no incomplete table to complete). See
docs/individual-and-teams.md, *Late team at turn 1*."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.services.logtext import write_log
from tournaments.errors import Refused, rule_refusal
from tournaments.kinds.teams import setup as team_setup
from tournaments.models import Table, Team, Tournament, Turn
from tournaments.models import touch as touch_tournament
from tournaments.movements import roundrobin
from tournaments.rules.messages import RuleError

ROUND_ROBIN = "round-robin"


@dataclass
class LateTeam:
    """The late team seated in turn 1: its match against the team that would have rested."""

    team: Team
    resting: Team
    match: int
    tables: list[Table]


def seat_late_team(tournament: Tournament, name: str, members: list, *, user=None) -> LateTeam:
    """Register team `name` with `members` (team_setup.Member, 4 to 6) and seat it in turn 1
    against the resting team; refused with the reason, and nothing saved, when it cannot."""
    team_setup.check_teams_event(tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = _turn_one(tournament)
        resting = {
            bye.team.number: bye for bye in turn.byes.select_related("team").exclude(team=None)
        }
        if not resting:
            raise Refused(
                _(
                    "No team rests in turn 1 (the teams are even): a late team would leave a "
                    "match without opponents, so it cannot play (Art. 33). Register it before "
                    "seating turn 1, or undo turn 1's seating, register it and seat again."
                )
            )
        team = team_setup.register_teams(tournament, [(name, members)], user=user, late=True)[0]
        a, b = _late_match(tournament, turn, team.number, set(resting))
        other = a if b == team.number else b
        match = max((k for k, _a, _b in team_setup.turn_matches(turn)), default=0) + 1
        teams = {t.number: t for t in tournament.teams.filter(number__in=(a, b))}
        lines = team_setup.create_lines(tournament, 1, teams, [a, b])
        tables = Table.objects.bulk_create(
            Table(turn=turn, number=number, ns=lines[ns], ew=lines[ew])
            for number, ns, ew in team_setup.match_seats(match, a, b)
        )
        resting[other].delete()
        turn.order = [*turn.order, team.number]
        turn.save(update_fields=["order"])
        write_log(
            tournament,
            user=user,
            turn=1,
            table=tables[0].number,
            pairs=[other, team.number],
            code="late-team",
            article="Art. 33",
            event="late-team",
            params={
                "team": team.number,
                "name": team.name,
                "resting": other,
                "match": match,
                "tables": [t.number for t in tables],
            },
        )
        touch_tournament(tournament.pk)
    return LateTeam(team, teams[other], match, list(tables))


def _turn_one(tournament: Tournament) -> Turn:
    turns = list(tournament.turn_set.order_by("number")[:2])
    if not turns:
        raise Refused(_("Turn 1 is not seated yet: register the team on the Teams page."))
    if len(turns) != 1:
        raise Refused(_("A late team can join only while turn 1 is being played (Art. 33)."))
    return turns[0]


def _late_match(tournament: Tournament, turn: Turn, late: int, resting: set[int]):
    """(team A, team B) of the late team's match: against the resting team (Danish), or as
    the round robin dealt again with it would seat it (refused when that moves anyone)."""
    if turn.movement != ROUND_ROBIN:
        if len(resting) != 1:  # a Danish turn rests one team at most
            raise Refused(_("Turn 1 has more than one resting team: seat it again."))
        return resting.pop(), late
    order = [*turn.order, late]
    absent = set(order) - set(team_setup.present_teams(tournament, 1))
    try:
        again = roundrobin.seat_round_robin(team_setup.groups_of(tournament, order), 0, absent)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    before = {(a, b) for _k, a, b in team_setup.turn_matches(turn)}
    after = {(a, b) for _k, _g, a, b in again.matches}
    new = after - before
    if before <= after and len(new) == 1:
        a, b = new.pop()
        if late in (a, b) and ({a, b} - {late}) <= resting:
            return a, b
    raise Refused(
        _(
            "With the late team the round robin's groups of turn 1 would be dealt again and "
            "other matches would change: undo turn 1's seating (no result may be entered), "
            "register the team on the Teams page and seat turn 1 again (Art. 33)."
        )
    )

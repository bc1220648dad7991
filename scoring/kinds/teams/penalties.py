"""A penalty on a team of a team event (Art. 23): VP and/or MP taken away in the general
ranking, never a gift to the opponents; the referee's log records it."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import Penalty
from scoring.services.decisions import (
    check_penalty_amounts,
    clean_reason,
    penalty_turn,
    refuse_twice,
)
from scoring.services.logtext import write_log
from scoring.services.versions import refuse_new_penalties
from tournaments.errors import Refused
from tournaments.kinds.teams.setup import check_teams_event, team_by_number
from tournaments.models import Team, Tournament, touch


def add_team_penalty(
    tournament: Tournament,
    team: Team,
    *,
    vp: int | None = None,
    mp: int | None = None,
    turn_number: int | None = None,
    reason: str,
    table_number: int | None = None,
    user=None,
    once: bool = False,
    version: int | None = None,
) -> Penalty:
    """VP and/or MP taken away from a team in the general ranking (Art. 23): never a gift to
    the opponents; the referee's log records it."""
    reason = clean_reason(reason)
    vp, mp = vp or 0, mp or 0
    check_penalty_amounts(tournament, vp, mp, False)
    turn = penalty_turn(tournament, turn_number)
    with transaction.atomic():
        once and refuse_twice(
            tournament,
            team=team,
            turn=turn,
            vp=vp,
            mp=mp,
            reason=reason,
            table_number=table_number,
        )
        refuse_new_penalties(tournament, {"team": team}, team.number, version)
        penalty = Penalty.objects.create(
            tournament=tournament,
            team=team,
            turn=turn,
            vp=vp,
            mp=mp,
            reason=reason,
            table_number=table_number,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )
        write_log(
            tournament,
            user=user,
            turn=turn.number,
            table=table_number,
            pairs=[team.number],  # a team event's log names teams where it names pairs
            code="penalty",
            event="penalty",
            params={"reason": reason, "vp": vp, "mp": mp, "team": team.number, "name": team.name},
        )
        touch(tournament.pk)
    return penalty


def penalty_command(tournament: Tournament, opts: dict) -> str:
    """`penalty_add S --team K …` on a team event; its one-line answer."""
    check_teams_event(tournament)
    if opts.get("team") is None or opts.get("pair") is not None:
        raise Refused(_("In a team event a penalty hits a team: give --team (not --pair)."))
    if opts.get("ruling"):
        raise Refused(_("In a team event give the VP and MP of a team penalty, not a ruling."))
    team = team_by_number(tournament, opts["team"])
    p = add_team_penalty(
        tournament,
        team,
        vp=opts.get("vp"),
        mp=opts.get("mp"),
        turn_number=opts.get("turn"),
        reason=opts["reason"],
        table_number=opts.get("table"),
    )
    return f"Team {team.number}: -{p.vp} VP -{p.mp} MP from turn {p.turn.number} ({p.reason})"

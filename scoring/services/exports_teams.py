"""The results of a team event as plain data: the JSON of the scripting contract
(/work/shared/DESIGN.md; issue 15): `teams`, `turns` with their `matches`, team `byes`,
`penalties` and `standings` by team. A line is shown by its players, never by its number."""

from __future__ import annotations

from collections import defaultdict

from scoring.models import Penalty
from scoring.services.team_results import matches, team_players, team_standings
from tournaments.models import Bye, Tournament


def _line(pair) -> list[int]:
    return [pair.player1.number, pair.player2.number]


def _table(t) -> dict:
    return {
        "table": t.number,
        "ns": _line(t.ns),
        "ew": _line(t.ew),
        "ns_team": t.ns.team.number,
        "ew_team": t.ew.team.number,
        "ns_points": t.ns_points,
        "ew_points": t.ew_points,
        "ns_vp": t.ns_vp,
        "ew_vp": t.ew_vp,
        "adjusted": t.adjusted,
        **({"ns_mp": t.ns_mp, "ew_mp": t.ew_mp} if t.adjusted else {}),
    }


def _match(m) -> dict:
    r = m.result
    return {
        "match": m.number,
        "team_a": m.team_a,
        "team_b": m.team_b,
        "tables": [_table(t) for t in (m.open, m.closed) if t is not None],
        "vp_a": None if r is None else r.vp_a,
        "vp_b": None if r is None else r.vp_b,
        "mp_a": None if r is None else r.mp_a,
        "mp_b": None if r is None else r.mp_b,
    }


def team_results_data(tournament: Tournament, head: dict, log: list) -> dict:
    """Everything about a team event in the contract's keys."""
    ranked = team_standings(tournament)
    players = team_players(tournament)
    by_turn = defaultdict(list)
    for m in matches(tournament):
        by_turn[m.turn].append(_match(m))
    byes = defaultdict(list)
    for turn, team, vp, mp in Bye.objects.filter(
        turn__tournament=tournament, team__isnull=False
    ).values_list("turn__number", "team__number", "vp", "mp"):
        byes[turn].append({"team": team, "vp": vp, "mp": mp})
    return {
        "tournament": head
        | {"team_scoring": tournament.team_scoring, "team_group_size": tournament.team_group_size},
        "teams": [
            {
                "number": t.number,
                "name": t.name,
                "players": [
                    {
                        "number": p.number,
                        "name": p.name,
                        "membership": p.membership_number,
                        "club": p.club,
                    }
                    for p in players.get(t.number, [])
                ],
                **(
                    {"withdrawn_after_turn": t.withdrawn_after_turn}
                    if t.withdrawn_after_turn is not None
                    else {}
                ),
            }
            for t in tournament.teams.order_by("number")
        ],
        "turns": [
            {
                "number": turn.number,
                "movement": turn.movement,
                "matches": by_turn[turn.number],
                "byes": sorted(byes[turn.number], key=lambda b: b["team"]),
                "repeats": turn.repeats,
            }
            for turn in tournament.turn_set.order_by("number")
        ],
        "penalties": [
            {
                "team": p.team.number,
                "turn": p.turn.number,
                "vp": p.vp,
                "mp": p.mp,
                "reason": p.reason,
                "table": p.table_number,
            }
            for p in Penalty.objects.filter(
                tournament=tournament, kind=Penalty.Kind.PENALTY, team__isnull=False
            ).select_related("team", "turn")
        ],
        "standings": [
            {
                "rank": r.rank,
                "team": r.pair,
                "vp": r.vp,
                "mp": r.mp,
                "played": r.played,
                "byes": r.byes,
                "penalty_vp": r.penalty_vp,
                "penalty_mp": r.penalty_mp,
            }
            for r in ranked
        ],
        "log": log,
    }

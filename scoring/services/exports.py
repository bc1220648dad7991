"""The results as plain data: the JSON of the scripting contract (README.md)."""

from __future__ import annotations

from collections import defaultdict

from scoring.models import LogEntry, Penalty, ResultChange
from scoring.services import logtext, player_results
from scoring.services.exports_teams import team_results_data
from scoring.services.standings import standings
from tournaments.models import Bye, Group, Pair, Table, Tournament
from tournaments.services.scales import bye_percentage
from tournaments.services.seating import rests_again


def results_data(tournament: Tournament) -> dict:
    """Everything about a tournament in the contract's keys (a fixed number of queries)."""
    if tournament.is_individual:
        return player_results.results_data(tournament, _tournament(tournament), _log(tournament))
    if tournament.is_teams:  # teams, matches, team standings (scoring/services/exports_teams.py)
        return team_results_data(tournament, _tournament(tournament), _log(tournament))
    ranked = standings(tournament)
    return {
        "tournament": _tournament(tournament),
        "pairs": _pairs(tournament, {r.pair: r for r in ranked}),
        "turns": _turns(tournament),
        "penalties": _penalties(tournament),
        "standings": _rows(ranked),
        "groups": _groups(tournament),
        "log": _log(tournament),
    }


def _groups(tournament: Tournament) -> list[dict]:
    return [
        {
            "group": g.name,
            "tables": g.tables,
            "first_table": g.first_table,
            "last_table": g.first_table + g.tables - 1,
            "pairs": list(g.pairs),
        }
        for g in Group.objects.filter(tournament=tournament).order_by("name")
    ]


def _turns(tournament: Tournament) -> list[dict]:
    tables_by_turn: dict[int, list[dict]] = defaultdict(list)
    late = set(
        ResultChange.objects.filter(
            table__turn__tournament=tournament, late_correction=True
        ).values_list("table_id", flat=True)
    )
    for t in (
        Table.objects.filter(turn__tournament=tournament)
        .select_related("turn", "ns", "ew")
        .defer("turn__order", "turn__repeats")  # 1,000-pair orders, decoded per row otherwise
        .order_by("turn__number", "number")
    ):
        tables_by_turn[t.turn.number].append(
            {
                "table": t.number,
                "ns": t.ns.number,
                "ew": t.ew.number,
                "ns_points": t.ns_points,
                "ew_points": t.ew_points,
                "ns_vp": t.ns_vp,
                "ew_vp": t.ew_vp,
                "adjusted": t.adjusted,
                "late_correction": t.pk in late,
                **({"ns_mp": t.ns_mp, "ew_mp": t.ew_mp} if t.adjusted else {}),
            }
        )
    byes_by_turn: dict[int, list[dict]] = defaultdict(list)
    for b in (
        Bye.objects.filter(turn__tournament=tournament)
        .select_related("turn", "pair")
        .defer("turn__order", "turn__repeats")
    ):
        byes_by_turn[b.turn.number].append({"pair": b.pair.number, "vp": b.vp, "mp": b.mp})
    again = rests_again(tournament)
    return [
        {
            "number": turn.number,
            "movement": turn.movement,
            "tables": tables_by_turn[turn.number],
            "byes": sorted(byes_by_turn[turn.number], key=lambda b: b["pair"]),
            "repeats": turn.repeats,
            "rest_again": again.get(turn.number, []),
        }
        for turn in tournament.turn_set.order_by("number")
    ]


def _pairs(tournament: Tournament, placed: dict) -> list[dict]:
    return [
        {
            "number": p.number,
            "group": placed[p.number].group if p.number in placed else None,
            "group_rank": placed[p.number].group_rank if p.number in placed else None,
            "players": [
                {
                    "name": pl.name,
                    "membership": pl.membership_number,
                    "club": pl.club,
                    **({"surname": pl.surname, "given_name": pl.given_name} if pl.surname else {}),
                }
                for pl in (p.player1, p.player2)
            ],
            **({"province": p.province} if p.province else {}),
            **({"region": p.region} if p.region else {}),
            **(
                {"withdrawn_after_turn": p.withdrawn_after_turn}
                if p.withdrawn_after_turn is not None
                else {}
            ),
        }
        for p in Pair.objects.filter(tournament=tournament)
        .select_related("player1", "player2")
        .order_by("number")
    ]


def _penalties(tournament: Tournament) -> list[dict]:
    return [
        {
            "pair": p.pair.number,
            "turn": p.turn.number,
            "vp": p.vp,
            "mp": p.mp,
            "reason": p.reason,
            "ruling": p.ruling.code if p.ruling else None,
            "table": p.table_number,
            "automatic": p.automatic,
        }
        for p in Penalty.objects.filter(
            tournament=tournament, kind=Penalty.Kind.PENALTY
        ).select_related("pair", "turn", "ruling")
    ]


def _log(tournament: Tournament) -> list[dict]:
    """The referee's log: `decision` and `effect` in the tournament's language, and what
    happened as data (`code`, `params`: scoring.services.logtext; null and {} for entries
    written before the log kept it)."""
    rows = []
    for e in LogEntry.objects.filter(tournament=tournament).select_related("by"):
        decision, effect = logtext.say_in(e)
        rows.append(
            {
                "at": e.at.isoformat(),
                "turn": e.turn,
                "table": e.table,
                "pairs": e.pairs,
                "ruling": e.code,
                "article": e.article,
                "decision": decision,
                "effect": effect,
                "by": e.by.get_username() if e.by else None,
                "code": e.event or None,
                "params": e.params if e.event and isinstance(e.params, dict) else {},
            }
        )
    return rows


def _rows(ranked) -> list[dict]:
    return [
        {
            "rank": r.rank,
            "pair": r.pair,
            "vp": r.vp,
            "mp": r.mp,
            "played": r.played,
            "byes": r.byes,
            "penalty_vp": r.penalty_vp,
            "penalty_mp": r.penalty_mp,
            "group": r.group,
            "group_rank": r.group_rank,
        }
        for r in ranked
    ]


def _tournament(tournament: Tournament) -> dict:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "kind": tournament.kind,
        "date": tournament.date.isoformat(),
        "turns": tournament.turns,
        "deals": tournament.deals,
        "vp_scale": tournament.vp_scale,
        "rules": tournament.game_variant,
        "level": tournament.level,
        "first_seating": tournament.first_seating,
        "seed": tournament.seed,
        "plan": list(tournament.plan),
        "venue": tournament.venue,
        "organiser": tournament.organiser,
        "referee": tournament.referee_name,
        "referee_code": tournament.referee_code,
        "status": tournament.status,
        "bye_percentage": bye_percentage(tournament),
        "bye_percentage_overridden": tournament.bye_percentage is not None,
        "tiebreaks": list(tournament.tiebreaks),
    }

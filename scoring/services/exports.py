"""The results as plain data: the JSON of the scripting contract (README.md), one pipeline
for every kind of event. What differs by kind (the entrants' list and the key that names one
in every row, what a turn holds, a line's numbers) is asked of the kind
(`scoring.kinds.base.ScoringKind`); the rest is written once here."""

from __future__ import annotations

from collections import defaultdict

from scoring.models import LogEntry, Penalty, ResultChange
from scoring.services import logtext
from scoring.services.prizes import prize_list
from scoring.services.standings import standings
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import Bye, Line, Table, Tournament
from tournaments.services.scales import bye_percentage, tournament_scale


def results_data(tournament: Tournament) -> dict:
    """Everything about a tournament in the contract's keys (a fixed number of queries):
    `tournament`, the entrants (`pairs`, `players` or `teams`), `turns`, `penalties`,
    `standings`, what else the kind keeps (`groups`), the `log` and the `prizes` (who takes
    each prize, for the federation's recomputation)."""
    kind = kind_of(tournament)
    ranked = standings(tournament)
    return {
        "tournament": tournament_head(tournament) | kind.export_head(tournament),
        kind.entrants_key: kind.entrant_rows(tournament, ranked),
        "turns": kind.export_turns(tournament),
        "penalties": [
            kind.penalty_row(p)
            for p in Penalty.objects.filter(
                tournament=tournament,
                kind=Penalty.Kind.PENALTY,
                **{f"{kind.entrant_field}__isnull": False},
            ).select_related(kind.entrant_field, "turn", "ruling")
        ],
        "standings": [kind.standings_row(r) for r in ranked],
        **kind.export_extra(tournament),
        "log": log_rows(tournament),
        "prizes": prize_rows(tournament),  # added after the log: the keys before keep their order
    }


def prize_rows(tournament: Tournament) -> list[dict]:
    """The prize list and who takes each prize (as `prizes S --json`), so that the federation
    can recompute it; empty when the list cannot be assigned (a group not set yet)."""
    try:
        return [row.as_json() for row in prize_list(tournament)]
    except Refused:
        return []


def turn_rows(tournament: Tournament, played: dict[int, list], again: dict | None) -> list[dict]:
    """A row per turn: what was `played` there (the kind's `turn_key`: tables or matches),
    its byes and, where the kind tells them (`again`), the entrants resting a second time."""
    kind = kind_of(tournament)
    byes = bye_rows(tournament)
    return [
        {
            "number": turn.number,
            "movement": turn.movement,
            kind.turn_key: played[turn.number],
            "byes": byes[turn.number],
            "repeats": turn.repeats,
            **({} if again is None else {"rest_again": again.get(turn.number, [])}),
        }
        for turn in tournament.turn_set.order_by("number")
    ]


def bye_rows(tournament: Tournament) -> dict[int, list[dict]]:
    """Turn number -> its byes ({entrant key: number, vp, mp}) in entrant order."""
    kind = kind_of(tournament)
    field, key = kind.entrant_field, kind.entrant_key
    byes: dict[int, list[dict]] = defaultdict(list)
    for turn, number, vp, mp in (
        Bye.objects.filter(turn__tournament=tournament, **{f"{field}__isnull": False})
        .order_by("turn__number", f"{field}__number")
        .values_list("turn__number", f"{field}__number", "vp", "mp")
    ):
        byes[turn].append({key: number, "vp": vp, "mp": mp})
    return byes


def table_rows(tournament: Tournament) -> dict[int, list[dict]]:
    """Turn number -> its tables in table order, each line by `kind.line_numbers`."""
    kind = kind_of(tournament)
    late = set(
        ResultChange.objects.filter(
            table__turn__tournament=tournament, late_correction=True
        ).values_list("table_id", flat=True)
    )
    tables: dict[int, list[dict]] = defaultdict(list)
    for t in (
        Table.objects.filter(turn__tournament=tournament)
        .select_related("turn", *kind.line_related)
        .defer("turn__order", "turn__repeats")  # 1,000-pair orders, decoded per row otherwise
        .order_by("turn__number", "number")
    ):
        tables[t.turn.number].append(kind.table_row(t, late=t.pk in late))
    return tables


def table_row(kind, t: Table, extra: dict | None = None, late: bool | None = None) -> dict:
    """A table's result; `extra` follows the lines (a team event's teams), `late` the
    adjusted flag (None: the kind does not tell late corrections)."""
    return {
        "table": t.number,
        "ns": kind.line_numbers(t.ns),
        "ew": kind.line_numbers(t.ew),
        **(extra or {}),
        "ns_points": t.ns_points,
        "ew_points": t.ew_points,
        "ns_vp": t.ns_vp,
        "ew_vp": t.ew_vp,
        "adjusted": t.adjusted,
        **({} if late is None else {"late_correction": late}),
        **({"ns_mp": t.ns_mp, "ew_mp": t.ew_mp} if t.adjusted else {}),
    }


def penalty_row(key: str, p: Penalty) -> dict:
    """A penalty of the entrant named by `key` (pair, player or team)."""
    return {
        key: getattr(p, key).number,
        "turn": p.turn.number,
        "vp": p.vp,
        "mp": p.mp,
        "reason": p.reason,
        "ruling": p.ruling.code if p.ruling else None,
        "table": p.table_number,
        "automatic": p.automatic,
    }


def standings_row(key: str, r, groups: bool) -> dict:
    """A ranked row naming its entrant by `key`; the group keys where the kind has groups."""
    return {
        "rank": r.rank,
        key: r.pair,
        "vp": r.vp,
        "mp": r.mp,
        "played": r.played,
        "byes": r.byes,
        "penalty_vp": r.penalty_vp,
        "penalty_mp": r.penalty_mp,
        **({"group": r.group, "group_rank": r.group_rank} if groups else {}),
    }


def player_row(pl) -> dict:
    """A player as the export shows him (surname and given name when the import had them)."""
    return {
        "name": pl.name,
        "membership": pl.membership_number,
        "club": pl.club,
        **({"surname": pl.surname, "given_name": pl.given_name} if pl.surname else {}),
    }


def withdrawn(entrant) -> dict:
    after = entrant.withdrawn_after_turn
    return {} if after is None else {"withdrawn_after_turn": after}


def log_rows(tournament: Tournament) -> list[dict]:
    """The referee's log: `decision` and `effect` in the tournament's language, and what
    happened as data (`code`, `params`: scoring.services.logtext; null and {} for entries
    written before the log kept it). `pairs` holds the numbers as the log kept them (a
    line's own number in individual and team events); `entrants` the pairs, players or
    teams they stand for, and `kind` which of the three (the event's kind)."""
    entries = list(LogEntry.objects.filter(tournament=tournament).select_related("by"))
    entrants = log_entrants(tournament, entries)
    rows = []
    for e in entries:
        decision, effect = logtext.say_in(e)
        rows.append(
            {
                "at": e.at.isoformat(),
                "turn": e.turn,
                "table": e.table,
                "pairs": e.pairs,
                "entrants": entrants(e.pairs),
                "kind": tournament.kind,
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


def log_entrants(tournament: Tournament, entries: list):
    """A function from a log entry's numbers to its entrants' numbers: a line's number
    becomes its players' or its team's (`kind.line_entrants`), each entrant named once."""
    kind = kind_of(tournament)
    numbers = {n for e in entries for n in e.pairs if isinstance(n, int)}
    lines = {
        line.number: line
        for line in Line.objects.filter(
            tournament=tournament, line_turn__isnull=False, number__in=numbers
        ).select_related("player1", "player2", "team")
    }

    def entrants(pairs: list) -> list:
        found = []
        for n in pairs:
            found += kind.line_entrants(lines[n]) if n in lines else [n]
        return list(dict.fromkeys(found))

    return entrants


def tournament_head(tournament: Tournament) -> dict:
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
        "prizes_cumulate": tournament.prizes_cumulate,
        "vp_scale_bands": scale_bands(tournament),
        **kind_of(tournament).settings_data(tournament),
    }


def scale_bands(tournament: Tournament) -> list[list[int | None]]:
    """The VP table the tournament plays, as `VpScale.from_bands` reads it: [highest
    difference, winner's VP] per band, the last one open (null): a custom scale can then be
    recomputed by whoever receives the export."""
    return [[b.high, b.winner_vp] for b in tournament_scale(tournament).bands]

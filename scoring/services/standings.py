"""The standings, read from the models and computed by the pure rules
(`scoring.rules.standings`): the ranking, the report shown on the pages, a pair's detail."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from scoring.models import Penalty
from scoring.rules import standings as rules
from scoring.rules.prizes import parse_turns
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import Bye, Group, Table, Tournament
from tournaments.movements.groups import group_phase
from tournaments.rules.text import ascii_int


def standing_inputs(tournament: Tournament):
    """Plain records of every match, bye and penalty of the tournament (3 queries)."""
    matches = []
    for t, ns, ew, nsv, ewv, nsp, ewp, adjusted, nsm, ewm in Table.objects.filter(
        turn__tournament=tournament, ns_vp__isnull=False
    ).values_list(
        "turn__number",
        "ns__number",
        "ew__number",
        "ns_vp",
        "ew_vp",
        "ns_points",
        "ew_points",
        "adjusted",
        "ns_mp",
        "ew_mp",
    ):
        if adjusted:  # the referee's score: each line's MP as set, not necessarily opposite
            matches.append(rules.Match(t, ns, ew, nsv, ewv, ns_mp=nsm, ew_mp=ewm))
        else:
            matches.append(rules.Match(t, ns, ew, nsv, ewv, ns_mp=nsp - ewp))
    byes = [
        rules.Bye(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Bye.objects.filter(turn__tournament=tournament).values_list(
            "turn__number", "pair__number", "vp", "mp"
        )
    ]
    penalties = [
        rules.Penalty(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Penalty.objects.filter(
            tournament=tournament, kind=Penalty.Kind.PENALTY
        ).values_list("turn__number", "pair__number", "vp", "mp")
    ]
    return matches, byes, penalties


def standings(tournament: Tournament, after_turn: int | None = None) -> list[rules.Row]:
    """The ranking counting turns up to `after_turn` (every turn when None), of the event's
    entrants: pairs, players each scoring his line's result (Art. 2), or teams
    (scoring/kinds/teams/matches.py), as the kind of event ranks them."""
    return kind_of(tournament).standings(tournament, after_turn)


def pair_standings(tournament: Tournament, after_turn: int | None = None) -> list[rules.Row]:
    """A pairs event's ranking up to `after_turn`. Once the groups are set, from the ranking
    they were cut from on: each group's ranking, group A first, then B… (`rank` follows that
    order, `group_rank` is the place in the group)."""
    numbers = tournament.lines.values_list("number", flat=True)
    matches, byes, penalties = standing_inputs(tournament)
    groups = groups_in_force(tournament, after_turn)
    if groups:
        return rules.compute_groups(
            numbers,
            matches,
            byes,
            penalties,
            groups=groups,
            after_turn=after_turn,
            tiebreaks=tournament.tiebreaks,
        )
    return rules.compute(
        numbers, matches, byes, penalties, after_turn=after_turn, tiebreaks=tournament.tiebreaks
    )


def groups_in_force(tournament: Tournament, after_turn: int | None) -> dict[str, list[int]]:
    """The groups a ranking after `after_turn` is given by: none before the ranking they
    were cut from (one query when the plan has turns in groups, none otherwise)."""
    span = group_phase(tournament.plan)
    if span is None or (after_turn is not None and after_turn < span[0] - 1):
        return {}
    return {
        name: list(pairs)
        for name, pairs in Group.objects.filter(tournament=tournament)
        .order_by("name")
        .values_list("name", "pairs")
    }


def standings_range(tournament: Tournament, from_turn: int, to_turn: int) -> list[rules.Row]:
    """The ranking of turns `from_turn`..`to_turn` only (technical prizes); inside the groups
    once they are set (the group's ranking settles what the range leaves equal)."""
    if not 1 <= from_turn <= to_turn <= tournament.turns:
        raise Refused(
            _("%(a)s-%(b)s is not a range of turns of this tournament (1-%(n)s).")
            % {"a": from_turn, "b": to_turn, "n": tournament.turns}
        )
    return kind_of(tournament).standings_range(tournament, from_turn, to_turn)


def pairs_standings_range(tournament: Tournament, from_turn: int, to_turn: int) -> list[rules.Row]:
    """A pairs event's ranking of a range of turns, group by group once they are set."""
    matches, byes, penalties = standing_inputs(tournament)
    return range_in_groups(
        tournament, standings(tournament), matches, byes, penalties, from_turn, to_turn
    )


def range_in_groups(
    tournament: Tournament, overall, matches, byes, penalties, from_turn: int, to_turn: int
) -> list[rules.Row]:
    """The ranking of turns `from_turn`..`to_turn` from the records of every kind that ranks
    with the pairs' engine (pairs, teams): group by group as the whole ranking `overall`
    goes once the groups are set, its order settling what the range leaves equal."""
    numbers = [r.pair for r in overall]
    groups: dict[str | None, list[int]] = {}
    for row in overall:
        groups.setdefault(row.group, []).append(row.pair)
    ranked = []
    for name, members in groups.items():
        for row in rules.compute_range(
            numbers,
            matches,
            byes,
            penalties,
            from_turn=from_turn,
            to_turn=to_turn,
            tiebreaks=tournament.tiebreaks,
            prior=members,
            among=members,
        ):
            row.group = name
            row.group_rank = row.rank if name is not None else None
            ranked.append(row)
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked


@dataclass
class StandingsReport:
    rows: list[dict]
    after_turn: int  # 0 before any result
    seated: list[int]  # every seated turn
    complete: list[int]  # turns with every result in
    final: bool

    @property
    def grouped(self) -> bool:
        """The ranking is group by group (A, then B…)."""
        return any(r["group"] for r in self.rows)


def standings_report(tournament: Tournament, after: str | int | None = None) -> StandingsReport:
    """The ranking after turn `after` (default: the last complete turn), ready to show."""
    seated, complete = turn_progress(tournament)
    after_turn = ascii_int(after) if after not in (None, "") else None
    if after_turn not in seated:
        after_turn = complete[-1] if complete else 0
    rows = report_rows(tournament, standings(tournament, after_turn=after_turn))
    final = bool(complete) and after_turn == tournament.turns and complete[-1] == tournament.turns
    return StandingsReport(rows, after_turn, seated, complete, final)


def turns_span(tournament: Tournament, text: str) -> tuple[int, int]:
    """A range of this tournament's turns written as people write it ("9-11", "10"), or
    refused saying which turns there are."""

    span = parse_turns(str(text)[:20])
    if span is None or span[1] > tournament.turns:
        raise Refused(
            _("%(v)s is not a range of turns of this tournament (1-%(n)s).")
            % {"v": str(text)[:20], "n": tournament.turns}
        )
    return span


def range_report(tournament: Tournament, text: str) -> tuple[StandingsReport, tuple[int, int]]:
    """The ranking of a range of turns ("9-11"), group by group once the groups are set: for
    technical prizes. Refused when the text is not a range of this tournament's turns."""
    span = turns_span(tournament, text)
    seated, complete = turn_progress(tournament)
    rows = report_rows(tournament, standings_range(tournament, *span))
    return StandingsReport(rows, span[1], seated, complete, False), span


def turn_progress(tournament: Tournament) -> tuple[list[int], list[int]]:
    """(seated turn numbers, turn numbers with every result in), in one query."""
    turns = (
        tournament.turn_set.annotate(missing=Count("tables", filter=Q(tables__ns_vp__isnull=True)))
        .order_by("number")
        .values_list("number", "missing")
    )
    seated = [n for n, _m in turns]
    complete = [n for n, m in turns if m == 0]
    return seated, complete


def pair_detail(tournament: Tournament, number: int, after_turn: int | None = None) -> dict | None:
    """A pair's tournament turn by turn: opponents, points, VP, byes and penalties, and its
    standing after turn `after_turn` (every turn when None). A fixed number of queries."""
    # A line (two players of a turn, an individual or team event) is no one's page.
    registered = tournament.pairs
    pairs = {p.number: p for p in registered.select_related("player1", "player2")}
    pair = pairs.get(number)
    if pair is None:
        return None
    by_pk = {p.pk: p for p in pairs.values()}
    turns = []
    for t in (
        Table.objects.filter(turn__tournament=tournament)
        .filter(Q(ns=pair) | Q(ew=pair))
        .select_related("turn")
    ):
        ns_side = t.ns_id == pair.pk
        opponent = by_pk[t.ew_id if ns_side else t.ns_id]
        own, other = (t.ns_points, t.ew_points) if ns_side else (t.ew_points, t.ns_points)
        diffs = t.mp_diffs
        turns.append(
            {
                "turn": t.turn.number,
                "movement": t.turn.movement,
                "table": t.number,
                "line": _("N-S") if ns_side else _("E-W"),
                "opponent": opponent.number,
                "opponent_names": f"{opponent.player1.name} – {opponent.player2.name}",
                "points": own,
                "opponent_points": other,
                "adjusted": t.adjusted,
                "vp": t.ns_vp if ns_side else t.ew_vp,
                "mp": None if diffs is None else diffs[0 if ns_side else 1],
            }
        )
    for b in Bye.objects.filter(turn__tournament=tournament, pair=pair).select_related("turn"):
        turns.append(
            {
                "turn": b.turn.number,
                "movement": b.turn.movement,
                "bye": True,
                "table": b.table_number,
                "vp": b.vp,
                "mp": b.mp,
            }
        )
    turns.sort(key=lambda row: row["turn"])
    penalties = list(
        Penalty.objects.filter(tournament=tournament, pair=pair).select_related("turn")
    )
    row = next((r for r in standings(tournament, after_turn) if r.pair == number), None)
    return {"pair": pair, "turns": turns, "penalties": penalties, "standing": row}


def pair_clubs(pair) -> str:
    """A pair's club, or both clubs of a pair of two ("Circolo A / Circolo B"), as the
    standings PDF prints them."""
    clubs = [c for c in (pair.player1.club, pair.player2.club) if c]
    return " / ".join(dict.fromkeys(clubs))


def report_rows(tournament: Tournament, ranked) -> list[dict]:
    """Ranked rows as the standings pages and documents show them: the entrant as the kind
    of event names it (a pair's players, a player, a team's name and players: `report_names`,
    one query) and the same figures for every kind."""
    kind = kind_of(tournament)
    names = kind.report_names(tournament)
    return [
        {
            "rank": r.rank,
            "pair": r.pair,
            **names[r.pair],
            "vp": r.vp,
            "mp": r.mp,
            "played": r.played,
            "byes": r.byes,
            "penalty_vp": r.penalty_vp,
            "penalty_mp": r.penalty_mp,
            "group": r.group if kind.has_groups else None,
            "group_rank": r.group_rank if kind.has_groups else None,
        }
        for r in ranked
    ]


def pair_names(tournament: Tournament) -> dict[int, dict]:
    """A pairs event's entrants as the standings rows name them: players, club, withdrawal."""
    return {
        p.number: {
            "players": f"{p.player1.name} – {p.player2.name}",
            "club": pair_clubs(p),
            "withdrawn": tournament.words.withdrawn_after(p.withdrawn_after_turn),
        }
        for p in tournament.lines.select_related("player1", "player2")
    }


def released_detail(detail: dict | None, state) -> dict | None:
    """An entrant's page as the players see it (a pair's or a player's): the released turns
    only, penalties (not warnings) of those turns, its standing once a turn is complete."""
    if detail is None:
        return None
    released = set(state.released)
    detail["turns"] = [row for row in detail["turns"] if row["turn"] in released]
    detail["penalties"] = [
        p for p in detail["penalties"] if p.turn.number in released and p.kind == p.Kind.PENALTY
    ]
    if not state.complete:
        detail["standing"] = None
    return detail

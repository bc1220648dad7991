"""Team events (Art. 2): match results from the two tables, team byes, penalties and the
team standings, read from the models and computed by `scoring.rules.team_matches`."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.models import Penalty
from scoring.rules import standings as rules
from scoring.rules import team_matches as team_rules
from scoring.services.standings import groups_in_force, range_in_groups
from tournaments.models import Bye, Table, Tournament
from tournaments.rules.names import compact
from tournaments.rules.names import matches as name_matches
from tournaments.rules.vp import ByeScore
from tournaments.services.scales import bye_percentage, tournament_scale


def team_scale(tournament: Tournament) -> team_rules.TeamScale:
    """The team scale of an `mp-scale` event: the pairs scale over two tables, bounds and VP
    doubled (docs/individual-and-teams.md: no federation team scale is documented)."""
    return team_rules.TeamScale.doubled(tournament_scale(tournament))


def team_bye_score(tournament: Tournament) -> ByeScore:
    """A resting team's score (Art. 33): the match's share by the tournament's bye
    percentage (70% of 40 VP by default)."""
    scale = tournament_scale(tournament)
    return team_rules.team_bye(
        scale, tournament.team_scoring, team_scale(tournament), bye_percentage(tournament)
    )


@dataclass
class Match:
    turn: int
    number: int
    team_a: int
    team_b: int
    open: Table
    closed: Table | None
    result: team_rules.MatchResult | None  # None until both tables have a result

    @property
    def tables(self) -> list[Table]:
        return [t for t in (self.open, self.closed) if t is not None]


def _result(tournament, scale, tscale, open_t: Table, closed_t: Table):
    if not (open_t.has_result and closed_t.has_result):
        return None
    if not (open_t.adjusted or closed_t.adjusted):
        return team_rules.score_match(
            scale,
            (open_t.ns_points, open_t.ew_points),
            (closed_t.ns_points, closed_t.ew_points),
            tournament.team_scoring,
            tscale,
        )
    # a score set by the referee at a table: its VP and MP as set (Art. 32-33 rulings)
    open_mp, closed_mp = open_t.mp_diffs, closed_t.mp_diffs
    mp_a = (open_mp[0] or 0) + (closed_mp[1] or 0)
    return team_rules.adjusted_match(
        (open_t.ns_vp, open_t.ew_vp),
        (closed_t.ew_vp, closed_t.ns_vp),
        mp_a,
        tournament.team_scoring,
        tscale,
    )


def matches(tournament: Tournament, turn: int | None = None) -> list[Match]:
    """Every match (of `turn`, or of the tournament), in turn and hall order: table 2k-1 the
    open room, 2k the closed room (a fixed number of queries)."""
    tables = Table.objects.filter(turn__tournament=tournament).select_related(
        "turn", "ns__team", "ew__team", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
    )
    if turn is not None:
        tables = tables.filter(turn__number=turn)
    by_seat = {(t.turn.number, t.number): t for t in tables.order_by("turn__number", "number")}
    scale, tscale = tournament_scale(tournament), team_scale(tournament)
    out = []
    for (number, table), open_t in by_seat.items():
        if table % 2 == 0:
            continue
        closed_t = by_seat.get((number, table + 1))
        result = None if closed_t is None else _result(tournament, scale, tscale, open_t, closed_t)
        out.append(
            Match(
                number,
                (table + 1) // 2,
                open_t.ns.team.number,
                open_t.ew.team.number,
                open_t,
                closed_t,
                result,
            )
        )
    return out


@dataclass
class _Scored:
    """What a match result needs of a table, read as plain values (the standings of 250
    teams over 16 turns read 4,000 tables: model instances with their lines would cost more
    than the ranking itself)."""

    ns_points: int | None
    ew_points: int | None
    ns_vp: int | None
    ew_vp: int | None
    adjusted: bool
    ns_mp: int | None
    ew_mp: int | None

    has_result = Table.has_result
    mp_diffs = Table.mp_diffs


def _played(tournament: Tournament) -> list[team_rules.TeamMatch]:
    """Every match with both tables in, as the standings read them (one query)."""
    seats = {}
    for turn, number, a, b, *values in Table.objects.filter(
        turn__tournament=tournament, ns_vp__isnull=False
    ).values_list(
        "turn__number",
        "number",
        "ns__team__number",
        "ew__team__number",
        "ns_points",
        "ew_points",
        "ns_vp",
        "ew_vp",
        "adjusted",
        "ns_mp",
        "ew_mp",
    ):
        seats[turn, number] = (a, b, _Scored(*values))
    scale, tscale = tournament_scale(tournament), team_scale(tournament)
    played = []
    for (turn, number), (a, b, open_t) in sorted(seats.items()):
        closed = seats.get((turn, number + 1)) if number % 2 else None
        if closed is not None:
            result = _result(tournament, scale, tscale, open_t, closed[2])
            played.append(team_rules.TeamMatch(turn, a, b, result))
    return played


def standing_inputs(tournament: Tournament):
    played = _played(tournament)
    byes = [
        rules.Bye(turn=t, pair=team, vp=v, mp=m)
        for t, team, v, m in Bye.objects.filter(
            turn__tournament=tournament, team__isnull=False
        ).values_list("turn__number", "team__number", "vp", "mp")
    ]
    penalties = [
        rules.Penalty(turn=t, pair=team, vp=v, mp=m)
        for t, team, v, m in Penalty.objects.filter(
            tournament=tournament, kind=Penalty.Kind.PENALTY, team__isnull=False
        ).values_list("turn__number", "team__number", "vp", "mp")
    ]
    return played, byes, penalties


def team_standings(tournament: Tournament, after_turn: int | None = None) -> list[rules.Row]:
    """Teams ranked by match VP, summed MP difference, head-to-head, team number (each Row's
    `pair` is a team number); group by group once the groups (gironi) are set."""
    played, byes, penalties = standing_inputs(tournament)
    return team_rules.team_standings(
        tournament.teams.values_list("number", flat=True),
        played,
        byes,
        penalties,
        after_turn=after_turn,
        tiebreaks=tournament.tiebreaks,
        groups=groups_in_force(tournament, after_turn),
    )


def standing_records(tournament: Tournament):
    """(matches, byes, penalties) as the standings' records, a team in place of a pair."""
    played, byes, penalties = standing_inputs(tournament)
    return team_rules.match_records(played), byes, penalties


def team_standings_range(tournament: Tournament, from_turn: int, to_turn: int) -> list[rules.Row]:
    """The teams ranked on turns `from_turn`..`to_turn` only (technical prizes), with the
    tie-breaks of the range; what they leave equal goes to the team placed higher overall;
    group by group once the groups (gironi) are set, as for pairs."""
    matches, byes, penalties = standing_records(tournament)
    overall = team_standings(tournament)
    return range_in_groups(tournament, overall, matches, byes, penalties, from_turn, to_turn)


def team_names(tournament: Tournament) -> dict[int, dict]:
    """The teams as the standings rows name them: team name and players."""
    players = team_players(tournament)
    names = {}
    for number, name in tournament.teams.values_list("number", "name"):
        members = ", ".join(p.name for p in players.get(number, []))
        names[number] = {
            "team": number,
            "name": name,
            "members": members,
            "players": f"{name}: {members}",
            "club": "",
        }
    return names


def team_players(tournament: Tournament) -> dict[int, list]:
    """Team number -> its players in the team's order (one query)."""
    out: dict[int, list] = {}
    for p in (
        tournament.players.filter(team__isnull=False)
        .select_related("team")
        .order_by("team__number", "team_order", "number")
    ):
        out.setdefault(p.team.number, []).append(p)
    return out


def turn_byes(tournament: Tournament, turn: int) -> list[Bye]:
    return list(
        Bye.objects.filter(turn__tournament=tournament, turn__number=turn, team__isnull=False)
        .select_related("team")
        .order_by("team__number")
    )


def team_detail(
    tournament: Tournament, number: int, turns: list[int] | None = None, after_turn=None
) -> dict | None:
    """A team's event match by match (only `turns` when given: the released ones on the
    players' pages): opponent, the two tables with its line at each, the match VP; its byes,
    penalties and standing."""
    team = tournament.teams.filter(number=number).first()
    if team is None:
        return None
    names = dict(tournament.teams.values_list("number", "name"))
    rows = []
    for m in matches(tournament):
        if number not in (m.team_a, m.team_b) or (turns is not None and m.turn not in turns):
            continue
        ours_a = m.team_a == number
        seats = []
        for t in (m.open, m.closed):
            if t is None:
                continue
            ns = t.ns.team.number == number
            seats.append(
                {
                    "table": t,
                    "line": _("N-S") if ns else _("E-W"),
                    "own": t.ns if ns else t.ew,
                    "other": t.ew if ns else t.ns,
                    "points": (t.ns_points, t.ew_points) if ns else (t.ew_points, t.ns_points),
                    "vp": t.ns_vp if ns else t.ew_vp,
                }
            )
        r = m.result
        rows.append(
            {
                "turn": m.turn,
                "match": m.number,
                "opponent": m.team_b if ours_a else m.team_a,
                "opponent_name": names.get(m.team_b if ours_a else m.team_a, ""),
                "seats": seats,
                "vp": None if r is None else (r.vp_a if ours_a else r.vp_b),
                "mp": None if r is None else (r.mp_a if ours_a else r.mp_b),
            }
        )
    for b in Bye.objects.filter(turn__tournament=tournament, team=team).select_related("turn"):
        if turns is None or b.turn.number in turns:
            rows.append({"turn": b.turn.number, "bye": True, "vp": b.vp, "mp": b.mp})
    rows.sort(key=lambda row: row["turn"])
    penalties = list(
        Penalty.objects.filter(tournament=tournament, team=team).select_related("turn")
    )
    standing = next(
        (
            r
            for r in team_standings(tournament, after_turn)
            if r.pair == number and r.played + r.byes
        ),
        None,
    )
    return {
        "team": team,
        "players": team_players(tournament).get(number, []),
        "turns": rows,
        "penalties": penalties,
        "standing": standing,
    }


def public_matches(tournament: Tournament, turn: int, query: str = "") -> tuple[list, list]:
    """A turn's matches and team byes for the players' pages, with the teams' names; only
    those whose team number, team name or a player's name matches `query` when given."""
    names = dict(tournament.teams.values_list("number", "name"))
    found = matches(tournament, turn)
    byes = turn_byes(tournament, turn)
    for m in found:
        m.name_a, m.name_b = names.get(m.team_a, ""), names.get(m.team_b, "")
    query = query.strip()
    if not compact(query):
        return found, byes
    players = team_players(tournament)

    def hit(number: int) -> bool:
        texts = [names.get(number, "")] + [p.name for p in players.get(number, [])]
        return query == str(number) or any(name_matches(query, x) for x in texts)

    return (
        [m for m in found if hit(m.team_a) or hit(m.team_b)],
        [b for b in byes if hit(b.team.number)],
    )

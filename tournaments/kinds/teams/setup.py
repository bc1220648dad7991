"""Team events (Art. 2): registering teams, their line-ups, and seating a turn of matches.

A *line* (two players of a team sitting together in one turn) is a `Line` row with
`line_turn` and `team` set, so tables, results, phones and sheets work as for pairs. A line's
number is internal (`line_number`) and never shown. Match `k` of a turn plays on tables
`2k - 1` (open room: A's first line N-S v B's first line) and `2k` (closed room: B's second
line N-S v A's second line); see docs/individual-and-teams.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import ProtectedError, Q, RestrictedError
from django.utils.translation import gettext as _

from tournaments.errors import NeedsConfirmation, Refused, rule_refusal
from tournaments.kinds import kind_of
from tournaments.models import (
    GROUP_WORDS,
    Bye,
    Line,
    Lineup,
    Player,
    Table,
    Team,
    Tournament,
    Turn,
    audit,
)
from tournaments.models import touch as touch_tournament
from tournaments.movements import danish, roundrobin, team_danish
from tournaments.rules import lineups
from tournaments.rules.messages import RuleError
from tournaments.rules.text import clean_text
from tournaments.services.first_seating import first_seating_order, recorded_report, report_lines
from tournaments.services.groups import check_groups_set, groups_map
from tournaments.services.lookup import last_turn
from tournaments.services.turns import (
    check_no_results,
    new_turn,
    next_seatable_turn,
    tables_reseated,
    turn_seated,
)
from tournaments.signals import lineup_changed

LINE_BASE = 100_000  # line numbers: turn * LINE_BASE + team * 10 + line (1 or 2)
MAX_TEAMS = 9_999
MAX_NAME = 120


def line_number(turn: int, team: int, line: int) -> int:
    """The internal number of a team's line (1 or 2) in a turn: unique in the tournament."""
    return turn * LINE_BASE + team * 10 + line


def check_teams_event(tournament: Tournament) -> None:
    if not kind_of(tournament).plays_matches:
        raise Refused(_("%(name)s is not a team event.") % {"name": tournament.name})


# --- registration --------------------------------------------------------------------------


@dataclass
class Member:
    name: str  # "Surname Given name" when the file keeps them apart
    membership: str = ""
    club: str = ""
    surname: str = ""
    given: str = ""


def register_teams(
    tournament: Tournament, teams: list[tuple[str, list[Member]]], user=None, late: bool = False
) -> list[Team]:
    """Save teams of 4 to 6 players each, all or nothing, numbered after the last team; the
    players numbered after the last player, in the team's order (Art. 2). `late`: a team
    arriving during turn 1, placed by `scoring.kinds.teams.late.seat_late_team`."""
    check_teams_event(tournament)
    if tournament.turn_set.exists() and not late:
        raise Refused(_("Teams cannot be added once turn 1 is seated (Art. 33)."))
    if not teams:
        raise Refused(_("No team to register."))
    known = set(tournament.teams.values_list("name", flat=True))
    cards = set(
        tournament.players.exclude(membership_number="").values_list("membership_number", flat=True)
    )
    for name, members in teams:
        try:
            lineups.check_team_size(len(members))
        except RuleError as exc:
            raise Refused(f"{name}: {rule_refusal(exc)}") from None
        if name in known:
            raise Refused(_("Team %(name)s is already registered.") % {"name": name})
        known.add(name)
        for m in members:
            if m.membership and m.membership in cards:
                raise Refused(_("Membership number %(num)s appears twice.") % {"num": m.membership})
            if m.membership:
                cards.add(m.membership)
    with transaction.atomic():
        team_top = tournament.teams.order_by("-number").values_list("number", flat=True).first()
        player_top = (
            tournament.players.exclude(number=None)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        )
        team_top, player_top = team_top or 0, player_top or 0
        if team_top + len(teams) > MAX_TEAMS:
            raise Refused(_("A tournament has %(n)d teams at most.") % {"n": MAX_TEAMS})
        created = []
        for name, members in teams:
            team_top += 1
            team = Team.objects.create(tournament=tournament, number=team_top, name=name)
            for order, m in enumerate(members, start=1):
                player_top += 1
                Player.objects.create(
                    tournament=tournament,
                    name=m.name,
                    surname=m.surname,
                    given_name=m.given,
                    membership_number=m.membership,
                    club=m.club,
                    number=player_top,
                    team=team,
                    team_order=order,
                )
            created.append(team)
        audit(
            tournament,
            "import",
            user=user,
            target=f"{len(created)} teams",
            new=[{"team": t.number, "name": t.name} for t in created],
        )
        touch_tournament(tournament.pk)
    return created


def update_team(
    tournament: Tournament, number: int, name: str, members: list[Member], user=None
) -> Team:
    """Correct a team's name and its players (names, membership numbers, clubs), in their
    order. Before turn 1 is seated the roster may also grow or shrink (4 to 6 players); once
    it is, the same players stay (Art. 33) and only their details change."""
    check_teams_event(tournament)
    team = team_by_number(tournament, number)
    name = clean_text(name)[:MAX_NAME]
    if not name:
        raise Refused(_("Give the team's name."))
    if tournament.teams.filter(name=name).exclude(pk=team.pk).exists():
        raise Refused(_("Team %(name)s is already registered.") % {"name": name})
    players = list(team.members.order_by("team_order", "number"))
    seated = tournament.turn_set.exists()
    if seated and len(members) != len(players):
        raise Refused(
            _("Turn 1 is seated: a team's players can be corrected but no longer added or removed.")
        )
    try:
        lineups.check_team_size(len(members))
    except RuleError as exc:
        raise Refused(rule_refusal(exc)) from None
    _check_cards(tournament, team, members)
    old = {"name": team.name, "players": [p.name for p in players]}
    with transaction.atomic():
        team.name = name
        team.save(update_fields=["name"])
        for p in players[len(members) :]:
            p.delete()
        top = tournament.players.exclude(number=None).order_by("-number").first()
        top = top.number if top else 0
        for order, m in enumerate(members, start=1):
            p = players[order - 1] if order <= len(players) else None
            if p is None:
                top += 1
                p = Player(tournament=tournament, team=team, number=top)
            p.name, p.surname, p.given_name = m.name, m.surname, m.given
            p.membership_number, p.club, p.team_order = m.membership, m.club, order
            p.save()
        new = {"name": name, "players": [m.name for m in members]}
        audit(tournament, "team-edit", user=user, target=f"team {number}", old=old, new=new)
        touch_tournament(tournament.pk)
    return team


def _check_cards(tournament: Tournament, team: Team, members: list[Member]) -> None:
    """A membership number is used once in the tournament (this team's own excepted)."""
    others = set(
        tournament.players.exclude(membership_number="")
        .exclude(team=team)
        .values_list("membership_number", flat=True)
    )
    seen: set[str] = set()
    for m in members:
        if m.membership and (m.membership in others or m.membership in seen):
            raise Refused(_("Membership number %(num)s appears twice.") % {"num": m.membership})
        seen.add(m.membership)


def delete_team(tournament: Tournament, number: int, user=None) -> None:
    """Remove a team and its players: only before turn 1 is seated (then a team withdraws)."""
    check_teams_event(tournament)
    team = team_by_number(tournament, number)
    if tournament.turn_set.exists():
        raise Refused(_("Turn 1 is seated: a team can no longer be deleted (Art. 33)."))
    with transaction.atomic():
        old = {"name": team.name, "players": list(team.members.values_list("name", flat=True))}
        team.members.all().delete()
        team.delete()
        audit(tournament, "team-delete", user=user, target=f"team {number}", old=old)
        touch_tournament(tournament.pk)


def team_by_number(tournament: Tournament, number: int) -> Team:
    try:
        return tournament.teams.get(number=number)
    except Team.DoesNotExist:
        raise Refused(_("Team %(n)d does not exist in this tournament.") % {"n": number}) from None


def roster(team: Team) -> list[int]:
    """The team's player numbers, in the team's order."""
    return list(team.members.order_by("team_order", "number").values_list("number", flat=True))


# --- line-ups ------------------------------------------------------------------------------


def lineup_for(team: Team, turn: int, players: list[int] | None = None) -> lineups.Lineup:
    """The team's line-up for `turn`: its choice, else its first four players in order."""
    chosen = Lineup.objects.filter(team=team, turn_number=turn).first()
    if chosen is not None:
        (a, b), (c, d) = chosen.lines
        return (a, b), (c, d)
    return lineups.default_lineup(players if players is not None else roster(team))


def set_lineup(
    tournament: Tournament, team_number: int, turn: int, lines: str | lineups.Lineup, user=None
) -> lineups.Lineup:
    """Choose a team's two lines for `turn` (player numbers). Once the turn is seated its
    line Pairs change with it; refused once the turn has a result (Art. 32: substitutes
    come in between matches only). The log records every change."""
    check_teams_event(tournament)
    if not 1 <= turn <= tournament.turns:
        raise Refused(
            _("Turn %(n)d is not a turn of this tournament (1-%(t)d).")
            % {"n": turn, "t": tournament.turns}
        )
    team = team_by_number(tournament, team_number)
    try:
        lineup = lineups.parse_lines(lines) if isinstance(lines, str) else lines
        lineup = lineups.check_lineup(roster(team), lineup)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        seated = Turn.objects.filter(tournament=tournament, number=turn).first()
        closed = lineups_closed(tournament, seated)
        if closed:
            raise Refused(closed)
        old = lineup_for(team, turn)
        Lineup.objects.update_or_create(
            team=team, turn_number=turn, defaults={"lines": [list(x) for x in lineup]}
        )
        if seated is not None:
            _update_lines(tournament, team, turn, lineup)
        audit(
            tournament,
            "lineup",
            user=user,
            target=f"team {team.number} turn {turn}",
            old=[list(x) for x in old],
            new=[list(x) for x in lineup],
            reason="Art. 32",
        )
        if [list(x) for x in old] != [list(x) for x in lineup]:
            lineup_changed.send(
                sender=Team, tournament=tournament, team=team, turn=turn, old=old, new=lineup,
                user=user,
            )  # fmt: skip
        touch_tournament(tournament.pk)
    return lineup


def lineups_closed(tournament: Tournament, turn: Turn | None) -> str:
    """Why the line-ups of a seated `turn` can no longer change ("" while they can): at its
    first result, or once its seating is published, by the tournament's `lineups_close`."""
    if turn is None:
        return ""
    try:
        lineups.check_lineup_change(
            Table.objects.filter(turn=turn, ns_vp__isnull=False).exists(),
            turn.released_at is not None,
            tournament.lineups_close,
        )
    except RuleError as exc:
        return rule_refusal(exc).message
    return ""


def _update_lines(tournament: Tournament, team: Team, turn: int, lineup: lineups.Lineup) -> None:
    players = {p.number: p for p in team.members.all()}
    for index, line in enumerate(lineup, start=1):
        Line.objects.filter(
            tournament=tournament,
            team=team,
            line_turn=turn,
            number=line_number(turn, team.number, index),
        ).update(player1=players[line[0]], player2=players[line[1]])
    # the table's players changed: a result a phone entered there no longer means anything
    tables_reseated(
        Table.objects.filter(turn__tournament=tournament, turn__number=turn).filter(
            Q(ns__team=team) | Q(ew__team=team)
        )
    )


# --- seating -------------------------------------------------------------------------------


def present_teams(tournament: Tournament, number: int) -> list[int]:
    """The numbers of the teams playing turn `number` (a withdrawn team is absent after its
    last turn)."""
    return [
        n
        for n, gone in tournament.teams.values_list("number", "withdrawn_after_turn")
        if gone is None or number <= gone
    ]


def team_meetings(tournament: Tournament) -> list[list[tuple[int, int]]]:
    """(team_a, team_b) of every match, turn by turn: the open-room tables."""
    history: dict[int, list[tuple[int, int]]] = {}
    for turn, table, a, b in (
        Table.objects.filter(turn__tournament=tournament)
        .values_list("turn__number", "number", "ns__team__number", "ew__team__number")
        .order_by("turn__number", "number")
    ):
        if table % 2 == 1:
            history.setdefault(turn, []).append((a, b))
    return [history.get(n, []) for n in range(1, max(history, default=0) + 1)]


def team_byes_taken(tournament: Tournament, before: int | None = None) -> dict[int, int]:
    """Team number -> the byes it had (in the turns before `before` when given)."""
    taken: dict[int, int] = {}
    byes = Bye.objects.filter(turn__tournament=tournament, team__isnull=False)
    if before is not None:
        byes = byes.filter(turn__number__lt=before)
    for number in byes.values_list("team__number", flat=True):
        taken[number] = taken.get(number, 0) + 1
    return taken


def check_can_seat_teams(tournament: Tournament) -> int:
    number = next_seatable_turn(tournament)
    if len(present_teams(tournament, number)) < 2:
        raise Refused(_("At least two teams are needed to seat a turn."))
    return number


def _seeding(tournament: Tournament, number: int, present: list[int]) -> list[int]:
    """Turn 1: the first seating order (`tournaments.services.first_seating`: registration,
    draw, team names, or clubs kept apart in the first turn's matches); later: the team
    standings after the previous turn."""
    if number == 1:
        return first_seating_order(tournament, present)
    here = set(present)
    ranked = kind_of(tournament).ranking_for_seating(tournament, number - 1)
    return [r.pair for r in ranked if r.pair in here]


def block_start(plan: list[str], number: int) -> int:
    """The first turn of the run of equal plan words that holds turn `number`."""
    start = number
    while start > 1 and plan[start - 2] == plan[number - 1]:
        start -= 1
    return start


def groups_of(tournament: Tournament, order: list[int]) -> tuple[roundrobin.TeamGroup, ...]:
    """The round-robin groups dealt from a seeding (`team_group_size` teams at most)."""
    size = tournament.team_group_size
    try:
        if size:
            return roundrobin.split_teams(order, size=size)
        return roundrobin.split_teams(order, count=1)
    except RuleError as exc:
        raise rule_refusal(exc) from None


def _round_robin(tournament: Tournament, number: int, present: list[int]):
    start = block_start(tournament.plan, number)
    if number == start:
        order = _seeding(tournament, number, present)
    else:  # the block's groups, dealt at its first turn
        order = list(Turn.objects.get(tournament=tournament, number=start).order)
    groups = groups_of(tournament, order)
    absent = set(order) - set(present)
    try:
        seating = roundrobin.seat_round_robin(groups, number - start, absent)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    matches = [(k, a, b) for k, _g, a, b in seating.matches]
    return order, matches, [team for _g, team in seating.byes], []


def _danish(tournament: Tournament, number: int, present: list[int]):
    ranking = _seeding(tournament, number, present)
    turns = danish.turns_to_avoid(
        tournament.plan,
        number,
        team_meetings(tournament),
        last_by_ranking=tournament.last_danish_by_ranking,
    )
    seating = team_danish.seat_team_danish(ranking, turns, team_byes_taken(tournament))
    byes = [] if seating.bye is None else [seating.bye]
    return ranking, list(seating.matches), byes, [list(r) for r in seating.repeats]


def _in_groups(tournament: Tournament, number: int, present: list[int]):
    """A Danish turn in groups (docs/individual-and-teams.md): the team Danish inside every
    group on the standings, each group's matches on its own tables, its odd team resting."""
    groups = check_groups_set(tournament, number)
    ranking = _seeding(tournament, number, present)
    turns = danish.turns_to_avoid(
        tournament.plan,
        number,
        team_meetings(tournament),
        last_by_ranking=tournament.last_danish_by_ranking,
    )
    try:
        seating = team_danish.seat_team_groups(groups, ranking, turns, team_byes_taken(tournament))
    except RuleError as exc:
        raise rule_refusal(exc) from None
    return ranking, list(seating.matches), list(seating.byes), [list(r) for r in seating.repeats]


def seat_team_turn(tournament: Tournament, user=None):
    """Seat the next turn of a team event by its plan: line Pairs, two tables a match and
    the team byes, in one transaction (the same guards as the pairs seating)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = check_can_seat_teams(tournament)
        movement = tournament.plan[number - 1]
        present = present_teams(tournament, number)
        if movement == "round-robin":
            order, matches, byes, repeats = _round_robin(tournament, number, present)
        elif movement in GROUP_WORDS:
            order, matches, byes, repeats = _in_groups(tournament, number, present)
        else:
            order, matches, byes, repeats = _danish(tournament, number, present)
        turn = new_turn(tournament, number, movement, order, repeats)
        teams = {t.number: t for t in tournament.teams.all()}
        Line.objects.filter(tournament=tournament, line_turn=number).delete()  # an undone turn's
        playing = sorted({t for _k, a, b in matches for t in (a, b)})
        lines = create_lines(tournament, number, teams, playing)
        tables = Table.objects.bulk_create(
            Table(turn=turn, number=table, ns=lines[ns], ew=lines[ew])
            for k, a, b in matches
            for table, ns, ew in match_seats(k, a, b)
        )
        rested = team_byes_taken(tournament)
        score = kind_of(tournament).bye_score(tournament)
        bye_rows = Bye.objects.bulk_create(
            Bye(turn=turn, team=teams[t], vp=score.vp, mp=score.mp) for t in byes
        )
        turn_seated(tournament)
        again = sorted(t for t in byes if rested.get(t))
        audit(
            tournament,
            "seat",
            user=user,
            target=f"turn {number}",
            new={
                "movement": movement,
                "matches": [list(m) for m in matches],
                "team_byes": byes,
                "repeats": repeats,
                "rest_again": again,
            },
        )
    return TeamSeating(turn, list(tables), list(bye_rows), [tuple(r) for r in repeats], again)


@dataclass
class TeamSeating:
    """A seated turn of a team event (the fields of the pairs' `SeatingOutcome`)."""

    turn: Turn
    tables: list[Table]
    byes: list[Bye]  # team byes
    repeats: list[tuple[int, int]]  # teams meeting again
    rest_again: list[int]  # teams resting once more

    def summary(self) -> str:
        """The referee's message once the turn is seated."""
        text = _("Turn %(n)d seated: %(m)d matches on %(t)d tables.") % {
            "n": self.turn.number,
            "m": len(self.tables) // 2,
            "t": len(self.tables),
        }
        if self.repeats:
            teams = ", ".join(f"{a}–{b}" for a, b in self.repeats)
            text += " " + _("No seating avoided these teams meeting again: %(p)s.") % {"p": teams}
        if self.rest_again:
            teams = ", ".join(str(t) for t in self.rest_again)
            text += " " + _("No seating avoided these teams resting again: %(p)s.") % {"p": teams}
        return text


def match_seats(k: int, a: int, b: int) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    """Match k's tables as (table, N-S line key, E-O line key), a key being (team, line)."""
    open_table, closed_table = team_danish.team_tables(k)
    return [(open_table, (a, 1), (b, 1)), (closed_table, (b, 2), (a, 2))]


def create_lines(tournament, number: int, teams: dict, playing: list[int]) -> dict:
    """The line Pairs of the teams `playing` turn `number`, from their line-ups."""
    players = {
        (p.team_id, p.number): p
        for p in Player.objects.filter(tournament=tournament, team__isnull=False)
    }
    chosen = {
        (lu.team_id): lu.lines
        for lu in Lineup.objects.filter(team__tournament=tournament, turn_number=number)
    }
    by_team: dict[int, list[int]] = {}
    for team_id, n in sorted(players, key=lambda k: (k[0], players[k].team_order or 0, k[1])):
        by_team.setdefault(team_id, []).append(n)
    rows = []
    for t in playing:
        team = teams[t]
        lineup = chosen.get(team.pk) or lineups.default_lineup(by_team.get(team.pk, []))
        for index, (p1, p2) in enumerate(lineup, start=1):
            rows.append(
                Line(
                    tournament=tournament,
                    number=line_number(number, t, index),
                    player1=players[(team.pk, p1)],
                    player2=players[(team.pk, p2)],
                    line_turn=number,
                    team=team,
                    pin=team.pin,
                )
            )
    created = Line.objects.bulk_create(rows)
    return {(p.team.number, p.number % 10): p for p in created}


# --- a swap in a seated turn ----------------------------------------------------------------


def swap_problems(tournament: Tournament, turn: Turn, a: int, b: int) -> list[str]:
    """What exchanging teams `a` and `b` in `turn` would break: a meeting of an earlier turn
    played again, a team resting a second time (Art. 33)."""
    opponents = {m_a: m_b for _k, m_a, m_b in turn_matches(turn)}
    opponents.update({v: k for k, v in opponents.items()})
    after = {a: opponents.get(b), b: opponents.get(a)}
    if after[a] == a:  # a and b play each other: they only change rooms
        return []
    earlier = {
        frozenset(m) for meetings in team_meetings(tournament)[: turn.number - 1] for m in meetings
    }
    problems = [
        _("Teams %(a)d and %(b)d have already met.") % {"a": me, "b": other}
        for me, other in after.items()
        if other is not None and frozenset((me, other)) in earlier
    ]
    rested = {n for n, times in team_byes_taken(tournament, before=turn.number).items() if times}
    problems += [
        _("Team %(n)d has already rested.") % {"n": me}
        for me, other in after.items()
        if other is None and me in rested
    ]
    if turn.movement in GROUP_WORDS:
        where = {t: name for name, teams in groups_map(tournament).items() for t in teams}
        if where.get(a) != where.get(b):
            problems.append(_("Teams %(a)d and %(b)d play in different groups.") % {"a": a, "b": b})
    if turn.movement == "round-robin" and turn.number != block_start(tournament.plan, turn.number):
        problems.append(
            _(
                "The round robin's schedule was set at its first turn: teams %(a)d and %(b)d "
                "leave it here, and a later turn may bring a match again."
            )
            % {"a": a, "b": b}
        )
    return problems


def turn_matches(turn: Turn) -> list[tuple[int, int, int]]:
    """(match, team A, team B) of a seated turn, read from its open-room tables."""
    return [
        ((number + 1) // 2, ns, ew)
        for number, ns, ew in turn.tables.values_list(
            "number", "ns__team__number", "ew__team__number"
        )
        if number % 2 == 1
    ]


def swap_teams(
    tournament: Tournament, a: int, b: int, *, confirmed: bool = False, user=None
) -> list[str]:
    """Exchange the places of teams `a` and `b` in the last seated turn, before any result:
    each takes the other's match (both tables, with its own line-up) or rest. A swap against
    the rules is refused unless `confirmed`; returns the problems accepted (the command and the
    desk write them in the referee's log: scoring.services.entrants.swap_in_turn)."""
    if a == b:
        raise Refused(_("Choose two different teams."))
    check_teams_event(tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = last_turn(tournament)
        check_no_results(turn)
        teams = {n: team_by_number(tournament, n) for n in (a, b)}
        rests = set(
            turn.byes.filter(team__number__in=(a, b)).values_list("team__number", flat=True)
        )
        if rests == {a, b}:
            raise Refused(_("Both teams rest in this turn: there is nothing to swap."))
        problems = swap_problems(tournament, turn, a, b)
        if problems and not confirmed:
            raise NeedsConfirmation(" ".join(problems))
        lines = _lines_of(tournament, turn, teams, rests)
        tables = _exchange(turn, lines, {a: b, b: a})
        for bye in turn.byes.filter(team__number__in=(a, b)):
            bye.team = teams[b if bye.team.number == a else a]
            bye.save(update_fields=["team"])
        _drop_unused_lines(tournament, turn, teams, rests)
        tables_reseated(tables)
        order = [b if n == a else a if n == b else n for n in turn.order]
        if order != list(turn.order):
            turn.order = order
            turn.save(update_fields=["order"])
        audit(
            tournament,
            "swap",
            user=user,
            target=f"turn {turn.number}",
            old={"teams": [a, b]},
            new={"teams": [b, a], "forced": problems},
            reason="; ".join(problems),
        )
        touch_tournament(tournament.pk)
    return problems


def _lines_of(tournament, turn: Turn, teams: dict, rests: set[int]) -> dict:
    """(team, line) -> the Line of each swapped team in `turn`; a resting team's lines are
    made from its line-up, since it is about to play."""
    lines = {
        (p.team.number, p.number % 10): p
        for p in Line.objects.filter(
            tournament=tournament, line_turn=turn.number, team__in=teams.values()
        ).select_related("team")
    }
    playing = [n for n in rests if (n, 1) not in lines]
    if playing:
        lines.update(create_lines(tournament, turn.number, teams, playing))
    return lines


def _exchange(turn: Turn, lines: dict, other: dict[int, int]) -> list[Table]:
    """Seat each swapped team's line where the other team's line of the same rank sat."""
    changed = []
    for table in turn.tables.select_related("ns__team", "ew__team"):
        moved = False
        for side in ("ns", "ew"):
            line = getattr(table, side)
            if line.team.number in other:
                setattr(table, side, lines[(other[line.team.number], line.number % 10)])
                moved = True
        if moved:
            table.save(update_fields=["ns", "ew"])
            changed.append(table)
    return changed


def _drop_unused_lines(tournament, turn: Turn, teams: dict, rests: set[int]) -> None:
    """The lines of the team that now rests sit at no table: removed (kept when a phone's
    report still names them: they stay harmless, at no table)."""
    now_resting = [team for n, team in teams.items() if n not in rests]
    if len(rests) != 1:
        return
    try:
        with transaction.atomic():
            Line.objects.filter(
                tournament=tournament, line_turn=turn.number, team__in=now_resting
            ).delete()
    except (ProtectedError, RestrictedError):
        pass


def outcome_data(outcome) -> dict:
    """A seated turn of a team event as the `turn_seat --json` output: matches with their
    two tables (lines as player numbers), team byes, repeated matches."""
    tables = {t.number: t for t in outcome.tables}
    matches = []
    for number in sorted(n for n in tables if n % 2 == 1):
        open_t, closed_t = tables[number], tables.get(number + 1)
        matches.append(
            {
                "match": (number + 1) // 2,
                "team_a": open_t.ns.team.number,
                "team_b": open_t.ew.team.number,
                "tables": [
                    {
                        "table": t.number,
                        "ns": [t.ns.player1.number, t.ns.player2.number],
                        "ew": [t.ew.player1.number, t.ew.player2.number],
                    }
                    for t in (open_t, closed_t)
                    if t is not None
                ],
            }
        )
    return {
        "turn": outcome.turn.number,
        "movement": outcome.turn.movement,
        "matches": matches,
        "byes": [{"team": b.team.number, "vp": b.vp, "mp": b.mp} for b in outcome.byes],
        "repeats": [list(r) for r in outcome.repeats],
        "rest_again": outcome.rest_again,
        **(
            {"first_seating": recorded_report(outcome.turn.tournament_id)}
            if outcome.turn.number == 1
            else {}
        ),
    }


def outcome_text(outcome) -> list[str]:
    data = outcome_data(outcome)
    out = [f"Turn {data['turn']} ({data['movement']}): {len(data['matches'])} matches"]
    for m in data["matches"]:
        tables = ", ".join(str(t["table"]) for t in m["tables"])
        out.append(
            f"  match {m['match']:>3}: team {m['team_a']} v team {m['team_b']} (tables {tables})"
        )
    out += [f"  rests: team {b['team']} ({b['vp']} VP, +{b['mp']} MP)" for b in data["byes"]]
    out += [f"  meet again (no seating avoids it): team {a} v team {b}" for a, b in data["repeats"]]
    if "first_seating" in data:
        out += report_lines(data["first_seating"])
    return out

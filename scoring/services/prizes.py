"""Prizes (premi): the referee's list, stored and assigned by the rules
(`scoring.rules.prizes`) on the standings per group (docs/national.md, "Prizes")."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.kinds.individual.standings import player_standings, player_standings_range
from scoring.kinds.teams.matches import standing_records, team_players
from scoring.models import Prize
from scoring.rules import prizes as rules
from scoring.services.standings import groups_in_force, standing_inputs
from tournaments.errors import Refused, rule_refusal
from tournaments.kinds import kind_of
from tournaments.models import Tournament, audit, touch
from tournaments.movements.groups import group_phase
from tournaments.rules.messages import RuleError
from tournaments.services import groups as groups_service
from tournaments.services.imports import ImportFileError, read_numbered_rows

MAX_PRIZES = 500


def _rule(prize: Prize) -> rules.Prize:
    turns = (prize.from_turn, prize.to_turn) if prize.from_turn else None
    return rules.Prize(prize.label, prize.group or None, prize.place, turns, prize.club or None)


class PrizeListRefused(Refused):
    """A prize list refused row by row: `problems` holds (row, message in the reader's
    language) for every row refused, in row order; nothing is saved."""

    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        self.rows = {row for row, _message in problems}
        lines = [_("row %(row)d: %(problem)s") % {"row": r, "problem": m} for r, m in problems]
        super().__init__(_("The prize list has errors: %(rows)s.") % {"rows": "; ".join(lines)})


def _checked(found: rules.PrizeList) -> list[rules.Prize]:
    if found.problems:
        raise PrizeListRefused(
            [(row, _(message) % params) for row, message, params in found.problems]
        )
    if not found.prizes:
        raise Refused(_("The prize list is empty."))
    if len(found.prizes) > MAX_PRIZES:
        raise Refused(_("At most %(n)d prizes.") % {"n": MAX_PRIZES})
    return list(found.prizes)


def _group_names(tournament: Tournament) -> list[str] | None:
    return list(groups_in_force(tournament, None)) or None


def read_prize_file(tournament: Tournament, name: str, data: bytes) -> list[rules.Prize]:
    """The prize list of a CSV or XLSX file (`group,place,prize[,turns][,club]`); refused
    with every faulty row's number."""
    try:
        rows = read_numbered_rows(name, data)
    except ImportFileError as exc:
        raise Refused(str(exc)) from None
    return _checked(
        rules.read_prizes(rows, turns=tournament.turns, groups=_group_names(tournament))
    )


def read_prize_rows(tournament: Tournament, rows) -> list[rules.Prize]:
    """The prize list of the desk's table: rows of cells (group, place, prize, turns, club)
    numbered from 1 as the table shows them (blank rows keep their number); commas are
    plain text. Refused with every faulty row's number."""
    found = rules.read_prizes(
        rows, turns=tournament.turns, groups=_group_names(tournament), header=False
    )
    return _checked(found)


def stored_prizes(tournament: Tournament) -> list[rules.Prize]:
    """The tournament's prize list as saved, the most valuable first."""
    return [_rule(p) for p in Prize.objects.filter(tournament=tournament)]


def editor_row(prize: rules.Prize) -> dict[str, str]:
    """One prize as the desk's table shows it (every cell text)."""
    turns = prize.turns
    return {
        "group": prize.group or "",
        "place": str(prize.place),
        "prize": prize.label,
        "turns": "" if turns is None else f"{turns[0]}-{turns[1]}",
        "club": prize.club or "",
    }


def federal_proposal(tournament: Tournament) -> list[rules.Prize]:
    """The usual list of a federal tournament for the referee to edit (nothing saved): per
    group the first three and a technical prize over the turns in groups; the groups set,
    else those the groups page proposes; without groups the first three of the field."""
    span = group_phase(tournament.plan)
    names = list(groups_in_force(tournament, None))
    if span is not None and not names:
        try:
            names = [g.name for g in groups_service.cut(tournament).groups]
        except Refused:
            names = []

    def label(group: str | None, place: int | None) -> str:
        if place is None:  # the turns are shown beside it everywhere
            return _("Technical prize, group %(group)s") % {"group": group}
        if group is None:
            return _("Place %(place)d") % {"place": place}
        return _("Place %(place)d, group %(group)s") % {"place": place, "group": group}

    return rules.federal_list(names, span, label)


def set_prizes(tournament: Tournament, prizes: list[rules.Prize], user=None) -> None:
    """Replace the tournament's prize list (in value order, the most valuable first)."""
    try:
        rules.check_order(prizes)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    with transaction.atomic():
        old = [_row(p) for p in Prize.objects.filter(tournament=tournament)]
        Prize.objects.filter(tournament=tournament).delete()
        Prize.objects.bulk_create(
            Prize(
                tournament=tournament,
                position=i,
                label=p.label,
                group=p.group or "",
                place=p.place,
                from_turn=p.turns[0] if p.turns else None,
                to_turn=p.turns[1] if p.turns else None,
                club=p.club or "",
            )
            for i, p in enumerate(prizes, start=1)
        )
        audit(
            tournament, "prizes", user=user, old=old or None, new=[_row(_model(p)) for p in prizes]
        )
        touch(tournament.pk)


def _model(p: rules.Prize) -> Prize:
    return Prize(
        label=p.label,
        group=p.group or "",
        place=p.place,
        from_turn=p.turns[0] if p.turns else None,
        to_turn=p.turns[1] if p.turns else None,
        club=p.club or "",
    )


def _row(p: Prize) -> list:
    turns = f"{p.from_turn}-{p.to_turn}" if p.from_turn else ""
    return [p.group, p.place, p.label, turns, p.club]


@dataclass
class AwardRow:
    """One line of the prize list as shown and exported."""

    group: str | None
    place: int
    prize: str
    turns: str | None  # "9-11" for a technical prize
    club: str | None
    pair: int | None  # the entrant's number: a pair's, or a player's in an individual event
    players: str  # "" when no entrant takes it
    passed_over: tuple[int, ...]
    passed_over_names: tuple[str, ...] = ()  # "85 Rossi Mario – Bianchi Anna", in that order
    entrant_key: str = "pair"  # the contract's key of the entrant: "pair" or "player"

    def as_json(self) -> dict:
        """The contract's row (`prizes S --json`); "club" only for a club prize; the entrant
        under `pair` (pairs events) or `player` (individual events)."""
        row = {
            "group": self.group,
            "place": self.place,
            "prize": self.prize,
            "turns": self.turns,
            self.entrant_key: self.pair,
        }
        if self.club:
            row["club"] = self.club
        return row


@dataclass
class PrizeField:
    """Who competes for the prizes, as the event's kind sees its entrants: the rankings the
    prizes need (`rules.rankings_for`'s keys), each entrant's name for a reader, club and
    whether it has withdrawn (no prize then)."""

    rankings: dict
    names: dict[int, str]
    clubs: dict[int, str | None]
    ineligible: set[int]
    entrant_key: str = "pair"


def withdrawn_early(entrants, turns: int) -> set[int]:
    """The numbers of the entrants withdrawn before the last turn (they take no prize)."""
    return {
        e.number
        for e in entrants
        if e.withdrawn_after_turn is not None and e.withdrawn_after_turn < turns
    }


def pairs_field(tournament: Tournament, prizes: list[rules.Prize]) -> PrizeField:
    """The pairs' field: the standings per group, a range of turns inside the group."""
    pairs = {p.number: p for p in tournament.lines.select_related("player1", "player2")}
    groups = groups_in_force(tournament, None)
    matches, byes, penalties = standing_inputs(tournament)
    known = [p for p in prizes if p.group is None or p.group in groups]
    rankings = rules.rankings_for(
        known, pairs, matches, byes, penalties, groups=groups, tiebreaks=tournament.tiebreaks
    )
    return PrizeField(
        rankings=rankings,
        names={n: f"{p.player1.name} – {p.player2.name}" for n, p in pairs.items()},
        clubs={n: rules.pair_club((p.player1.club, p.player2.club)) for n, p in pairs.items()},
        ineligible=withdrawn_early(pairs.values(), tournament.turns),
    )


def players_field(tournament: Tournament, prizes: list[rules.Prize]) -> PrizeField:
    """An individual event's field: the players' standings (group by group once the groups
    are set: a prize of a group goes down that group's ranking; a group not set yet leaves it
    unassigned), a technical prize over a range of turns on the players' ranking of those
    turns (Art. 2: the partnership changes every turn, the prize is the player's)."""
    players = {p.number: p for p in tournament.players.exclude(number=None)}
    overall = player_standings(tournament)
    members: dict[str, set[int]] = {}
    for row in overall:
        if row.group is not None:
            members.setdefault(row.group, set()).add(row.pair)
    rankings: dict = {}
    for prize in prizes:
        key = (prize.group, prize.turns)
        if key in rankings or (prize.group is not None and prize.group not in members):
            continue
        rows = overall if prize.turns is None else player_standings_range(tournament, *prize.turns)
        inside = members.get(prize.group)
        rankings[key] = [row.pair for row in rows if inside is None or row.pair in inside]
    return PrizeField(
        rankings=rankings,
        names={n: p.name for n, p in players.items()},
        clubs={n: p.club or None for n, p in players.items()},
        ineligible=withdrawn_early(players.values(), tournament.turns),
        entrant_key="player",
    )


def teams_field(tournament: Tournament, prizes: list[rules.Prize]) -> PrizeField:
    """A team event's field: the teams on their matches, per group once the groups (gironi)
    are set (a prize of a group not set yet stays unassigned), named by their name, their club
    the one all their players share."""
    teams = {t.number: t for t in tournament.teams.all()}
    players = team_players(tournament)
    groups = groups_in_force(tournament, None)
    known = [p for p in prizes if p.group is None or p.group in groups]
    rankings = rules.rankings_for(
        known, teams, *standing_records(tournament), groups=groups, tiebreaks=tournament.tiebreaks
    )
    return PrizeField(
        rankings=rankings,
        names={n: t.name for n, t in teams.items()},
        clubs={n: rules.pair_club(p.club for p in players.get(n, [])) for n in teams},
        ineligible=withdrawn_early(teams.values(), tournament.turns),
        entrant_key="team",
    )


def prize_list(tournament: Tournament) -> list[AwardRow]:
    """The prizes and who takes them, now (a fixed number of queries). A prize of a group
    not set yet stays unassigned. The kind of event says who competes (`prize_field`)."""
    prizes = [_rule(p) for p in Prize.objects.filter(tournament=tournament)]
    if not prizes:
        return []
    try:
        field = kind_of(tournament).prize_field(tournament, prizes)
        awards = rules.assign(
            prizes,
            field.rankings,
            clubs=field.clubs,
            ineligible=field.ineligible,
            exclusive=not tournament.prizes_cumulate,
        )
    except RuleError as exc:
        raise rule_refusal(exc) from None
    rows = []
    for award in awards:
        data = award.as_json()
        rows.append(
            AwardRow(
                group=data["group"],
                place=data["place"],
                prize=data["prize"],
                turns=data["turns"],
                club=data["club"],
                pair=award.pair,
                players=field.names.get(award.pair, "") if award.pair is not None else "",
                passed_over=award.passed_over,
                passed_over_names=tuple(
                    f"{n} {field.names[n]}" if n in field.names else str(n)
                    for n in award.passed_over
                ),
                entrant_key=field.entrant_key,
            )
        )
    return rows

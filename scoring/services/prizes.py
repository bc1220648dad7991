"""Prizes (premi): the referee's list, stored and assigned by the rules
(`scoring.rules.prizes`) on the standings per group (docs/national.md, "Prizes")."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import Prize
from scoring.rules import prizes as rules
from scoring.services import teams as team_scores
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
    if tournament.is_individual:  # prizes go to pairs (docs/individual-and-teams.md)
        raise Refused(_("Prize lists are not wired for individual events yet."))
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
    pair: int | None  # the entrant who takes it: a pair, or a team in a team event
    players: str  # "" when no one takes it
    passed_over: tuple[int, ...]
    passed_over_names: tuple[str, ...] = ()  # "85 Rossi Mario – Bianchi Anna", in that order
    key: str = "pair"  # what the entrant is called in the JSON: pair, player, team

    def as_json(self) -> dict:
        """The contract's row (`prizes S --json`); "club" only for a club prize; the entrant
        under the kind's key (`pair`, `team`)."""
        row = {
            "group": self.group,
            "place": self.place,
            "prize": self.prize,
            "turns": self.turns,
            self.key: self.pair,
        }
        if self.club:
            row["club"] = self.club
        return row


@dataclass
class PrizeField:
    """What the prizes read of a kind's entrants: their numbers, how each is named, its club,
    who may take no prize (withdrawn before the end), and the standings' records."""

    names: dict[int, str]  # number -> "Rossi Mario – Bianchi Anna" / the team's name
    clubs: dict[int, str | None]
    ineligible: set[int]
    records: tuple  # (matches, byes, penalties) as the standings read them
    groups: dict


def pairs_field(tournament: Tournament) -> PrizeField:
    """The prize field of a pairs event: its pairs, within the groups once they are set."""
    pairs = {p.number: p for p in tournament.pairs.select_related("player1", "player2")}
    return PrizeField(
        names={n: f"{p.player1.name} – {p.player2.name}" for n, p in pairs.items()},
        clubs={n: rules.pair_club((p.player1.club, p.player2.club)) for n, p in pairs.items()},
        ineligible=withdrawn(tournament, pairs.values()),
        records=standing_inputs(tournament),
        groups=groups_in_force(tournament, None),
    )


def teams_field(tournament: Tournament) -> PrizeField:
    """The prize field of a team event: a team named by its name, its club the one all its
    players with a club belong to, none in a group; a withdrawn team takes no prize."""
    teams = list(tournament.teams.all())
    players = team_scores.team_players(tournament)
    return PrizeField(
        names={t.number: t.name for t in teams},
        clubs={t.number: rules.pair_club(p.club for p in players.get(t.number, [])) for t in teams},
        ineligible=withdrawn(tournament, teams),
        records=team_scores.standing_records(tournament),
        groups={},
    )


def withdrawn(tournament: Tournament, entrants) -> set[int]:
    """The entrants that left before the last turn: they take no prize."""
    return {
        e.number
        for e in entrants
        if e.withdrawn_after_turn is not None and e.withdrawn_after_turn < tournament.turns
    }


def prize_list(tournament: Tournament) -> list[AwardRow]:
    """The prizes and who takes them, now (a fixed number of queries). A prize of a group
    not set yet stays unassigned. The kind says who the entrants are (`prize_field`)."""
    prizes = [_rule(p) for p in Prize.objects.filter(tournament=tournament)]
    if not prizes:
        return []
    kind = kind_of(tournament)
    field = kind.prize_field(tournament)
    known = [p for p in prizes if p.group is None or p.group in field.groups]
    try:
        rankings = rules.rankings_for(
            known,
            field.names,
            *field.records,
            groups=field.groups,
            tiebreaks=tournament.tiebreaks,
        )
        awards = rules.assign(
            prizes,
            rankings,
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
                passed_over_names=tuple(_label(field, n) for n in award.passed_over),
                key=kind.entrant_key,
            )
        )
    return rows


def _label(field: PrizeField, number: int) -> str:
    """An entrant named for a reader: its number and its players (or name)."""
    name = field.names.get(number)
    return f"{number} {name}" if name else str(number)

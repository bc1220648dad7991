"""Groups (gironi) of the Danish in groups: cut from the standings, reset, read back.

The rules are `tournaments.movements.groups`; this module reads the models, hands them plain
data and writes the outcome back atomically. Every refusal raises `Refused` before anything
changes (docs/national.md, "Danish in groups").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Refused, rule_refusal
from tournaments.kinds import kind_of
from tournaments.models import GROUP_WORDS, Group, Table, Tournament, audit, touch
from tournaments.movements import groups as rules
from tournaments.rules.messages import RuleError

TABLES_PER_GROUP = 8  # the default proposal: equal groups of about 8 tables (the exam: 50 in 6)


def phase(tournament: Tournament) -> tuple[int, int] | None:
    """(first, last) turn played in groups, None when the plan has none."""
    return rules.group_phase(tournament.plan)


def groups_of(tournament: Tournament) -> tuple[rules.Group, ...]:
    """The tournament's groups as the rules know them, A first (one query)."""
    return tuple(
        rules.Group(g.name, g.tables, g.first_table, tuple(g.pairs))
        for g in Group.objects.filter(tournament=tournament).order_by("name")
    )


def groups_map(tournament: Tournament) -> dict[str, list[int]]:
    """Group name -> its pairs (best first when cut), A first; empty before the groups."""
    return {g.name: list(g.pairs) for g in groups_of(tournament)}


@dataclass
class Cut:
    """What the desk shows before the groups are set: the ranking and where it is cut."""

    first_turn: int  # the first turn in groups
    ranking: list  # standings rows of the pairs present, best first
    groups: tuple[rules.Group, ...]  # the groups proposed or set
    tables: int  # tables the pairs present need
    ready: bool  # every turn before the groups has its results
    locked: bool  # a turn in groups is seated: the groups can no longer change
    is_set: bool


def _seated(tournament: Tournament) -> tuple[int, bool]:
    """(last seated turn number, whether it has every result), two queries at most."""
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first() or 0
    missing = (
        last
        and Table.objects.filter(
            turn__tournament=tournament, turn__number=last, ns_vp__isnull=True
        ).exists()
    )
    return last, not missing


def cut(tournament: Tournament, *, sizes=None, count: int | None = None) -> Cut:
    """The ranking after the last turn over the whole field and its cut into groups: the
    groups set, else those `sizes` or `count` give, else equal groups of about
    8 tables."""
    span = phase(tournament)
    if span is None:
        raise Refused(_("This tournament's plan has no turns in groups."))
    first = span[0]
    last, complete = _seated(tournament)
    kind = kind_of(tournament)
    present = kind.entrants_present(tournament, first)
    ranking = [r for r in kind.ranking_for_seating(tournament, first - 1) if r.pair in present]
    seats, step = kind.group_seats, kind.group_step
    tables = step * -(-len(ranking) // (seats * step))
    current = groups_of(tournament)
    if current and sizes is None and count is None:
        proposed = current
    elif sizes is None and count is None:
        # only a proposal: a field too small for two-table groups shows none (no refusal)
        count = max(1, min(len(rules.NAMES), round(tables / TABLES_PER_GROUP)))
        try:
            proposed = rules.split_groups(
                [r.pair for r in ranking], count=count, seats=seats, step=step
            )
        except RuleError:
            proposed = ()
    else:
        try:
            proposed = rules.split_groups(
                [r.pair for r in ranking], sizes=sizes, count=count, seats=seats, step=step
            )
        except RuleError as exc:
            raise rule_refusal(exc) from None
    return Cut(
        first_turn=first,
        ranking=ranking,
        groups=proposed,
        tables=tables,
        ready=last == first - 1 and complete,
        locked=last >= first,
        is_set=bool(current),
    )


def set_groups(tournament: Tournament, *, sizes=None, count=None, user=None) -> Cut:
    """Cut the standings into groups by `sizes` (in tables, "7,9,9" or a list) or into
    `count` equal groups; replaces groups not played yet."""
    if isinstance(sizes, str):
        try:
            sizes = rules.parse_sizes(sizes)
        except RuleError as exc:
            raise rule_refusal(exc) from None
    if sizes is None and count is None:
        raise Refused(_("Give the groups' sizes in tables or their number."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        result = cut(tournament, sizes=sizes, count=count)
        _check_open(result)
        if not result.ready:
            raise Refused(
                _(
                    "The groups are cut from the standings after turn %(turn)d: seat it and "
                    "enter all its results first."
                )
                % {"turn": result.first_turn - 1}
            )
        old = {g.name: g.pairs for g in Group.objects.filter(tournament=tournament)}
        Group.objects.filter(tournament=tournament).delete()
        Group.objects.bulk_create(
            Group(
                tournament=tournament,
                name=g.name,
                tables=g.tables,
                first_table=g.first_table,
                pairs=list(g.pairs),
                before_turn=result.first_turn,
            )
            for g in result.groups
        )
        audit(
            tournament,
            "groups",
            user=user,
            target=f"turn {result.first_turn}",
            old=old or None,
            new={g.name: list(g.pairs) for g in result.groups},
        )
        touch(tournament.pk)
    result.is_set = True
    return result


def reset_groups(tournament: Tournament, user=None) -> None:
    """Remove the groups while none of their turns is seated."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        span = phase(tournament)
        if span is None:
            raise Refused(_("This tournament's plan has no turns in groups."))
        last, _complete = _seated(tournament)
        if last >= span[0]:
            raise Refused(_locked_message(span[0]))
        old = {g.name: g.pairs for g in Group.objects.filter(tournament=tournament)}
        if not old:
            raise Refused(_("The groups are not set."))
        Group.objects.filter(tournament=tournament).delete()
        audit(tournament, "groups-reset", user=user, old=old)
        touch(tournament.pk)


def _locked_message(first: int) -> str:
    return _("Turn %(turn)d, the first in groups, is seated: the groups can no longer change.") % {
        "turn": first
    }


def _check_open(result: Cut) -> None:
    if result.locked:
        raise Refused(_locked_message(result.first_turn))


def check_groups_set(tournament: Tournament, number: int) -> tuple[rules.Group, ...]:
    """The groups for seating turn `number` in groups; refused before they are set."""
    found = groups_of(tournament)
    if not found:
        raise Refused(
            _(
                "Turn %(turn)d is played in groups: set the groups first (desk, Groups; or "
                "groups_set)."
            )
            % {"turn": number}
        )
    return found


def label_tables(tournament: Tournament | int, turn, tables, byes=()) -> None:
    """Set `group` (its name, or "") on each table and bye of a turn in groups, for the
    seating lists' group headers (one query; nothing for other turns)."""
    found = groups_of(tournament) if turn.movement in GROUP_WORDS else ()
    by_table = {n: g.name for g in found for n in range(g.first_table, g.last_table + 1)}
    by_pair = group_of_pairs(found)
    for table in tables:
        table.group = by_table.get(table.number, "")
    for bye in byes:
        bye.group = by_pair.get(bye.pair.number, "") if bye.pair else ""  # a player's rest: ""


def group_of_pairs(found) -> dict[int, str]:
    return rules.group_of(found)

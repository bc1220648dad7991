"""The next turn of a tournament, whatever its kind: its number, and whether it may be seated
(the pairs, individual and team seatings all ask here first)."""

from __future__ import annotations

from django.db import IntegrityError
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.models import Table, Tournament, Turn, touch
from tournaments.signals import tables_reseated as tables_reseated_signal


def next_turn_number(tournament: Tournament) -> int:
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def next_seatable_turn(tournament: Tournament) -> int:
    """The next turn's number, or a refusal: every planned turn seated, or results missing in
    the previous turn (every kind of event)."""
    number = next_turn_number(tournament)
    if number > tournament.turns:
        raise Refused(_("All %(n)d planned turns are already seated.") % {"n": tournament.turns})
    if number > 1:
        missing = list(
            Table.objects.filter(
                turn__tournament=tournament, turn__number=number - 1, ns_vp__isnull=True
            ).values_list("number", flat=True)
        )
        if missing:
            raise Refused(
                _("Turn %(turn)d still lacks the results of tables %(tables)s.")
                % {"turn": number - 1, "tables": ", ".join(map(str, missing))}
            )
    return number


def new_turn(tournament: Tournament, number: int, movement: str, order, repeats) -> Turn:
    """The turn's row (inside the seating's transaction): a second seating of the same turn,
    racing this one, is refused by the unique number."""
    try:
        return Turn.objects.create(
            tournament=tournament, number=number, movement=movement, order=order, repeats=repeats
        )
    except IntegrityError:
        raise Refused(_("Turn %(turn)d was seated meanwhile.") % {"turn": number}) from None


def turn_seated(tournament: Tournament) -> None:
    """After a seating: the tournament runs, and the players' open pages refresh."""
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    touch(tournament.pk)


def tables_reseated(tables) -> None:
    """Who sits at these tables changed after the seating (a swap, a new line-up): a result a
    phone entered there no longer means anything. Each table's version moves on, so such a
    result can never be confirmed, and the signal `tables_reseated` lets the scoring app,
    which keeps the phones' reports, show them as replaced."""
    ids = sorted({t.pk for t in tables})
    Table.objects.filter(pk__in=ids).update(version=F("version") + 1)
    tables_reseated_signal.send(sender=Table, table_ids=ids)


def check_no_results(turn: Turn) -> None:
    """A turn's seating changes (undone, a swap) only while it has no result."""
    if turn.tables.filter(ns_vp__isnull=False).exists():
        raise Refused(
            _("Turn %(n)d already has results: its seating cannot change.") % {"n": turn.number}
        )


def swap_in_order(turn: Turn, a: int, b: int) -> None:
    """Two entrants swapped in a seated turn change places in the turn's order too (the order
    the next Danish turn and the reports read), when both are in it."""
    order = list(turn.order)
    if a in order and b in order:
        i, j = order.index(a), order.index(b)
        order[i], order[j] = b, a
        turn.order = order
        turn.save(update_fields=["order"])

"""The steps the unified commands share whatever the kind of event (withdraw, swap,
table_ruling --guilty): each kind's hooks (scoring/kinds) hand them their own services."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.services.logtext import write_log
from tournaments.errors import Refused
from tournaments.models import Table, Tournament
from tournaments.services.lookup import last_turn, turn_by_number


def check_after_turn(tournament: Tournament, after_turn: int | None) -> None:
    """A withdrawal takes effect after the last seated turn: `after_turn`, when given, must
    be that turn (a script that says which turn it means is told when the desk moved on)."""
    if after_turn is None:
        return
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first() or 0
    if after_turn != last:
        raise Refused(
            _("A withdrawal takes effect after the last seated turn (%(n)d), not after %(t)d.")
            % {"n": last, "t": after_turn}
        )


def clean_reason(reason: str | None) -> str:
    reason = " ".join((reason or "").split())[:500]
    if not reason:
        raise Refused(_("A ruling needs a reason."))
    return reason


def swap_in_turn(
    tournament: Tournament,
    turn_number: int,
    a: int,
    b: int,
    *,
    reason: str,
    force: bool,
    user,
    swapper: Callable[..., list[str]],
) -> list[str]:
    """Swap two entrants of the last seated turn with the kind's `swapper` (which refuses a
    turn with a result and, unless confirmed, a swap against the rules), and write it in the
    referee's log with the reason and the rules it breaks; all or nothing."""
    reason = clean_reason(reason)
    turn = turn_by_number(tournament, turn_number)
    last = last_turn(tournament)
    if turn.number != last.number:
        raise Refused(
            _("Turn %(t)d is not the last seated turn (%(n)d): only its seating can change.")
            % {"t": turn.number, "n": last.number}
        )
    with transaction.atomic():
        problems = [str(p) for p in swapper(tournament, a, b, confirmed=force, user=user)]
        write_log(
            tournament,
            user=user,
            turn=turn.number,
            pairs=[a, b],
            code="swap",
            event="swap",
            params={
                "kind": tournament.kind,
                "a": a,
                "b": b,
                "reason": reason,
                "problems": problems,
            },
        )
    return problems


def table_of(tournament: Tournament, turn_number: int, table_number: int) -> Table:
    """A match of a seated turn, with its lines and their players."""
    turn = turn_by_number(tournament, turn_number)
    table = (
        Table.objects.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
        .filter(turn=turn, number=table_number)
        .first()
    )
    if table is None:
        raise Refused(
            _("Table %(t)d is not a match of turn %(turn)d.")
            % {"t": table_number, "turn": turn_number}
        )
    return table

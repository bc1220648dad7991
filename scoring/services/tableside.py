"""Results from the tables (Art. 30 made digital): one line enters the result on a phone with
the table's code and its pair's PIN, the other line confirms or rejects it with its own PIN.

The server checks who is who: the confirming pair must be the other line of that very table,
never the pair that entered; wrong PINs are rate-limited per table and per address; a code
stops working once the next turn is seated. Confirmed results count at once, or after the
referee's approval when the tournament says so.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import PinAttempt, TableReport
from scoring.services.results import Entry, check_points, record_scores
from tournaments.errors import Refused
from tournaments.models import Pair, Table, Tournament

WINDOW = timedelta(minutes=10)
MAX_FAILS_PER_TABLE = 5
MAX_FAILS_PER_ADDRESS = 15


class UnknownCode(Refused):
    """No table has this code."""


def table_by_code(code: str, *, lock: bool = False) -> Table:
    qs = Table.objects.select_related(
        "turn__tournament", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
    )
    if lock:
        qs = qs.select_for_update()
    table = qs.filter(code=(code or "").strip().upper()).first()
    if table is None:
        raise UnknownCode(_("Unknown table code: check the code on the score sheet."))
    tournament = table.turn.tournament
    if not tournament.table_entry:
        raise Refused(_("In this tournament the results are handed to the referee on paper."))
    if tournament.turn_set.filter(number__gt=table.turn.number).exists():
        raise Refused(_("This turn is closed: the code no longer works. Ask the referee."))
    return table


def _check_rate(table: Table, address: str | None) -> None:
    since = timezone.now() - WINDOW
    if PinAttempt.objects.filter(table=table, at__gte=since).count() >= MAX_FAILS_PER_TABLE:
        raise Refused(
            _("Too many wrong PINs at this table: wait a few minutes or call the referee.")
        )
    if (
        address
        and PinAttempt.objects.filter(address=address, at__gte=since).count()
        >= MAX_FAILS_PER_ADDRESS
    ):
        raise Refused(_("Too many wrong PINs from this device: wait a few minutes."))


class WrongPin(Refused):
    def __init__(self, message: str, table: Table):
        super().__init__(message)
        self.table = table


def _remembering_wrong_pins(function):
    """A wrong PIN is remembered outside the refused transaction (which rolls back)."""
    import functools

    @functools.wraps(function)
    def wrapper(*args, address: str | None = None, **kwargs):
        try:
            return function(*args, address=address, **kwargs)
        except WrongPin as exc:
            PinAttempt.objects.create(table=exc.table, address=address)
            raise Refused(exc.message) from None

    return wrapper


def _pair_with_pin(table: Table, line: str, pin: str, address: str | None) -> Pair:
    """The pair of `line` at this table if `pin` is its PIN."""
    _check_rate(table, address)
    if line not in ("ns", "ew"):
        raise Refused(_("Choose your line: N-S or E-W."))
    pair = table.ns if line == "ns" else table.ew
    if not hmac.compare_digest(str(pin or "").strip().encode(), pair.pin.encode()):
        raise WrongPin(_("Wrong PIN for pair %(n)d.") % {"n": pair.number}, table)
    return pair


def pending(table: Table) -> TableReport | None:
    return table.reports.filter(status=TableReport.Status.ENTERED).first()


@_remembering_wrong_pins
def submit(
    code: str,
    line: str,
    pin: str,
    ns: object,
    ew: object,
    *,
    deals=None,
    address: str | None = None,
) -> TableReport:
    """One line enters the table's result; it waits for the other line's confirmation."""
    ns_points = check_points(ns, _("N-S"))
    ew_points = check_points(ew, _("E-W"))
    with transaction.atomic():
        table = table_by_code(code, lock=True)
        pair = _pair_with_pin(table, line, pin, address)
        if table.has_result:
            raise Refused(
                _(
                    "This table's result is already recorded (%(ns)s–%(ew)s): to "
                    "change it, call the referee."
                )
                % {"ns": table.ns_points, "ew": table.ew_points}
            )
        previous = pending(table)
        conflict = bool(
            previous
            and previous.entered_by_id != pair.pk
            and (previous.ns_points, previous.ew_points) != (ns_points, ew_points)
        )
        table.reports.filter(
            status__in=[TableReport.Status.ENTERED, TableReport.Status.REJECTED]
        ).update(status=TableReport.Status.SUPERSEDED)
        return TableReport.objects.create(
            table=table,
            ns_points=ns_points,
            ew_points=ew_points,
            deals=deals or [],
            entered_by=pair,
            conflict=conflict,
        )


@_remembering_wrong_pins
def answer(
    code: str, pin: str, *, accept: bool, note: str = "", address: str | None = None
) -> TableReport:
    """The other line confirms (or rejects) the pending result with its pair's PIN."""
    with transaction.atomic():
        table = table_by_code(code, lock=True)  # one confirmation at a time per table
        report = pending(table)
        _check_rate(table, address)  # before anything tells a PIN apart
        if report is None:
            raise Refused(_("There is no result waiting for confirmation at this table."))
        line = "ew" if report.entered_by_id == table.ns_id else "ns"
        other = table.ns if report.entered_by_id == table.ns_id else table.ew
        if hmac.compare_digest(str(pin or "").strip().encode(), other.pin.encode()):
            raise Refused(
                _("The pair that entered the result cannot confirm it: the other line confirms.")
            )
        pair = _pair_with_pin(table, line, pin, address)
        report.answered_by, report.answered_at = pair, timezone.now()
        if not accept:
            report.status = TableReport.Status.REJECTED
            report.note = " ".join(note.split())[:500]
            report.save()
            return report
        report.status = TableReport.Status.CONFIRMED
        report.save()
        tournament = table.turn.tournament
        if not tournament.approval_required:
            _record(tournament, report, user=None)
        return report


def _record(tournament: Tournament, report: TableReport, user) -> None:
    table = report.table
    record_scores(
        tournament,
        table.turn.number,
        [Entry(table.number, report.ns_points, report.ew_points, tuple(report.deals))],
        user=user,
        source="table",
        reason=_("entered by pair %(a)d, confirmed by pair %(b)d")
        % {"a": report.entered_by.number, "b": report.answered_by.number},
    )
    report.status = TableReport.Status.APPROVED
    report.save(update_fields=["status"])


def approve(tournament: Tournament, report_id: int, user) -> TableReport:
    """The referee accepts a result confirmed by both lines."""
    with transaction.atomic():
        report = (
            TableReport.objects.select_for_update(of=("self",))
            .select_related("table__turn", "entered_by", "answered_by")
            .filter(pk=report_id, table__turn__tournament=tournament)
            .first()
        )
        if report is None or report.status != TableReport.Status.CONFIRMED:
            raise Refused(_("This result is not waiting for approval any more."))
        _record(tournament, report, user)
    return report


@dataclass
class BoardRow:
    table: Table
    status: str  # waiting | entered | confirmed | rejected | approved | referee
    report: TableReport | None


def board(turn) -> list[BoardRow]:
    """Every table of the turn with where its result stands (a fixed number of queries)."""
    tables = list(turn.tables.select_related("ns", "ew"))
    latest: dict[int, TableReport] = {}
    for report in (
        TableReport.objects.filter(table__turn=turn)
        .exclude(status=TableReport.Status.SUPERSEDED)
        .select_related("entered_by", "answered_by")
        .order_by("table_id", "-entered_at", "-id")
    ):
        latest.setdefault(report.table_id, report)
    rows = []
    for t in tables:
        report = latest.get(t.pk)
        if t.has_result:
            status = "approved" if report and report.status == "approved" else "referee"
        elif report is None:
            status = "waiting"
        else:
            status = report.status
        rows.append(BoardRow(t, status, report))
    return rows

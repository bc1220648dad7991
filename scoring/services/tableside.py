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
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import PinAttempt, PinGuard, Submission, TableReport
from scoring.services.results import Entry, check_points, record_scores, refuse_at_the_table
from tournaments.errors import Refused
from tournaments.models import Line, Table, Tournament, audit

WINDOW = timedelta(minutes=10)
MAX_FAILS_PER_TABLE = 5
MAX_FAILS_PER_ADDRESS = 15


class NotStarted(Refused):
    """A table of a turn whose seating the referee has not published: it takes nothing."""


class UnknownCode(Refused):
    """No table has this code."""


class TooManyAttempts(Refused):
    """Too many wrong PINs: nothing is checked until `until` (HTTP 429 on the phone)."""

    def __init__(self, message: str, until):
        super().__init__(message)
        self.until = until


def referee_recorded() -> Refused:
    return Refused(
        _("The referee has already recorded this table: nothing was changed. Ask the referee.")
    )


def already_recorded(table: Table) -> Refused:
    """Why a table with a result takes no phone entry: the referee's or the phones' own."""
    last = table.changes.order_by("-id").values_list("source", flat=True).first()
    if last == "table":
        return Refused(
            _("This table's result is already recorded: to change it, call the referee.")
        )
    return referee_recorded()


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
    if table.turn.released_at is None:
        raise NotStarted(
            _(
                "Turn %(n)d has not started yet: the referee has not published its seating. "
                "Nothing can be entered until then."
            )
            % {"n": table.turn.number}
        )
    return table


def _fails(against: str, **where):
    """The wrong PINs of the window that still count against the table or the device."""
    since = timezone.now() - WINDOW
    unlocked = {"table": "table_unlocked", "device": "device_unlocked"}[against]
    return PinAttempt.objects.filter(at__gte=since, **{unlocked: False}, **where).order_by("-at")


def lock_ends(attempts, limit: int):
    """When a lock by these wrong PINs ends (None: not locked): the window after the
    `limit`-th most recent one."""
    times = list(attempts.values_list("at", flat=True)[:limit])
    return times[-1] + WINDOW if len(times) >= limit else None


def _check_rate(table: Table, address: str | None) -> None:
    """Refuse before any PIN is looked at while the table or the device is locked.

    The caller holds the table's row and the device's guard row (or, on SQLite, the write
    lock) until its transaction ends, so no parallel request counts in between."""
    until = lock_ends(_fails("table", table=table), MAX_FAILS_PER_TABLE)
    if until:
        raise TooManyAttempts(
            _("Too many wrong PINs at this table: try again after %(time)s or call the referee.")
            % {"time": _clock(until)},
            until,
        )
    until = address and lock_ends(_fails("device", address=address), MAX_FAILS_PER_ADDRESS)
    if until:
        raise TooManyAttempts(
            _("Too many wrong PINs from this device: try again after %(time)s.")
            % {"time": _clock(until)},
            until,
        )


def _clock(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def _hold_device(address: str | None) -> None:
    """Hold this device's guard row until the transaction ends (created the first time)."""
    if not address:
        return
    PinGuard.objects.bulk_create([PinGuard(address=address)], ignore_conflicts=True)
    list(PinGuard.objects.select_for_update().filter(address=address))


def _pin_matches(pin: object, pair: Line) -> bool:
    return hmac.compare_digest(str(pin or "").strip().encode(), pair.pin.encode())


def _guard(table: Table, address: str | None) -> None:
    """Hold the device's row and refuse, before any PIN is looked at, while the table or
    the device is locked."""
    _hold_device(address)
    _check_rate(table, address)


def _counted(table: Table, pair: Line, pin: object, address: str | None) -> bool:
    """Whether `pin` is the pair's PIN; a wrong one is counted in the caller's transaction."""
    if _pin_matches(pin, pair):
        return True
    PinAttempt.objects.create(table=table, address=address)
    return False


def _wrong_pin(table: Table, line: str) -> Refused:
    pair = table.ns if line == "ns" else table.ew
    # a pair by its number, a line by its players, a team's line by its team
    return Refused(table.turn.tournament.words.wrong_pin % {"who": pair.label})


def pending(table: Table) -> TableReport | None:
    return table.reports.filter(status=TableReport.Status.ENTERED).first()


OPEN = [TableReport.Status.ENTERED, TableReport.Status.CONFIRMED, TableReport.Status.REJECTED]


def remembered(table: Table, key) -> Submission | None:
    """The send this table's phones already made with this key (None: a new one)."""
    if not key:
        return None
    return Submission.objects.select_related("report", "pair").filter(table=table, key=key).first()


def _replay(done: Submission) -> TableReport:
    """The same key again: nothing is done twice, the answer is the one given the first time
    (the report, with `outcome` and `replayed` set); counted for the board."""
    Submission.objects.filter(pk=done.pk).update(
        replays=F("replays") + 1, replayed_at=timezone.now()
    )
    report = done.report
    report.outcome, report.replayed = done.outcome, True
    return report


def _remember(table: Table, key, outcome: str, report: TableReport, pair: Line) -> TableReport:
    """Keep what was done for this key (in the transaction that did it) and answer it."""
    if key:
        Submission.objects.create(table=table, key=key, outcome=outcome, report=report, pair=pair)
    report.outcome, report.replayed = outcome, False
    return report


def reused_form() -> Refused:
    return Refused(_("This form was already sent by the other line: reload the page."))


def submit(
    code: str,
    line: str,
    pin: str,
    ns: object,
    ew: object,
    *,
    deals=None,
    address: str | None = None,
    key=None,
) -> TableReport:
    """One line enters the table's result; it waits for the other line's confirmation.

    `key` is the submission key of the phone's form: once the PIN is right, a key already
    carried out gets the same answer again (the phone retries after a lost answer) and
    nothing is entered twice.

    A wrong PIN is counted in the same transaction that checks it (and kept: the refusal
    comes after the commit). A total the cards cannot produce is refused outright (Art. 29):
    the players cannot override it, only the referee records one."""
    ns_points = check_points(ns, _("N-S"))
    ew_points = check_points(ew, _("E-W"))
    refuse_at_the_table(table_by_code(code).turn.tournament, ns_points, ew_points)
    with transaction.atomic():
        table = table_by_code(code, lock=True)
        _guard(table, address)
        if line not in ("ns", "ew"):
            raise Refused(_("Choose your line: N-S or E-W."))
        pair = table.ns if line == "ns" else table.ew
        if _counted(table, pair, pin, address):
            done = remembered(table, key)
            if done:
                if done.pair_id != pair.pk:
                    raise reused_form()
                return _replay(done)
            if table.has_result:
                raise already_recorded(table)
            previous = pending(table)
            conflict = bool(
                previous
                and previous.entered_by_id != pair.pk
                and (previous.ns_points, previous.ew_points) != (ns_points, ew_points)
            )
            table.reports.filter(
                status__in=[TableReport.Status.ENTERED, TableReport.Status.REJECTED]
            ).update(status=TableReport.Status.SUPERSEDED)
            report = TableReport.objects.create(
                table=table,
                ns_points=ns_points,
                ew_points=ew_points,
                deals=deals or [],
                entered_by=pair,
                table_version=table.version,
                conflict=conflict,
            )
            return _remember(table, key, Submission.Outcome.ENTERED, report, pair)
    raise _wrong_pin(table, line)


def answer(
    code: str,
    pin: str,
    *,
    accept: bool,
    note: str = "",
    address: str | None = None,
    key=None,
) -> TableReport:
    """The other line confirms (or rejects) the pending result with its pair's PIN.

    It counts only if nothing was recorded at the table since it was entered: the referee's
    entries and rulings always win over a phone. A `key` already carried out at this table
    gets the same answer again, once the PIN of the pair that sent it is right."""
    with transaction.atomic():
        table = table_by_code(code, lock=True)  # one confirmation at a time per table
        done = remembered(table, key)
        if done:
            _guard(table, address)
            if _counted(table, done.pair, pin, address):
                return _replay(done)
            line = "ns" if done.pair_id == table.ns_id else "ew"
        else:
            report = _answer(table, pin, accept, note, address, key)
            if report is not None:
                return report
            line = "ns" if pending(table).entered_by_id == table.ew_id else "ew"
    raise _wrong_pin(table, line)  # after the commit: the wrong PIN stays counted


def _answer(table: Table, pin, accept: bool, note: str, address, key) -> TableReport | None:
    """`answer` for a new key, in the caller's transaction; None: a wrong PIN (counted)."""
    report = pending(table)
    if report is None:
        if table.has_result:
            raise already_recorded(table)
        raise Refused(_("There is no result waiting for confirmation at this table."))
    entering = table.ns if report.entered_by_id == table.ns_id else table.ew
    _guard(table, address)  # before anything tells a PIN apart
    if _pin_matches(pin, entering):
        raise Refused(
            _("The pair that entered the result cannot confirm it: the other line confirms.")
        )
    pair = table.ew if entering == table.ns else table.ns
    if not _counted(table, pair, pin, address):
        return None
    if table.has_result or report.table_version not in (None, table.version):
        raise referee_recorded()
    report.answered_by, report.answered_at = pair, timezone.now()
    if not accept:
        report.status = TableReport.Status.REJECTED
        report.note = " ".join(note.split())[:500]
        report.save()
        return _remember(table, key, Submission.Outcome.REJECTED, report, pair)
    report.status = TableReport.Status.CONFIRMED
    report.save()
    tournament = table.turn.tournament
    if not tournament.approval_required:
        _record(tournament, report, user=None)
    return _remember(table, key, Submission.Outcome.CONFIRMED, report, pair)


def _record(tournament: Tournament, report: TableReport, user) -> None:
    table = report.table
    record_scores(
        tournament,
        table.turn.number,
        [Entry(table.number, report.ns_points, report.ew_points, tuple(report.deals))],
        user=user,
        source="table",
        reason=(
            _("entered by %(a)s, confirmed by %(b)s")  # an individual event's lines
            if report.entered_by.is_line
            else _("entered by pair %(a)d, confirmed by pair %(b)d")
        )
        % {"a": report.entered_by.label, "b": report.answered_by.label},
    )
    report.status = TableReport.Status.APPROVED
    report.save(update_fields=["status"])


def approve(tournament: Tournament, report_id: int, user) -> TableReport:
    """The referee accepts a result confirmed by both lines (if nothing was recorded at the
    table since it was entered)."""
    with transaction.atomic():
        report = (
            TableReport.objects.select_for_update(of=("self",))
            .select_related("table__turn", "entered_by", "answered_by")
            .filter(pk=report_id, table__turn__tournament=tournament)
            .first()
        )
        if report is None or report.status != TableReport.Status.CONFIRMED:
            raise Refused(_("This result is not waiting for approval any more."))
        table = Table.objects.select_for_update().get(pk=report.table_id)
        if table.has_result or report.table_version not in (None, table.version):
            raise Refused(
                _(
                    "Table %(t)d was recorded at the desk after this result was entered: "
                    "the result of the table no longer counts."
                )
                % {"t": table.number}
            )
        _record(tournament, report, user)
    return report


def unlock_table(tournament: Tournament, number: int, user) -> int:
    """The referee lets a table's pairs try their PINs again (audited): the wrong PINs given
    there stop counting against the table. Returns how many stopped counting."""
    turn = tournament.turn_set.order_by("-number").first()
    table = Table.objects.filter(turn=turn, number=number).select_related("turn").first()
    if table is None:
        raise Refused(_("Table %(t)d is not a match of the current turn.") % {"t": number})
    with transaction.atomic():
        cleared = PinAttempt.objects.filter(table=table, table_unlocked=False).update(
            table_unlocked=True
        )
        audit(
            tournament,
            "pin-unlock-table",
            user=user,
            target=f"T{table.turn.number} #{number}",
            old={"wrong_pins": cleared},
            reason=_("PIN lock removed by the referee"),
        )
    return cleared


def unlock_device(tournament: Tournament, address: str, user) -> int:
    """The referee lets a device try PINs again (audited), if it tried at this tournament.
    Only the wrong PINs at this tournament's tables are forgiven: those at another
    tournament's tables are its own referee's to lift (and its log's to record)."""
    here = PinAttempt.objects.filter(table__turn__tournament=tournament, address=address)
    if not here.exists():
        raise Refused(_("No device with this address tried a PIN in this tournament."))
    with transaction.atomic():
        cleared = here.filter(device_unlocked=False).update(device_unlocked=True)
        audit(
            tournament,
            "pin-unlock-device",
            user=user,
            target=address,
            old={"wrong_pins": cleared},
            reason=_("PIN lock removed by the referee"),
        )
    return cleared


@dataclass
class BoardRow:
    table: Table
    status: str  # waiting | entered | confirmed | rejected | approved | referee
    report: TableReport | None
    locked_until: datetime | None = None  # too many wrong PINs at the table
    resent: int = 0  # sends a phone made again with a key already carried out (bad network)

    @property
    def overruled(self) -> bool:
        """A phone's result the referee's own entry or ruling replaced."""
        return self.report is not None and self.report.status == TableReport.Status.OVERRULED


def board(turn) -> list[BoardRow]:
    """Every table of the turn with where its result stands (a fixed number of queries)."""
    tables = list(turn.tables.select_related("ns__team", "ew__team"))  # a team's lines too
    latest: dict[int, TableReport] = {}
    for report in (
        TableReport.objects.filter(table__turn=turn)
        .exclude(status=TableReport.Status.SUPERSEDED)
        .select_related("entered_by", "answered_by")
        .order_by("table_id", "-entered_at", "-id")
    ):
        latest.setdefault(report.table_id, report)
    resent = dict(
        Submission.objects.filter(table__turn=turn, replays__gt=0)
        .values("table_id")
        .annotate(n=Sum("replays"))
        .values_list("table_id", "n")
    )
    fails: dict[int, list] = {}
    for table_id, at in _fails("table", table__turn=turn).values_list("table_id", "at"):
        fails.setdefault(table_id, []).append(at)
    rows = []
    for t in tables:
        report = latest.get(t.pk)
        if t.has_result:
            status = "approved" if report and report.status == "approved" else "referee"
        elif report is None:
            status = "waiting"
        else:
            status = report.status
        times = fails.get(t.pk, [])
        until = (
            times[MAX_FAILS_PER_TABLE - 1] + WINDOW if len(times) >= MAX_FAILS_PER_TABLE else None
        )
        rows.append(BoardRow(t, status, report, until, resent.get(t.pk, 0)))
    return rows


@dataclass
class LockedDevice:
    address: str
    until: datetime
    tables: list[int]


def locked_devices(tournament: Tournament) -> list[LockedDevice]:
    """Devices locked out for wrong PINs that tried at this tournament's tables (two queries)."""
    here: dict[str, set[int]] = {}
    for address, number in (
        _fails("device", table__turn__tournament=tournament)
        .exclude(address=None)
        .values_list("address", "table__number")
    ):
        here.setdefault(address, set()).add(number)
    if not here:
        return []
    times: dict[str, list] = {}
    for address, at in _fails("device", address__in=list(here)).values_list("address", "at"):
        times.setdefault(address, []).append(at)
    out = []
    for address, ats in sorted(times.items()):
        if len(ats) >= MAX_FAILS_PER_ADDRESS:
            out.append(
                LockedDevice(
                    address, ats[MAX_FAILS_PER_ADDRESS - 1] + WINDOW, sorted(here[address])
                )
            )
    return out

"""Recording results: every score entry goes through `record_scores`, which validates
everything before writing, writes atomically and keeps the history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import task

from scoring.models import ResultChange, TableReport
from scoring.rules import deals as deal_rules
from scoring.rules import plausible
from scoring.services.backup import write_automatic
from scoring.services.logtext import write_log
from scoring.services.versions import refuse_table_changed
from tournaments.errors import ImpossibleTotal, NeedsLateCorrection, NeedsReason, Refused
from tournaments.models import Table, Tournament, touch
from tournaments.rules import vp as vp_rules
from tournaments.rules.text import has_foreign_digits, parse_int
from tournaments.services.lookup import turn_by_number
from tournaments.services.scales import resolve_scale
from tournaments.taskqueue import queue

MAX_POINTS = 50_000  # far beyond any real line total; keeps typing slips out


@dataclass(frozen=True)
class Entry:
    table: int
    ns: int
    ew: int
    deals: tuple = ()  # the score sheet deal by deal (see deals_record), when entered so


def not_points_message(line: str, text: str) -> str:
    return _("%(line)s: %(value)s is not a whole number of points.") % {
        "line": line,
        "value": text[:20] or '""',
    }


def check_points(value: object, line: str) -> int:
    if isinstance(value, str):
        text = value.strip()
        value = parse_int(text) if not has_foreign_digits(text) else None
        if value is None:
            raise Refused(not_points_message(line, text))
    try:
        points = vp_rules.check_points(value)
    except vp_rules.ScaleError:
        raise Refused(
            _("%(line)s: %(value)s is not a multiple of 5.") % {"line": line, "value": value}
        ) from None
    if abs(points) > MAX_POINTS:
        raise Refused(
            _("%(line)s: %(value)s points is not a plausible total.")
            % {"line": line, "value": points}
        )
    return points


def judged(tournament: Tournament, ns: int | None, ew: int | None) -> list[plausible.Doubt]:
    """The doubts about these line totals (scoring.rules.plausible), by the tournament's
    game rules (the default ones when its own are unknown)."""
    if ns is None or ew is None:
        return []
    try:
        variant = deal_rules.get_variant(tournament.game_variant)
    except deal_rules.DealError:
        variant = deal_rules.get_variant(deal_rules.DEFAULT_VARIANT)
    return plausible.doubts(variant, tournament.deals, ns, ew)


def say(doubts: Sequence[plausible.Doubt]) -> list[str]:
    """Each doubt in the reader's language, with its line, its bound and the reason."""
    names = {"ns": _("N-S"), "ew": _("E-W")}
    return [f"{names[d.line]}: {_(d.message) % d.params}" for d in doubts]


def plausibility(tournament: Tournament, ns: int | None, ew: int | None) -> list[str]:
    """Everything to tell about these line totals before saving them: a total the turn's
    deals cannot produce by the tournament's game rules, or one far outside the usual range,
    each with its bound and the reason."""
    return say(judged(tournament, ns, ew))


def impossible(tournament: Tournament, ns: int | None, ew: int | None) -> list[str]:
    """The totals the cards cannot produce (Art. 29): never saved by sending them again."""
    return say([d for d in judged(tournament, ns, ew) if d.impossible])


def unusual(tournament: Tournament, ns: int | None, ew: int | None) -> list[str]:
    """The totals merely far from the usual range: "are you sure?", then saved as sent."""
    return say([d for d in judged(tournament, ns, ew) if not d.impossible])


def refuse_at_the_table(tournament: Tournament, ns: int, ew: int) -> None:
    """The phones never send a total the cards cannot produce: the players check the score
    sheet, and only the referee can record such a total (with a reason)."""
    found = impossible(tournament, ns, ew)
    if found:
        raise ImpossibleTotal(
            " ".join(found)
            + " "
            + _(
                "This result cannot be sent: check the score sheet. If it is really right, "
                "call the referee."
            )
        )


def confirmation(ns: int | None, ew: int | None) -> str:
    """The token a second submit carries to confirm exactly these totals."""
    return f"{ns},{ew}"


def record_scores(
    tournament: Tournament,
    turn_number: int,
    entries: Sequence[Entry],
    *,
    user=None,
    reason: str = "",
    source: str = "referee",
    late_correction: bool = False,
    expected_versions: dict[int, int] | None = None,
    accept_impossible: bool = False,
) -> list[Table]:
    """Record the line totals of some tables of a turn: all of them or none.

    Each table gets its VP from the tournament's scale. Changing a result already recorded
    always needs a reason (Art. 31), kept with the old values in the table's history. Once
    the next turn is seated the deadline of Art. 31 has passed: the points may still be
    swapped between N-S and E-W (the table acknowledges the error), any other change is
    refused unless `late_correction` says the referee accepts it late; it is then flagged in
    the history and the referee's log, and the seating already made stays as it is.
    `expected_versions` (table -> version seen, `scoring.services.versions`) refuses a change
    to a table that another referee changed meanwhile (the phones' results do not count).
    A total the turn's deals cannot produce (Art. 29) is refused unless
    `accept_impossible` says the referee states it is right, with a reason; it is then kept
    with that reason in the history and written to the referee's log.
    """
    if not entries:
        raise Refused(_("No result to record."))
    turn = turn_by_number(tournament, turn_number)
    scale = resolve_scale(tournament.vp_scale, tournament.deals)
    reason = " ".join((reason or "").split())[:500]
    seen: set[int] = set()
    for e in entries:
        if e.table in seen:
            raise Refused(_("Table %(t)d appears twice.") % {"t": e.table})
        seen.add(e.table)
        check_points(e.ns, _("N-S"))
        check_points(e.ew, _("E-W"))
    with transaction.atomic():
        tables = {
            t.number: t
            for t in Table.objects.select_for_update().filter(turn=turn, number__in=seen)
        }
        closed = tournament.turn_set.filter(number__gt=turn_number).order_by("number").first()
        late: set[int] = set()
        beyond: dict[int, list[str]] = {}
        for e in entries:
            if e.table not in tables:
                raise Refused(
                    _("Table %(t)d is not a match of turn %(turn)d.")
                    % {"t": e.table, "turn": turn_number}
                )
            table = tables[e.table]
            refuse_table_changed(table, (expected_versions or {}).get(table.number))
            found = _check_possible(tournament, table, e, reason, accept_impossible)
            if found:
                beyond[e.table] = found
            if _check_change(table, e, reason, closed, late_correction):
                late.add(e.table)
        _write(
            tournament,
            turn,
            [(tables[e.table], e) for e in entries],
            scale,
            (late, beyond),
            user,
            source,
            reason,
        )
    return [tables[e.table] for e in entries]


def _write(tournament, turn, rows, scale, flagged, user, source: str, reason: str):
    """`flagged`: the tables corrected late, and those whose impossible totals the referee
    accepted (with their doubts), both logged."""
    late, beyond = flagged
    now = timezone.now()
    changes = []
    for table, e in rows:
        new_vp = scale.split(e.ns, e.ew)
        old = (table.ns_points, table.ew_points)
        changes.append(
            ResultChange(
                table=table,
                by=user,
                source=source,
                reason=reason,
                late_correction=table.number in late,
                old_ns_points=table.ns_points,
                old_ew_points=table.ew_points,
                new_ns_points=e.ns,
                new_ew_points=e.ew,
                old_ns_vp=table.ns_vp,
                old_ew_vp=table.ew_vp,
                new_ns_vp=new_vp[0],
                new_ew_vp=new_vp[1],
            )
        )
        if table.number in late:
            _log_late(tournament, turn, table, old, (e.ns, e.ew), reason, user)
        if table.number in beyond:
            _log_impossible(tournament, turn, table, e, beyond[table.number], reason, user)
        table.deals = list(e.deals)
        table.ns_points, table.ew_points = e.ns, e.ew
        table.ns_vp, table.ew_vp = new_vp
        table.adjusted, table.ns_mp, table.ew_mp = False, None, None
        table.entered_by, table.entered_at = user, now
        table.version += 1
        table.late_correction = table.number in late  # for the caller's message only
        table.impossible = table.number in beyond  # likewise
    Table.objects.bulk_update(
        [table for table, _e in rows],
        [
            "ns_points",
            "ew_points",
            "ns_vp",
            "ew_vp",
            "adjusted",
            "ns_mp",
            "ew_mp",
            "deals",
            "entered_by",
            "entered_at",
            "version",
        ],
    )
    ResultChange.objects.bulk_create(changes)
    if source != "table":
        overrule_reports([table for table, _e in rows])
    after_results(tournament, turn)


def _log_late(tournament, turn, table, old, new, reason: str, user) -> None:
    write_log(
        tournament,
        user=user,
        turn=turn.number,
        table=table.number,
        pairs=[table.ns.number, table.ew.number],
        code="late-correction",
        article="Art. 31",
        event="late-correction",
        params={"reason": reason, "old": list(old), "new": list(new)},
    )


def _log_impossible(tournament, turn, table, entry, doubts, reason: str, user) -> None:
    write_log(
        tournament,
        user=user,
        turn=turn.number,
        table=table.number,
        pairs=[table.ns.number, table.ew.number],
        code="impossible-total",
        article="Art. 29",
        event="impossible-total",
        params={
            "reason": reason,
            "ns": entry.ns,
            "ew": entry.ew,
            "doubts": [
                {"line": d.line, "message": d.message, "params": d.params}
                for d in judged(tournament, entry.ns, entry.ew)
                if d.impossible
            ],
        },
    )


def _check_possible(tournament, table: Table, entry: Entry, reason: str, accept: bool):
    """Refuse a total the cards cannot produce unless the referee accepts it with a reason;
    the doubts to log when accepted. The totals already recorded at the table (or the same
    swapped, Art. 31) are not judged again."""
    recorded = (table.ns_points, table.ew_points)
    if (
        table.has_result
        and not table.adjusted
        and (entry.ns, entry.ew) in (recorded, recorded[::-1])
    ):
        return []
    found = impossible(tournament, entry.ns, entry.ew)
    if not found:
        return []
    if not accept:
        raise ImpossibleTotal(
            _("Table %(t)d: %(doubts)s Nothing was recorded.")
            % {"t": table.number, "doubts": " ".join(found)}
        )
    if not reason:
        raise NeedsReason(
            _(
                "Table %(t)d: to record a total the cards cannot produce, give the reason "
                "why the score is right (it is kept in the history and the referee's log)."
            )
            % {"t": table.number}
        )
    return found


def _points(value) -> str:
    return "—" if value is None else str(value)


def overrule_reports(tables) -> None:
    """The referee recorded these tables (inside the caller's transaction, tables locked):
    their phones' results still open can no longer count (the referee always wins)."""
    TableReport.objects.filter(
        table__in=list(tables),
        status__in=[
            TableReport.Status.ENTERED,
            TableReport.Status.CONFIRMED,
            TableReport.Status.REJECTED,
        ],
    ).update(status=TableReport.Status.OVERRULED)


def _check_change(table: Table, entry: Entry, reason: str, closed, late_correction: bool) -> bool:
    """Refuse a change the rules do not allow; True when it is a late correction (Art. 31)."""
    if not table.has_result:
        return False
    now = f"{_points(table.ns_points)}–{_points(table.ew_points)}"
    if not reason:
        raise NeedsReason(
            _(
                "Table %(t)d already has a result (%(now)s): give the reason for the "
                "correction (Art. 31)."
            )
            % {"t": table.number, "now": now}
        )
    same = (entry.ns, entry.ew) == (table.ns_points, table.ew_points) and not table.adjusted
    swap = (entry.ns, entry.ew) == (table.ew_points, table.ns_points) and not table.adjusted
    if closed is None or same or swap:
        return False
    if not late_correction:
        raise NeedsLateCorrection(
            _(
                "Table %(t)d: turn %(next)d is already seated, so the correction deadline of "
                "Art. 31 has passed. Only the N-S/E-W swap is still possible; to change the "
                "points (now %(now)s) anyway, mark it as a late correction."
            )
            % {"t": table.number, "next": closed.number, "now": now}
        )
    return True


def after_results(tournament: Tournament, turn) -> None:
    """Bookkeeping after any result changes: status, players' pages, and a backup file
    written (after the commit) whenever the turn is complete."""
    _update_status(tournament)
    touch(tournament.pk)
    if not turn.tables.filter(ns_vp__isnull=True).exists():
        queue.defer(automatic_backup, tournament.pk, turn.number)


@task()
def automatic_backup(tournament_id: int, number: int) -> None:
    """The background job writing a complete turn's backup file (idempotent: the file of
    that turn is replaced atomically by the latest state)."""
    import logging

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return  # deleted meanwhile
    try:
        write_automatic(tournament, number)
    except OSError:  # a full disk must not stop the referee: the log says it
        logging.getLogger(__name__).exception("automatic backup of %s failed", tournament.slug)


def _update_status(tournament: Tournament) -> None:
    """Finished once the last planned turn has every result; running otherwise."""
    last = tournament.turn_set.filter(number=tournament.turns).first()
    done = last is not None and not last.tables.filter(ns_vp__isnull=True).exists()
    status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status

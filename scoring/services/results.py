"""Recording results: every score entry goes through `record_scores`, which validates
everything before writing, writes atomically and keeps the history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ResultChange, TableReport
from scoring.rules import vp as vp_rules
from scoring.services.scales import resolve_scale
from tournaments.errors import NeedsReason, Refused
from tournaments.models import Table, Tournament, touch
from tournaments.services.lookup import turn_by_number

MAX_POINTS = 50_000  # far beyond any real line total; keeps typing slips out


@dataclass(frozen=True)
class Entry:
    table: int
    ns: int
    ew: int
    deals: tuple = ()  # the score sheet deal by deal (see deals_record), when entered so


def check_points(value: object, line: str) -> int:
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text)
        except ValueError:
            raise Refused(
                _("%(line)s: %(value)s is not a whole number of points.")
                % {"line": line, "value": text or '""'}
            ) from None
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


def record_scores(
    tournament: Tournament,
    turn_number: int,
    entries: Sequence[Entry],
    *,
    user=None,
    reason: str = "",
    source: str = "referee",
    reason_for_corrections: bool = False,
    expected_versions: dict[int, int] | None = None,
) -> list[Table]:
    """Record the line totals of some tables of a turn: all of them or none.

    Each table gets its VP from the tournament's scale; a table that already had
    a result keeps the old values in its history with the reason given. With
    `reason_for_corrections` a correction without a reason is refused (the
    referee's desk); `expected_versions` (table -> version seen) refuses a change
    to a table that someone else changed meanwhile.
    """
    if not entries:
        raise Refused(_("No result to record."))
    turn = turn_by_number(tournament, turn_number)
    scale = resolve_scale(tournament.vp_scale)
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
        for e in entries:
            if e.table not in tables:
                raise Refused(
                    _("Table %(t)d is not a match of turn %(turn)d.")
                    % {"t": e.table, "turn": turn_number}
                )
            _check_change(tables[e.table], reason, reason_for_corrections, expected_versions)
        now = timezone.now()
        changes = []
        for e in entries:
            table = tables[e.table]
            new_vp = scale.split(e.ns, e.ew)
            changes.append(
                ResultChange(
                    table=table,
                    by=user,
                    source=source,
                    reason=reason,
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
            table.deals = list(e.deals)
            table.ns_points, table.ew_points = e.ns, e.ew
            table.ns_vp, table.ew_vp = scale.split(e.ns, e.ew)
            table.adjusted, table.ns_mp, table.ew_mp = False, None, None
            table.entered_by, table.entered_at = user, now
            table.version += 1
        Table.objects.bulk_update(
            tables.values(),
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
            overrule_reports(tables.values())
        after_results(tournament, turn)
    return [tables[e.table] for e in entries]


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


def _check_change(table: Table, reason: str, need_reason: bool, versions: dict | None) -> None:
    seen_version = (versions or {}).get(table.number)
    if seen_version is not None and seen_version != table.version:
        raise Refused(
            _(
                "Table %(t)d was changed meanwhile: it now reads %(ns)s–%(ew)s. "
                "Check it and save again."
            )
            % {"t": table.number, "ns": table.ns_points, "ew": table.ew_points}
        )
    if need_reason and table.has_result and not reason.strip():
        raise NeedsReason(
            _(
                "Table %(t)d already has a result (%(ns)d–%(ew)d): give the reason for the "
                "correction."
            )
            % {"t": table.number, "ns": table.ns_points, "ew": table.ew_points}
        )


def after_results(tournament: Tournament, turn) -> None:
    """Bookkeeping after any result changes: status, players' pages, and a backup file
    written (after the commit) whenever the turn is complete."""
    _update_status(tournament)
    touch(tournament.pk)
    if not turn.tables.filter(ns_vp__isnull=True).exists():
        transaction.on_commit(lambda: _safe_backup(tournament, turn.number))


def _safe_backup(tournament: Tournament, number: int) -> None:
    import logging

    from tournaments.services.backup import write_automatic

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

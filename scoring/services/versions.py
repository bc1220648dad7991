"""Versions of the scoring side (the mechanism: `tournaments.services.versions`).

- A table's result: its version is the id of its last change made at the desk (a row of
  `ResultChange` whose source is not the table's phones). A phone's entry or confirmation is
  not counted: the referee always wins over the phones, versions guard referee against
  referee. The score entry, the N-S/E-W swap, the adjusted score and the table rulings carry
  it (or the record's mark when the page was read, where the table is typed).
- The penalties of an entrant: the id of the last penalty of the tournament when the form was
  read; a save is refused when the same pair, player or team got a penalty or a warning since.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import Penalty, ResultChange
from scoring.rules import display
from tournaments.kinds import kind_of
from tournaments.models import Table, Tournament
from tournaments.services.versions import Stale, at, mark, who

PHONES = "table"  # ResultChange.source of a result confirmed by both lines at the table


def desk_changes(table: Table):
    return ResultChange.objects.filter(table=table).exclude(source=PHONES)


def table_version(table: Table) -> int:
    """The version of a table's result: the id of its last change made at the desk."""
    return mark(desk_changes(table))


def results_mark() -> int:
    """The version a form where the table is typed carries: the last change when read."""
    return mark(ResultChange.objects.all())


def _source(row: ResultChange) -> str:
    return str(row.get_source_display())


def _score(ns_points, ew_points, ns_vp, ew_vp, by_vp: bool) -> str:
    if by_vp:
        return _("VP %(score)s") % {"score": display.score(ns_vp, ew_vp)}
    return display.score(ns_points, ew_points)


def refuse_table_changed(table: Table, version: int | None) -> None:
    """Refuse a save on `table` read at `version` when the desk changed it since."""
    if version is None:
        return
    changes = list(desk_changes(table).filter(pk__gt=version).select_related("by").order_by("pk"))
    if not changes:
        return
    first, last = changes[0], changes[-1]
    by_vp = (first.old_ns_points, first.old_ew_points) == (
        last.new_ns_points,
        last.new_ew_points,
    )
    raise Stale(
        _(
            "Table %(t)d was changed meanwhile by %(who)s at %(at)s: %(old)s → %(new)s. "
            "Check it and save again."
        )
        % {
            "t": table.number,
            "who": who(changes, _source),
            "at": at(last.at),
            "old": _score(
                first.old_ns_points, first.old_ew_points, first.old_ns_vp, first.old_ew_vp, by_vp
            ),
            "new": _score(
                last.new_ns_points, last.new_ew_points, last.new_ns_vp, last.new_ew_vp, by_vp
            ),
        }
    )


def penalties_mark(tournament: Tournament) -> int:
    return mark(Penalty.objects.filter(tournament=tournament))


def _by_command(_row) -> str:
    return _("a command")


def _penalty_text(p: Penalty) -> str:
    if p.kind == Penalty.Kind.WARNING:
        what = _("a warning")
    else:
        what = _("−%(vp)d VP, −%(mp)d MP") % {"vp": p.vp, "mp": p.mp}
    return f"{what} ({p.reason})" if p.reason else what


def refuse_new_penalties(tournament: Tournament, owner: dict, number: int, version) -> None:
    """Refuse a penalty for the entrant `owner` (its field: pair, player or team) read at
    `version` when that entrant got a penalty or a warning since (the same incident judged
    twice, by two referees)."""
    if version is None:
        return
    given = list(
        Penalty.objects.filter(tournament=tournament, pk__gt=version, automatic=False, **owner)
        .select_related("created_by")
        .order_by("pk")
    )
    if not given:
        return
    raise Stale(
        _(
            "Meanwhile %(who)s recorded for %(entrant)s %(number)d at %(at)s: %(what)s. "
            "Check it and save again."
        )
        % {
            "who": who(given, _by_command, user="created_by"),
            "entrant": kind_of(tournament).entrant_noun,
            "number": number,
            "at": at(given[-1].created_at),
            "what": "; ".join(_penalty_text(p) for p in given),
        }
    )

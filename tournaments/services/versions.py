"""Two referees never overwrite each other (issue 26, part 2).

Every desk form that changes something another referee may have changed meanwhile carries the
*version* it was read at, in a hidden field `version`; a save on a stale version is refused
(400, nothing written) with what changed meanwhile, by whom and when.

A version is a mark in an append-only record of the changes: the id of the last row of that
record when the form was read. The save looks for rows of its own scope written after the
mark; finding one means someone changed that thing since the form was read. So a form opened
for one table may carry that table's version (the id of its last change) and a form where the
table is typed carries the record's mark at the time the page was read: the check is the same.

This module holds the mechanism and the records of the tournaments app (`AuditEntry`: the
seating of a turn, the groups' cut); the scoring app adds the tables' results and the
penalties (`scoring.services.versions`). A form without a version (an old page, a script)
and the management commands are deliberate acts: they take the current version (no check).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import Refused
from tournaments.models import AuditEntry, Tournament
from tournaments.rules.text import ascii_int

# The audit actions that change what each guarded form changes.
SEATING = ("seat", "unseat", "swap")
GROUPS = ("groups", "groups-reset")
PRIZES = ("prizes",)


class Stale(Refused):
    """The form was read before someone else changed what it changes: nothing was written."""


def mark(queryset) -> int:
    """The id of the last row of a record (0 when empty): a version to carry in a form."""
    return queryset.aggregate(last=Max("pk"))["last"] or 0


def seen(value, *, strict: bool = True) -> int | None:
    """The version a form sent (None when it sent none: no check). One that is not a version
    is refused (`strict`), or taken as none (a preview while typing)."""
    if value is None or value == "":
        return None
    number = value if isinstance(value, int) else ascii_int(str(value)[:20])
    if number is None or number < 0:
        if strict:
            raise Refused(_("This form's version cannot be read: reload the page."))
        return None
    return number


def at(moment) -> str:
    """The time of a change in the installation's time zone, as the hall's clock shows it."""
    return timezone.localtime(moment).strftime("%H:%M")


def who(rows: Sequence, fallback: Callable[[object], str], user: str = "by") -> str:
    """The names of those who made the changes (their `user` field), in order, each once
    (`fallback` names a change without a user: a command)."""
    names: list[str] = []
    for row in rows:
        person = getattr(row, user)
        name = person.get_username() if person is not None else fallback(row)
        if name not in names:
            names.append(name)
    return ", ".join(names)


def audit_mark(tournament: Tournament) -> int:
    return mark(AuditEntry.objects.filter(tournament=tournament))


@contextmanager
def guarded(tournament: Tournament, check: Callable[[], None]) -> Iterator[None]:
    """Run `check` and the change that follows in one transaction, the tournament's row
    locked first (as the services that change the seating, the groups and the prizes do), so
    two saves arriving together are seen in turn."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        check()
        yield


def audited_since(tournament: Tournament, version: int | None, actions) -> list[AuditEntry]:
    if version is None:
        return []
    return list(
        AuditEntry.objects.filter(tournament=tournament, pk__gt=version, action__in=actions)
        .select_related("by")
        .order_by("pk")
    )


def _by_command(_row) -> str:
    return _("a command")


def _turn(entry: AuditEntry) -> str:
    return entry.target.removeprefix("turn ").strip()


def _seating_change(entry: AuditEntry) -> str:
    if entry.action == "swap":
        # pairs: {"a": [number, seat, table], "b": …}; players: {"players"}; teams: {"teams"}
        new, old = entry.new or {}, entry.old or {}
        a, b = (
            new.get("players") or old.get("teams") or [new.get("a", [""])[0], new.get("b", [""])[0]]
        )
        return _("%(a)s and %(b)s swapped seats in turn %(t)s") % {
            "a": a,
            "b": b,
            "t": _turn(entry),
        }
    if entry.action == "unseat":
        return _("the seating of turn %(t)s was removed") % {"t": _turn(entry)}
    return _("turn %(t)s was seated") % {"t": _turn(entry)}


def refuse_seating_changed(tournament: Tournament, version: int | None) -> None:
    """The seating page's swap: refused when a turn was seated, removed or swapped since."""
    changes = audited_since(tournament, version, SEATING)
    if changes:
        raise Stale(
            _(
                "The seating was changed meanwhile by %(who)s at %(at)s: %(what)s. "
                "Check it and save again."
            )
            % {
                "who": who(changes, _by_command),
                "at": at(changes[-1].at),
                "what": "; ".join(_seating_change(c) for c in changes),
            }
        )


def _groups_text(value) -> str:
    if not value:
        return _("no groups")
    return ", ".join(f"{name} ({len(pairs)})" for name, pairs in value.items())


def refuse_groups_changed(tournament: Tournament, version: int | None) -> None:
    """The groups' cut: refused when the groups were set or removed since."""
    refuse_audited_change(
        tournament,
        version,
        GROUPS,
        _(
            "The groups were changed meanwhile by %(who)s at %(at)s: %(old)s → %(new)s. "
            "Check them and save again."
        ),
        _groups_text,
        after=lambda change: change.new if change.action == "groups" else None,  # or removed
    )


def _prizes_text(rows) -> str:
    n = len(rows or [])
    return ngettext("%(n)d prize", "%(n)d prizes", n) % {"n": n}


def refuse_prizes_changed(tournament: Tournament, version: int | None) -> None:
    """The prize list: refused when it was saved since."""
    refuse_audited_change(
        tournament,
        version,
        PRIZES,
        _(
            "The prize list was changed meanwhile by %(who)s at %(at)s: %(old)s → %(new)s. "
            "Check it and save again."
        ),
        _prizes_text,
    )


def refuse_audited_change(
    tournament: Tournament, version: int | None, actions, message: str, text, after=None
) -> None:
    """Refused as stale when a change audited as one of `actions` came after `version`:
    `message` says who made it, when, and the value before and after, each written by
    `text` (`after`: the value a change leaves, its `new` unless said otherwise)."""
    changes = audited_since(tournament, version, actions)
    if changes:
        last = changes[-1]
        raise Stale(
            message
            % {
                "who": who(changes, _by_command),
                "at": at(last.at),
                "old": text(changes[0].old),
                "new": text(last.new if after is None else after(last)),
            }
        )

"""A whole tournament as one JSON file, and back: every row, history and log included.

The file lists each model's rows with their old ids; restoring creates new rows and maps
the old ids to the new ones, so a backup restores next to the original (under a new slug)
or into an empty database. Users are referred to by user name (left empty when missing).
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.models import (
    AuditEntry,
    Bye,
    Pair,
    Player,
    Table,
    Tournament,
    Turn,
    new_table_code,
)

FORMAT = "burraco-tournament-backup"
VERSION = 1


def _models():
    """(key, model, how to find its tournament) in an order where references come first."""
    from scoring.models import LogEntry, Penalty, ResultChange, Ruling, TableReport

    return [
        ("players", Player, "tournament"),
        ("pairs", Pair, "tournament"),
        ("turns", Turn, "tournament"),
        ("tables", Table, "turn__tournament"),
        ("byes", Bye, "turn__tournament"),
        ("penalties", Penalty, "tournament"),
        ("log", LogEntry, "tournament"),
        ("result_changes", ResultChange, "table__turn__tournament"),
        ("reports", TableReport, "table__turn__tournament"),
        ("audit", AuditEntry, "tournament"),
    ], Ruling


def _plain(value):
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


def _row(obj: models.Model, users: dict[int, str]) -> dict:
    row = {}
    for field in obj._meta.concrete_fields:
        value = field.value_from_object(obj)
        if field.is_relation and field.related_model is get_user_model():
            value = users.get(value)
        row[field.attname] = _plain(value)
    return row


def dump(tournament: Tournament) -> dict:
    """Everything about a tournament as plain data (a fixed number of queries)."""
    tables, Ruling = _models()
    users = dict(get_user_model().objects.values_list("id", get_user_model().USERNAME_FIELD))
    data = {
        "format": FORMAT,
        "version": VERSION,
        "created": timezone.now().isoformat(),
        "tournament": _row(tournament, users),
        "referees": list(
            tournament.referees.values_list(get_user_model().USERNAME_FIELD, flat=True)
        ),
        "rulings": [_row(r, users) for r in Ruling.objects.all()],
    }
    for key, model, path in tables:
        data[key] = [
            _row(o, users) for o in model.objects.filter(**{path: tournament}).order_by("pk")
        ]
    return data


def dumps(tournament: Tournament) -> bytes:
    """The backup file's content: read in one snapshot that never holds the write lock (the
    desk and the phones keep writing meanwhile), turned into JSON outside any transaction."""
    from tournaments.services.snapshot import read_snapshot

    with read_snapshot():
        data = dump(tournament)
    return json.dumps(data, ensure_ascii=False, indent=0).encode()


@contextmanager
def _keeping_dates():
    """Restore the recorded times instead of stamping `now` (auto_now_add off meanwhile)."""
    fields = [
        f
        for m in [Tournament, *[m for _k, m, _p in _models()[0]]]
        for f in m._meta.concrete_fields
        if getattr(f, "auto_now_add", False)
    ]
    for f in fields:
        f.auto_now_add = False
    try:
        yield
    finally:
        for f in fields:
            f.auto_now_add = True


def _build(model, row: dict, maps: dict, users: dict) -> models.Model:
    values = {}
    for field in model._meta.concrete_fields:
        if field.primary_key or field.attname not in row:
            continue
        value = row[field.attname]
        if field.is_relation and value is not None:
            target = field.related_model
            if target is get_user_model():
                value = users.get(value)
            else:
                value = maps[target].get(value) if target in maps else value
        elif value is not None:
            value = field.to_python(value)
        values[field.attname] = value
    return model(**values)


def restore(data: dict, slug: str | None = None) -> Tournament:
    """Create the tournament of a backup (under `slug` when given): all or nothing."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused(_("This file is not a tournament backup."))
    if data.get("version") != VERSION:
        raise Refused(_("Backup version %(v)s is not supported.") % {"v": data.get("version")})
    tables, Ruling = _models()
    slug = slug or data["tournament"]["slug"]
    if Tournament.objects.filter(slug=slug).exists():
        raise Refused(
            _("A tournament with slug %(slug)s already exists: choose another slug.")
            % {"slug": slug}
        )
    User = get_user_model()
    users = {name: pk for pk, name in User.objects.values_list("id", User.USERNAME_FIELD)}
    try:
        with transaction.atomic(), _keeping_dates():
            rulings = {r.code: r.pk for r in Ruling.objects.all()}
            ruling_map = {}
            for row in data.get("rulings", []):
                if row["code"] not in rulings:  # a ruling this database does not know yet
                    ruling = _build(Ruling, row, {}, users)
                    ruling.save()
                    rulings[row["code"]] = ruling.pk
                ruling_map[row["id"]] = rulings[row["code"]]
            maps: dict = {Ruling: ruling_map}
            tournament = _build(Tournament, {**data["tournament"], "slug": slug}, maps, users)
            tournament.save()
            tournament.referees.set(
                User.objects.filter(**{f"{User.USERNAME_FIELD}__in": data.get("referees", [])})
            )
            maps[Tournament] = {data["tournament"]["id"]: tournament.pk}
            taken = set(Table.objects.values_list("code", flat=True))
            for key, model, _path in tables:
                rows = data.get(key, [])
                objects = [_build(model, row, maps, users) for row in rows]
                if model is Table:
                    for obj in objects:
                        while obj.code in taken:  # codes are unique across tournaments
                            obj.code = new_table_code()
                        taken.add(obj.code)
                created = model.objects.bulk_create(objects)
                maps[model] = {row["id"]: obj.pk for row, obj in zip(rows, created, strict=True)}
    except Refused:
        raise
    except (KeyError, TypeError, ValueError, DatabaseError) as exc:
        raise Refused(_("The backup is damaged: %(error)s") % {"error": exc}) from None
    return tournament


def loads(content: bytes, slug: str | None = None) -> Tournament:
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refused(_("This file is not a tournament backup.")) from None
    return restore(data, slug)


def write_automatic(tournament: Tournament, turn_number: int) -> Path | None:
    """The backup written when a turn is complete: BACKUP_DIR/<slug>-turno-<N>.json, replaced
    atomically by the latest state of that turn (a correction rewrites it)."""
    folder = Path(getattr(settings, "BACKUP_DIR", "") or "")
    if not str(folder):
        return None
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{tournament.slug}-turno-{turn_number}.json"
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".backup-", suffix=".json")
    with os.fdopen(fd, "wb") as handle:
        handle.write(dumps(tournament))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, target)
    return target

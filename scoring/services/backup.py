"""A whole tournament as one JSON file, and back: every row, history and log included.

The file lists each model's rows with their old ids; restoring creates new rows and maps
the old ids to the new ones, so a backup restores next to the original (under a new slug)
or into an empty database. Users are referred to by user name (left empty when missing).

A backup file is data from outside: restoring trusts nothing in it. The slug must be a valid
slug; every row is checked field by field with the models' own validators (types, ranges,
dates, choices, plan words, tie-breaks) and the JSON kept in rows by its expected shape;
every reference must point to a row of the same file; the federation's catalogue of rulings
is never changed (an unknown catalogue entry becomes the restored tournament's own); and the
restored tournament must compute its results. Anything else refuses the whole file with one
line, and nothing is written.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import LogEntry, Penalty, Prize, ResultChange, Ruling, TableReport
from scoring.services.exports import results_data
from tournaments.errors import Refused
from tournaments.models import (
    AuditEntry,
    Bye,
    Group,
    Line,
    Lineup,
    Player,
    Table,
    Team,
    Tournament,
    Turn,
    new_table_code,
)
from tournaments.services.scales import resolve_scale
from tournaments.services.snapshot import read_snapshot

FORMAT = "burraco-tournament-backup"
VERSION = 1
MAX_BACKUP_BYTES = 200 * 1024 * 1024
LARGEST = 2**63 - 1


def _models():
    """(key, model, how to find its tournament) in an order where references come first."""
    return [
        ("teams", Team, "tournament"),  # team events (Art. 2): before their players
        ("players", Player, "tournament"),
        ("lineups", Lineup, "team__tournament"),
        ("pairs", Line, "tournament"),
        ("turns", Turn, "tournament"),
        ("tables", Table, "turn__tournament"),
        ("byes", Bye, "turn__tournament"),
        ("penalties", Penalty, "tournament"),
        ("log", LogEntry, "tournament"),
        ("result_changes", ResultChange, "table__turn__tournament"),
        ("reports", TableReport, "table__turn__tournament"),
        ("audit", AuditEntry, "tournament"),
        ("groups", Group, "tournament"),
        ("prizes", Prize, "tournament"),
    ], Ruling


OPTIONAL = ("groups", "prizes", "teams", "lineups")  # parts added later: older backups lack them


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
    """Everything about a tournament as plain data (a fixed number of queries): with the
    federation's rulings and the tournament's own, never another tournament's."""
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
        "rulings": [_row(r, users) for r in Ruling.objects.for_tournament(tournament)],
    }
    for key, model, path in tables:
        data[key] = [
            _row(o, users) for o in model.objects.filter(**{path: tournament}).order_by("pk")
        ]
    return data


def dumps(tournament: Tournament) -> bytes:
    """The backup file's content: read in one snapshot that never holds the write lock (the
    desk and the phones keep writing meanwhile), turned into JSON outside any transaction."""
    with read_snapshot():
        data = dump(tournament)
    return json.dumps(data, ensure_ascii=False, indent=0).encode()


# --- Restore -------------------------------------------------------------------------------


class Damaged(Refused):
    """A backup file that cannot be restored as it is; the message says where."""

    def __init__(self, detail: str):
        detail = " ".join(str(detail).split())[:300]
        super().__init__(_("The backup is damaged: %(error)s") % {"error": detail})


def check_slug(slug) -> str:
    """A slug fit for URLs and file names: letters, digits, '-' and '_', at most 80."""
    try:
        if not isinstance(slug, str) or not 0 < len(slug) <= 80:
            raise ValidationError("length")
        validate_slug(slug)
    except ValidationError:
        raise Refused(
            _("%(slug)s is not a valid slug (letters, digits, - and _, at most 80).")
            % {"slug": json.dumps(slug, ensure_ascii=True)[:100]}
        ) from None
    return slug


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


def _shape_ok(field: str, value) -> bool:
    """The JSON some rows keep, by the shape the code reading it expects."""

    def whole(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**9

    if field in ("order", "pairs"):
        return isinstance(value, list) and all(whole(v) for v in value)
    if field == "repeats":
        return isinstance(value, list) and all(
            isinstance(p, list)
            and len(p) == 2
            and all(whole(v) for v in p)
            or _individual_repeat(p, whole)
            for p in value
        )
    if field == "lines":  # a line-up: two lines of two player numbers
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(x, list) and len(x) == 2 and all(whole(v) for v in x) for x in value)
        )
    if field == "deals":
        lines = ("ns", "ew")
        parts = ("base", "cards", "total")
        return isinstance(value, list) and all(
            isinstance(d, dict)
            and all(isinstance(d.get(line), dict) for line in lines)
            and all(whole(d[line].get(p)) for line in lines for p in parts)
            for d in value
        )
    return True


def _individual_repeat(p, whole) -> bool:
    """An individual turn's repeat: {"players": [a, b], "as": "partners" | "opponents"}."""
    players = p.get("players") if isinstance(p, dict) else None
    return (
        isinstance(players, list)
        and len(players) == 2
        and all(whole(v) for v in players)
        and p.get("as") in ("partners", "opponents")
        and len(p) == 2
    )


JSON_SHAPES = {"order", "pairs", "repeats", "deals", "lines"}


def _build(model, row, maps: dict, users: dict) -> models.Model:
    """One row as a model instance, every field checked; references mapped to new ids."""
    if not isinstance(row, dict):
        raise Damaged(f"{model.__name__}: a row is not an object")
    values, relations = {}, []
    for field in model._meta.concrete_fields:
        if field.primary_key or field.attname not in row:
            continue
        value = row[field.attname]
        if _has_nul(value):  # PostgreSQL stores no NUL, in text or in JSON
            raise Damaged(f"{model.__name__}.{field.attname}: a NUL character")
        if field.is_relation:
            relations.append(field.name)
            value = _reference(model, field, value, maps, users)
        elif isinstance(field, models.JSONField):
            if field.attname in JSON_SHAPES and not _shape_ok(field.attname, value):
                raise Damaged(f"{model.__name__}.{field.attname}: unexpected content")
        elif value is not None:
            if isinstance(value, int | float) and not isinstance(value, bool):
                if abs(value) > LARGEST:
                    raise Damaged(f"{model.__name__}.{field.attname}: number out of range")
            elif isinstance(value, bool) != isinstance(field, models.BooleanField) or not (
                isinstance(value, str | bool)
            ):
                raise Damaged(f"{model.__name__}.{field.attname}: not a plain value")
            value = field.to_python(value)
        values[field.attname] = value
        if value is None and field.null:
            relations.append(field.name)  # an empty value the model allows: nothing to check
    obj = model(**values)
    obj.clean_fields(exclude=relations)
    return obj


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def _reference(model, field, value, maps: dict, users: dict):
    if value is None:
        return None
    target = field.related_model
    if target is get_user_model():
        if not isinstance(value, str):
            raise Damaged(f"{model.__name__}.{field.attname}: a user name is not text")
        return users.get(value)
    if target not in maps or isinstance(value, bool) or not isinstance(value, int):
        raise Damaged(f"{model.__name__}.{field.attname}: bad reference")
    if value not in maps[target]:
        raise Damaged(f"{model.__name__}.{field.attname}: refers to a row not in the file")
    return maps[target][value]


def _ids(rows: list, key: str) -> list[int]:
    ids = [row.get("id") if isinstance(row, dict) else None for row in rows]
    if any(isinstance(i, bool) or not isinstance(i, int) for i in ids) or len(set(ids)) != len(ids):
        raise Damaged(f"{key}: rows without a unique id")
    return ids


def _check_header(data) -> tuple[dict, list]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused(_("This file is not a tournament backup."))
    if data.get("version") != VERSION:
        version = json.dumps(data.get("version"))[:20]
        raise Refused(_("Backup version %(v)s is not supported.") % {"v": version})
    tables, _ruling = _models()
    missing = [
        k
        for k in ["tournament", *[k for k, _m, _p in tables]]
        if k not in data and k not in OPTIONAL
    ]
    if missing:
        raise Damaged(f"the part {missing[0]} is missing")
    if not isinstance(data["tournament"], dict):
        raise Damaged("tournament: not an object")
    for key in [k for k, _m, _p in tables] + ["rulings", "referees"]:
        if not isinstance(data.get(key, []), list):
            raise Damaged(f"{key}: not a list")
    referees = data.get("referees", [])
    if not all(isinstance(name, str) for name in referees):
        raise Damaged("referees: a user name is not text")
    return data["tournament"], referees


def _rulings(data: dict, tournament: Tournament, old_id, users: dict) -> dict:
    """The backup's rulings: the federation's matched by code (never created or changed); the
    tournament's own, and catalogue entries this database lacks, become the new tournament's."""
    _tables, Ruling = _models()
    rows = data.get("rulings", [])
    ids = _ids(rows, "rulings")
    catalogue = dict(Ruling.objects.filter(tournament=None).values_list("code", "pk"))
    mapping: dict = {}
    own: dict[str, int] = {}
    for old, row in zip(ids, rows, strict=True):
        owner = row.get("tournament_id")
        if owner is not None and owner != old_id:
            raise Damaged("rulings: an entry of another tournament")
        code = row.get("code")
        if owner is None and isinstance(code, str) and code in catalogue:
            mapping[old] = catalogue[code]
            continue
        if code in own:
            mapping[old] = own[code]
            continue
        clean = {k: v for k, v in row.items() if k not in ("tournament_id", "id")}
        ruling = _build(Ruling, clean, {}, users)
        ruling.tournament = tournament
        ruling.save()
        own[ruling.code] = mapping[old] = ruling.pk
    return mapping


def _create_rows(data: dict, maps: dict, users: dict) -> None:
    tables, _ruling = _models()
    taken = set(Table.objects.values_list("code", flat=True))
    for key, model, _path in tables:
        rows = data.get(key, [])
        ids = _ids(rows, key)
        objects = [_build(model, row, maps, users) for row in rows]
        if model is Table:
            for obj in objects:
                while obj.code in taken:  # codes are unique across tournaments
                    obj.code = new_table_code()
                taken.add(obj.code)
        created = model.objects.bulk_create(objects)
        maps[model] = {old: obj.pk for old, obj in zip(ids, created, strict=True)}


def _restore(data: dict, slug: str | None) -> Tournament:
    row, referees = _check_header(data)
    slug = check_slug(slug if slug is not None else row.get("slug"))
    if Tournament.objects.filter(slug=slug).exists():
        raise Refused(
            _("A tournament with slug %(slug)s already exists: choose another slug.")
            % {"slug": slug}
        )
    User = get_user_model()
    users = {name: pk for pk, name in User.objects.values_list("id", User.USERNAME_FIELD)}
    old_id = row.get("id")
    if isinstance(old_id, bool) or not isinstance(old_id, int):
        raise Damaged("tournament: no id")
    _tables, Ruling = _models()
    with transaction.atomic(), _keeping_dates():
        tournament = _build(Tournament, {**row, "slug": slug}, {}, users)
        tournament.clean()
        tournament.save()
        tournament.referees.set(User.objects.filter(**{f"{User.USERNAME_FIELD}__in": referees}))
        maps: dict = {Tournament: {old_id: tournament.pk}}
        maps[Ruling] = _rulings(data, tournament, old_id, users)
        _create_rows(data, maps, users)
        _computes(tournament)
    return tournament


def _computes(tournament: Tournament) -> None:
    """The restored tournament must give its results: a file whose rows contradict each
    other (a table of a pair from another turn…) is refused here, inside the transaction."""
    resolve_scale(tournament.vp_scale)
    try:
        results_data(tournament)
    except Refused:
        raise
    except Exception as exc:  # any failure means rows that do not fit together
        raise Damaged(f"its results cannot be computed ({type(exc).__name__})") from None


def restore(data: dict, slug: str | None = None) -> Tournament:
    """Create the tournament of a backup (under `slug` when given): all or nothing."""
    try:
        return _restore(data, slug)
    except Refused:
        raise
    except ValidationError as exc:
        detail = "; ".join(
            f"{k}: {v[0]}" for k, v in getattr(exc, "message_dict", {"": exc.messages}).items()
        )
        raise Damaged(detail) from None
    except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise Damaged(f"{type(exc).__name__}: {exc}") from None
    except DatabaseError as exc:
        raise Damaged(f"{type(exc).__name__}: {exc}") from None


def loads(content: bytes, slug: str | None = None) -> Tournament:
    if slug is not None:
        check_slug(slug)
    if len(content) > MAX_BACKUP_BYTES:
        raise Refused(_("This file is too large to be a tournament backup."))
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(_("This file is not a tournament backup.")) from None
    return restore(data, slug)


# --- Files ---------------------------------------------------------------------------------


def file_in(folder: Path, slug: str, suffix: str) -> Path:
    """`folder/<slug><suffix>`, from a validated slug, never outside `folder`."""
    check_slug(slug)
    target = (folder / f"{slug}{suffix}").resolve()
    if target.parent != folder.resolve():
        raise Refused(_("%(slug)s cannot name a backup file.") % {"slug": slug})
    return target


def write_file(target: Path, payload: bytes) -> None:
    """Written beside the target, then renamed over it: a reader never sees half a file."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".backup-", suffix=".json")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_automatic(tournament: Tournament, turn_number: int) -> Path | None:
    """The backup written when a turn is complete: BACKUP_DIR/<slug>-turno-<N>.json, replaced
    atomically by the latest state of that turn (a correction rewrites it)."""
    folder = Path(getattr(settings, "BACKUP_DIR", "") or "")
    if not str(folder):
        return None
    folder.mkdir(parents=True, exist_ok=True)
    try:
        target = file_in(folder, tournament.slug, f"-turno-{int(turn_number)}.json")
    except Refused as exc:
        logging.getLogger(__name__).error("no automatic backup: %s", exc.message)
        return None
    write_file(target, dumps(tournament))
    return target

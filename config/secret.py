"""The secret key of a hall laptop: random, made once, kept in a file beside the database.

Sessions, CSRF tokens and password-reset links are signed with it, so it must be secret and
stable: generated with `secrets` on the first run, written with mode 0600 (created whole,
never half-written, even when several server processes start at once), read back afterwards.
An internet server sets DJANGO_SECRET_KEY instead (required with DJANGO_SECURE=1).
"""

from __future__ import annotations

import os
import secrets
import stat
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

FILENAME = ".django-secret-key"


def key_file(database: dict, base_dir: Path) -> Path:
    """DJANGO_SECRET_KEY_FILE, else beside the SQLite file, else in the project folder."""
    given = os.environ.get("DJANGO_SECRET_KEY_FILE")
    if given:
        return Path(given)
    name = str(database.get("NAME") or "")
    if database.get("ENGINE", "").endswith("sqlite3") and name and ":memory:" not in name:
        if not name.startswith("file:"):
            return Path(name).resolve().parent / FILENAME
    return base_dir / FILENAME


def _read(path: Path) -> str:
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        try:
            path.chmod(0o600)  # someone loosened it: only the owner reads a secret
        except OSError:
            raise ImproperlyConfigured(
                f"{path} can be read by other users: chmod 600 it (it holds the secret key)"
            ) from None
    key = path.read_text(encoding="ascii").strip()
    if len(key) < 50:
        raise ImproperlyConfigured(f"{path} does not hold a secret key: delete it or fix it")
    return key


def key_beside(database: dict, base_dir: Path) -> str:
    path = key_file(database, base_dir)
    if path.exists():
        return _read(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret-")  # mode 0600
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(48) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, path)  # only one process creates it; the others read the winner's
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    except OSError as exc:
        raise ImproperlyConfigured(
            f"cannot keep a secret key in {path} ({exc.strerror}): set DJANGO_SECRET_KEY "
            "or DJANGO_SECRET_KEY_FILE"
        ) from None
    return _read(path)

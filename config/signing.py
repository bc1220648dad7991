"""The installation's Ed25519 key, which signs its homologation packages.

Made once on the first use and kept beside the database (like the secret key: mode 0600,
created whole even when several processes start at once), or where
DJANGO_HOMOLOGATION_KEY_FILE says. Its public half is shown on every tournament's settings
page and given to the federation's hub when the club registers.
"""

from __future__ import annotations

import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.secret import key_file
from scoring.rules.homologation import public_key_text, raw_public_key

FILENAME = ".homologation-key.pem"


def key_path() -> Path:
    from django.conf import settings

    given = getattr(settings, "HOMOLOGATION_KEY_FILE", "")
    if given:
        return Path(given)

    return key_file({**settings.DATABASES["default"]}, settings.BASE_DIR).with_name(FILENAME)


def _create(path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".hkey-")  # mode 0600
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.link(tmp, path)  # only one process creates it; the others read the winner's
    except FileExistsError:
        pass
    finally:
        os.unlink(tmp)


@lru_cache(maxsize=4)
def _load(path: str):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    p = Path(path)
    if p.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        p.chmod(0o600)
    key = serialization.load_pem_private_key(p.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ImproperlyConfigured(f"{p} does not hold an Ed25519 private key")
    return key


def private_key():
    path = key_path()
    if not path.exists():
        try:
            _create(path)
        except OSError as exc:
            raise ImproperlyConfigured(
                f"cannot keep the homologation key in {path} ({exc.strerror}): "
                "set DJANGO_HOMOLOGATION_KEY_FILE"
            ) from None
    return _load(str(path))


def public_key() -> str:
    """`ed25519:<base64>`, as printed on the settings page."""

    return public_key_text(raw_public_key(private_key().public_key()))

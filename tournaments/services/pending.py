"""A pairs file between its preview and its confirmation, kept on the server.

The browser gets only a random token; the file stays in the database (every worker of a
multi-process server sees it), bound to the user, the session and the tournament, and is
removed when confirmed, when the same referee previews another file, or after an hour.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.models import PendingImport, Tournament

KEEP = timedelta(hours=1)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def sweep() -> int:
    """Forget the files previewed over an hour ago and never confirmed."""
    deleted, _detail = PendingImport.objects.filter(created_at__lt=timezone.now() - KEEP).delete()
    return deleted


def keep(tournament: Tournament, user, session_key: str, name: str, data: bytes) -> str:
    """Keep the file; the token the confirmation form carries."""
    sweep()
    PendingImport.objects.filter(tournament=tournament, user=user).delete()
    token = secrets.token_urlsafe(32)
    PendingImport.objects.create(
        tournament=tournament,
        user=user,
        session_key=session_key,
        token_hash=_hash(token),
        name=name[:255],
        content=data,
    )
    return token


def take(tournament: Tournament, user, session_key: str, token: str) -> PendingImport:
    """The file previewed with `token` by this user, in this session, for this tournament."""
    found = (
        PendingImport.objects.filter(
            token_hash=_hash(str(token)[:200]),
            tournament=tournament,
            user=user,
            session_key=session_key,
            created_at__gte=timezone.now() - KEEP,
        ).first()
        if token
        else None
    )
    if found is None:
        raise Refused(
            _("The preview has expired or belongs to another session: upload the file again.")
        )
    return found


def forget(pending: PendingImport) -> None:
    PendingImport.objects.filter(pk=pending.pk).delete()

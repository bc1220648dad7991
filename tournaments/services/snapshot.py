"""Consistent reads that never hold the write lock.

On SQLite every transaction of this app begins IMMEDIATE (it takes the write lock at its
start: see config/settings.py), which is right for writes and wrong for a long read such as
a backup dump. `read_snapshot()` reads in a transaction of its own that sees one state of the
database and lets writers go on meanwhile: DEFERRED on SQLite (a WAL reader), READ ONLY and
REPEATABLE READ on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connections, transaction


@contextmanager
def read_snapshot(using: str = "default") -> Iterator[None]:
    """Read-only queries inside see one state of the database; nothing is locked.

    Inside an atomic block already, it simply runs there (that block decides).
    """
    connection = connections[using]
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        connection.ensure_connection()  # connecting resets transaction_mode from the settings
        mode = connection.transaction_mode
        connection.transaction_mode = "DEFERRED"
        try:
            with transaction.atomic(using=using):
                connection.transaction_mode = mode
                yield
        finally:
            connection.transaction_mode = mode
        return
    with transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield

import contextlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "default")


@pytest.fixture(autouse=True)
def documents_inline(settings, tmp_path):
    """Build documents in the test's own thread (and database transaction); automatic backups
    go to the test's own folder."""
    settings.DOCUMENTS_SYNC = True
    settings.TASKS_INLINE = True
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.HOMOLOGATION_KEY_FILE = str(tmp_path / "homologation-key.pem")


@pytest.fixture(autouse=True)
def english_messages():
    """Rules and adapters speak the active language: the tests read their messages in English
    (pages are asked for in Italian or English explicitly, documents are Italian)."""
    from django.utils import translation

    with translation.override("en"):
        yield


DB_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


@pytest.fixture(scope="session")
def migrated_catalogue(django_db_setup, django_db_blocker):
    """The federation's ruling catalogue as the migrations load it (serialized once)."""
    from django.core import serializers

    from scoring.models import Ruling

    with django_db_blocker.unblock():
        return serializers.serialize("json", Ruling.objects.filter(tournament=None))


@pytest.fixture(autouse=True)
def data_of_the_migrations_survives(request):
    """A test on a real transaction (live servers, other processes) ends by emptying every
    table, the ruling catalogue that a migration loaded included. The suite runs on two
    processes (pytest-xdist), so such a test may come before one that needs the catalogue:
    every database test finds it put back (in its own transaction when it has one)."""
    marker = request.node.get_closest_marker("django_db")
    used = DB_FIXTURES & set(request.fixturenames)
    if marker or used:
        from django.core import serializers

        from scoring.models import Ruling

        catalogue = request.getfixturevalue("migrated_catalogue")
        transactional = bool(used - {"db"}) or bool(marker and marker.kwargs.get("transaction"))
        request.getfixturevalue("transactional_db" if transactional else "db")
        try:
            missing = not Ruling.objects.filter(tournament=None).exists()
        except RuntimeError:  # the test runs the app in other processes, on databases of
            missing = False  # its own, and keeps this process off the test database
        if missing:
            for obj in serializers.deserialize("json", catalogue):
                obj.save()
    yield


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """A test database of this run's own on PostgreSQL (`test_<name>_<process id>`), so two
    runs on one server (two checkouts, CI beside a developer) never drop each other's."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("postgresql"):
        db.setdefault("TEST", {})["NAME"] = f"test_{db['NAME']}_{os.getpid()}"


# --- no test writes into the checkout -----------------------------------------------------

CHECKOUT = Path(__file__).resolve().parent.parent
# Where the app writes when nobody tells it otherwise (config/settings.py, bench/): the
# automatic backups, uploads, benchmark output, a collectstatic, the homologation key.
WRITTEN_BY_THE_APP = ("backups", "media", "bench/out", "staticfiles", ".homologation-key.pem")
# The hall's own database (`make run`): a test may never create it; it is not compared
# file by file, since an app serving from this checkout may write it while the tests run.
HALL_DATABASE = ("db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3-journal")


def checkout_state() -> dict[str, tuple]:
    """What the app's own places in the checkout hold: path -> (size, modification time)."""
    state: dict[str, tuple] = {rel: () for rel in HALL_DATABASE if (CHECKOUT / rel).exists()}
    for rel in WRITTEN_BY_THE_APP:
        top = CHECKOUT / rel
        for path in [top, *top.rglob("*")] if top.is_dir() else [top]:
            with contextlib.suppress(FileNotFoundError):
                st = path.stat()
                if not path.is_dir():
                    state[str(path.relative_to(CHECKOUT))] = (st.st_size, st.st_mtime_ns)
    return state


@pytest.fixture(autouse=True)
def checkout_untouched():
    """A test writes only in its temporary folders: a backup, an upload, a key or a database
    that appears or changes in the checkout fails the test that wrote it (with two processes,
    possibly the one running beside it too)."""
    before = checkout_state()
    yield
    after = checkout_state()
    touched = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
    if touched:
        pytest.fail(
            "the test wrote into the checkout (give it a temporary folder, e.g. "
            f"DJANGO_BACKUP_DIR for a process of its own): {', '.join(touched)}",
            pytrace=False,
        )

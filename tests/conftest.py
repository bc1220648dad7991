import os

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


@pytest.fixture(autouse=True)
def english_messages():
    """Rules and adapters speak the active language: the tests read their messages in English
    (pages are asked for in Italian or English explicitly, documents are Italian)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """A test database of this run's own on PostgreSQL (`test_<name>_<process id>`), so two
    runs on one server (two checkouts, CI beside a developer) never drop each other's."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("postgresql"):
        db.setdefault("TEST", {})["NAME"] = f"test_{db['NAME']}_{os.getpid()}"

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
    settings.BACKUP_DIR = tmp_path / "backups"


@pytest.fixture(autouse=True)
def english_messages():
    """Rules and adapters speak the active language: the tests read their messages in English
    (pages are asked for in Italian or English explicitly, documents are Italian)."""
    from django.utils import translation

    with translation.override("en"):
        yield

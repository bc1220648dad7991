import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "default")


@pytest.fixture(autouse=True)
def documents_inline(settings):
    """Build documents in the test's own thread (and database transaction)."""
    settings.DOCUMENTS_SYNC = True


@pytest.fixture(autouse=True)
def english_messages():
    """Rules and adapters speak the active language: the tests read their messages in English
    (pages are asked for in Italian or English explicitly, documents are Italian)."""
    from django.utils import translation

    with translation.override("en"):
        yield

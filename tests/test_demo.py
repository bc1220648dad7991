"""`demo_tournament`: what `make run` loads into an empty database."""

import pytest
from django.contrib.auth import get_user_model

from tests.helpers import export, run
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_demo_is_realistic_and_loaded_once():
    out = run("demo_tournament", "--if-empty")
    assert "Referee login" in out
    data = export("demo")
    assert len(data["pairs"]) == 26
    assert data["tournament"]["plan"] == ["mitchell"] * 3 + ["danish"] * 2
    assert data["tournament"]["deals"] == 3
    played = [t for t in data["turns"] if all(x["ns_points"] is not None for x in t["tables"])]
    assert len(played) == 3 and len(data["turns"]) == 4
    assert data["turns"][3]["movement"] == "danish"
    assert all(p["players"][0]["membership"] for p in data["pairs"])
    assert get_user_model().objects.filter(username="arbitro").exists()
    run("demo_tournament", "--if-empty")
    assert Tournament.objects.count() == 1

"""`demo_tournament`: what `make run` loads into an empty database, and the referee account
it creates on the very first run only."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password

from tests.helpers import export, make_tournament, run
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
    referee = get_user_model().objects.get(username="arbitro")
    assert Tournament.objects.get(slug="demo").referees.filter(pk=referee.pk).exists()
    again = run("demo_tournament", "--if-empty")
    assert Tournament.objects.count() == 1
    assert "password" not in again  # printed once, on the first run only


def test_the_first_run_prints_a_random_password_that_works():
    out = run("demo_tournament", "--if-empty")
    password = re.search(r"password '([^']+)'", out).group(1)
    user = get_user_model().objects.get(username="arbitro")
    assert user.check_password(password) and user.is_superuser
    assert password != "burraco" and len(password) >= 16
    validate_password(password, user)  # the standard validators accept it


def test_no_account_is_created_or_reset_in_a_database_with_tournaments(tmp_path):
    make_tournament(tmp_path, slug="mine", pairs=4, turns=1)
    out = run("demo_tournament", "--if-empty")
    assert "password" not in out and not get_user_model().objects.exists()
    user = get_user_model().objects.create_user("arbitro", password="Mine-own-2026!")
    run("demo_tournament", "--slug", "demo")  # a demo beside the referee's tournaments
    user.refresh_from_db()
    assert user.check_password("Mine-own-2026!")  # never reset


def test_no_account_is_added_beside_existing_users():
    get_user_model().objects.create_user("rossi", password="Rossi-own-2026!")
    out = run("demo_tournament", "--if-empty")
    assert "password" not in out
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["rossi"]

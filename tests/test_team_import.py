"""A team event's file of teams at the desk goes through the preview (issue 25, item 4:
registration with the import preview for every kind): every row with its problems first,
nothing saved until the referee confirms, all or nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.helpers import make_tournament, refused, run
from tournaments.models import Player, Team

pytestmark = pytest.mark.django_db

HEADER = "Squadra;Cognome;Nome;Tessera;Circolo"


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="x", is_staff=True)
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return client


@pytest.fixture
def event():
    run("tournament_create", "--slug", "sq", "--name", "Squadre", "--date", "2026-11-21",
        "--kind", "teams", "--plan", "round-robin:3")  # fmt: skip
    return "sq"


def upload(rows: list[str], name="squadre.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, "\n".join([HEADER, *rows]).encode("cp1252"))


def team(name: str, n: int, card: str = "T") -> list[str]:
    return [f"{name};Rossi{p};Paolo;{card}{name[-1]}{p};Circolo Roma" for p in range(1, n + 1)]


def test_a_clean_file_is_previewed_then_saved_on_confirmation(referee, event):
    url = reverse("team_import", args=[event])
    preview = referee.post(url, {"file": upload(team("Squadra A", 4) + team("Squadra B", 6))})
    assert preview.status_code == 200
    html = preview.content.decode()
    assert "squadre.csv: 2 squadre" in html and "Rossi1 Paolo" in html
    assert not Team.objects.exists()  # nothing saved by the preview
    token = preview.context["token"]
    done = referee.post(url, {"token": token})
    assert done.status_code == 302 and done["Location"] == reverse("teams", args=[event])
    assert list(Team.objects.order_by("number").values_list("name", flat=True)) == [
        "Squadra A",
        "Squadra B",
    ]
    first = Player.objects.get(number=1)
    assert (first.surname, first.given_name, first.club) == ("Rossi1", "Paolo", "Circolo Roma")
    # the token is spent: a second confirmation saves nothing more
    assert referee.post(url, {"token": token}).status_code == 400
    assert Team.objects.count() == 2


def test_every_problem_is_named_with_its_row_and_nothing_is_saved(referee, event):
    run("teams_import", event, write(team("Squadra Z", 4, card="Z")))
    rows = (
        team("Squadra A", 3)  # rows 2-4: three players (Art. 2: 4 to 6)
        + ["Squadra B;;;TB0;"]  # row 5: no player
        + team("Squadra B", 4)  # rows 6-9
        + ["Squadra B;Neri;Anna;TA1;"]  # row 10: the card of row 2
        + team("Squadra Z", 4, card="Y")  # rows 11-14: a team already registered
    )
    page = referee.post(reverse("team_import", args=[event]), {"file": upload(rows)})
    assert page.status_code == 400
    problems = page.context["problem_lines"]
    text = "\n".join(problems)
    assert "riga 2: una squadra ha da 4 a 6 giocatori, non 3 (squadra Squadra A)" in text
    assert "riga 5: la squadra e il giocatore servono entrambi" in text.lower()
    assert "riga 10: il numero di tessera TA1 è già alla riga 2" in text
    assert "riga 11: la squadra Squadra Z è già iscritta" in text
    assert len(problems) == 4  # a team's problem once, on its first row
    assert "token" not in page.context or not page.context["token"]
    assert Team.objects.count() == 1  # only the one registered before


def write(rows: list[str]) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as f:
        f.write("\n".join([HEADER, *rows]))
    return f.name


def test_the_command_keeps_refusing_the_first_bad_row(event):
    refused("teams_import", event, write(["Squadra A;;;T1;"]), match="Line 2: The team and")


def test_only_a_team_event_has_the_team_import(referee, tmp_path):
    slug = make_tournament(tmp_path, slug="cp", pairs=4, turns=2)
    page = referee.get(reverse("team_import", args=[slug]))
    assert page.status_code == 302 and page["Location"] == reverse("dashboard", args=[slug])

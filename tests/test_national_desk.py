"""Issue 19 items 3-6 at the desk and on the players' pages (Django's test client)."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.helpers import run, shown
from tests.test_national_registration import MEMBERS_CSV, PAIRS_CSV, create, members, register
from tournaments.models import AuditEntry, Member, MemberList, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


@pytest.fixture
def national(tmp_path, referee):
    create("n", "--level", "regionale")
    register(tmp_path)
    members(tmp_path)
    Tournament.objects.get(slug="n").referees.add(referee)
    return "n"


def url(name, *args, query=""):
    return reverse(name, args=["n", *args]) + (f"?{query}" if query else "")


def test_the_membership_page_lists_every_flag(client, national, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        page = client.get(url("membership")).content.decode()
    for text in (
        "12AB is not in the federation",
        "the card 1006 belongs to Gialli Ugo",
        "the card 1004 expired on 31/12/2025",
        "a reduced card does not allow a regional tournament",
        "NON TESSERATO is not a membership number",
        "6 members",
    ):
        assert text in page, text
    flags = page.split('class="membership"')[1].split("</table>")[0]
    assert "None" not in shown(page) and "ridotta" not in flags  # the card named, never its code


def test_admit_logs_the_reason_and_empty_is_400(client, national):
    response = client.post(url("membership_admit"), {"pair": "4", "player": "1", "reason": ""})
    assert response.status_code == 400
    assert not AuditEntry.objects.filter(action="member-admit").exists()
    response = client.post(
        url("membership_admit"), {"pair": "4", "player": "1", "reason": "tessera in arrivo"}
    )
    assert response.status_code == 302
    page = client.get(url("membership")).content.decode()
    assert "admitted" in page and "tessera in arrivo" in page
    assert client.post(url("membership_admit"), {"pair": "99", "reason": "x"}).status_code == 400


def allow_member_list(user) -> None:
    from django.contrib.auth.models import Permission

    user.user_permissions.add(Permission.objects.get(codename="add_memberlist"))


def test_loading_a_member_list_at_the_desk(client, national, referee):
    allow_member_list(referee)
    bad = SimpleUploadedFile("soci.csv", b"Tessera;Cognome;Nome;Anno\n;Rossi;Mario;2026\n")
    response = client.post(url("member_list"), {"file": bad})
    assert response.status_code == 400
    assert "Row 2: no membership number" in response.content.decode()
    assert Member.objects.count() == 6
    good = SimpleUploadedFile("nuovi.csv", MEMBERS_CSV.replace("31/12/2025", "31/12/2026").encode())
    assert client.post(url("member_list"), {"file": good}).status_code == 302
    page = client.get(url("membership")).content.decode()
    assert "nuovi.csv" in page and "expired" not in page


def test_pairs_filters_and_export(client, national, django_assert_max_num_queries):
    def numbers(query):
        with django_assert_max_num_queries(16):
            response = client.get(url("pairs", query=query))
        return [row.record.number for row in response.context["table"].page.object_list]

    assert numbers("") == [1, 2, 3, 4]
    assert numbers("club=cesena") == [2]
    assert numbers("province=FC") == [1, 2]
    assert numbers("region=Emilia-Romagna") == [1, 2, 3, 4]
    assert numbers("flag=problems") == [2, 3, 4]
    assert numbers("flag=ok") == [1]
    from openpyxl import load_workbook

    data = client.get(url("pairs", query="province=FC&_export=xlsx")).content
    rows = list(load_workbook(io.BytesIO(data)).active.iter_rows(values_only=True))
    assert rows[0][-4:] == ("Club 2", "Province", "Region", "Membership check")
    assert rows[1][-4:-1] == ("Forlì", "FC", "Emilia-Romagna")
    assert rows[2][-1].startswith("DANGELO NICOLO: a reduced card")
    # the export reads back: club 2, province and region included
    from tournaments.services.imports import read_pairs

    again = read_pairs("back.xlsx", data)
    assert (again.rows[1].club2, again.rows[1].province) == ("Cesena", "FC")


def test_the_pair_form_keeps_surnames_and_sets_province(client, national):
    form = client.get(url("pair_edit", 1)).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update(province="RA", club2="Ravenna")
    assert client.post(url("pair_edit", 1), data).status_code == 302
    pair = Tournament.objects.get(slug="n").pairs.select_related("player1", "player2").get(number=1)
    assert (pair.province, pair.player2.club, pair.player1.surname) == ("RA", "Ravenna", "Rossi")


def test_seating_by_surname_on_the_desk_and_the_public_page(client, national):
    run("turn_seat", "n")
    run("turn_release", "n")
    page = client.get(url("seating", query="turn=1&order=alpha")).content.decode()
    names = ["Bianchi Anna", "Blu Carla", "DANGELO NICOLO", "Gialli Ugo", "Rossi Mario"]
    positions = [page.index(f"<strong>{n}</strong>") for n in names]
    assert positions == sorted(positions)
    public = client.get(reverse("public_home", args=["n"]) + "?order=alpha").content.decode()
    positions = [public.index(f"<b>{n}</b>") for n in names]
    assert positions == sorted(positions)
    found = client.get(reverse("public_home", args=["n"]) + "?order=alpha&q=dangelo")
    assert "DANGELO NICOLO" in found.content.decode()
    assert "Rossi Mario" not in found.content.decode()


def test_the_settings_page_names_rules_and_scales(client, national):
    page = client.get(url("tournament_edit")).content.decode()
    assert "FIBUR, current Codice di Gara (clean 200, semi-clean 150, dirty 100)" in page
    assert "FIBUR, Codice di Gara vigente: tabella secondo le smazzate del turno" in page
    assert "Regional tournament" in page


def test_the_import_preview_shows_every_column_read(client, national):
    Tournament.objects.create(slug="m", name="M", date="2026-11-21", turns=2, plan=["mitchell"] * 2)
    Tournament.objects.get(slug="m").referees.add(get_user_model().objects.get())
    upload = SimpleUploadedFile("iscritti.csv", PAIRS_CSV.encode())
    page = client.post(reverse("pair_import", args=["m"]), {"file": upload}).content.decode()
    for text in (
        "Club 2",
        "Province",
        "Emilia-Romagna",
        "DANGELO NICOLO",
        "Columns not read: Note",
    ):
        assert text in page, text


def test_the_notice_board_pdf_by_surname(national, tmp_path):
    import subprocess

    from scoring.documents import sheets

    run("turn_seat", "n")
    t = Tournament.objects.get(slug="n")
    pdf = sheets.seating_alpha_pdf(t, t.turn_set.get(), language="it")
    path = tmp_path / "alpha.pdf"
    import os

    if os.environ.get("KEEP_PDF"):
        path = __import__("pathlib").Path(os.environ["KEEP_PDF"])
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True)
    names = ["Bianchi Anna", "Blu Carla", "DANGELO NICOLO", "Gialli Ugo", "Rossi Mario", "Verdi"]
    assert all(n in text.stdout for n in names)  # the order: tests of by_surname
    assert "per cognome" in text.stdout and "None" not in text.stdout


def test_the_seating_page_shows_the_spread_report(client, referee, tmp_path):
    create("s", "--first-seating", "spread", "--seed", "3", plan="mitchell:2")
    register(tmp_path, "s")
    Tournament.objects.get(slug="s").referees.add(referee)
    run("turn_seat", "s")
    page = client.get(reverse("seating", args=["s"])).content.decode()
    assert "Clubs kept apart" in page and "seed 3" in page


def test_only_an_administrator_or_a_permitted_user_replaces_the_member_list(
    client, national, referee
):
    """The list is the installation's, read by every tournament: a referee of one tournament
    may not replace it (403, in Italian, nothing changed); a superuser may."""
    client.cookies["django_language"] = "it"
    page = client.get(url("membership")).content.decode()
    assert "Carica l'elenco" not in page and "Solo un amministratore" in page
    good = SimpleUploadedFile("nuovi.csv", MEMBERS_CSV.encode())
    refused = client.post(url("member_list"), {"file": good})
    assert refused.status_code == 403
    body = refused.content.decode()
    assert "Solo un amministratore" in body and "L'elenco caricato prima non cambia" in body
    assert Member.objects.count() == 6
    assert not MemberList.objects.filter(name="nuovi.csv").exists()
    boss = get_user_model().objects.create_superuser("boss", password="pw-boss-123")
    client.force_login(boss)
    good = SimpleUploadedFile("nuovi.csv", MEMBERS_CSV.encode())
    assert client.post(url("member_list"), {"file": good}).status_code == 302
    assert "nuovi.csv" in client.get(url("membership")).content.decode()

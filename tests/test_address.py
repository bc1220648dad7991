"""The right address on every QR code (issue 14 item 5): settings show it, a local one is
warned about on the settings, print and seating pages and on the poster, and the printed
score sheets, pair cards and poster carry it."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.documents import sheets
from tests.helpers import make_tournament, run
from tournaments.models import Tournament
from tournaments.services import address

pytestmark = pytest.mark.django_db

WARNING = "Phones cannot open this address"


@pytest.fixture
def lan(monkeypatch):
    """The laptop's addresses on the local network, as the app would detect them."""
    found = ["192.168.1.10"]
    monkeypatch.setattr(address, "network_addresses", lambda: list(found))
    return found


@pytest.fixture
def desk(client, tmp_path, settings):
    settings.PUBLIC_URL = ""
    user = get_user_model().objects.create_user("arbitro", password="x")
    slug = make_tournament(tmp_path, slug="qr", pairs=6, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"  # messages below are checked in English
    return slug


def page(client, name, slug, host="127.0.0.1"):
    return client.get(reverse(name, args=[slug]), HTTP_HOST=host).content.decode()


def test_settings_show_the_lan_address_when_the_referee_uses_localhost(client, desk, lan):
    html = page(client, "tournament_edit", desk)
    assert "http://192.168.1.10/" in html
    assert WARNING not in html


def test_settings_warn_when_phones_would_get_localhost(client, desk, lan):
    lan.clear()
    for name in ("tournament_edit", "documents"):
        html = page(client, name, desk, host="localhost:8000")
        assert "http://localhost:8000/" in html and WARNING in html
    run("turn_seat", desk)
    assert WARNING in page(client, "seating", desk, host="localhost:8000")


def test_the_configured_address_is_shown_and_a_local_one_warned(client, desk, lan, settings):
    settings.PUBLIC_URL = "http://torneo.lan:8000"
    html = page(client, "documents", desk)
    assert "http://torneo.lan:8000/" in html and "DJANGO_PUBLIC_URL" in html
    assert WARNING not in html
    settings.PUBLIC_URL = "http://127.0.0.1:8000"
    assert WARNING in page(client, "documents", desk)


def test_poster_cards_and_sheets_carry_the_phones_address(client, desk, lan, monkeypatch):
    client.cookies["django_language"] = "en"
    poster = page(client, "public_poster", desk)
    assert f"http://192.168.1.10/t/{desk}/" in poster and WARNING not in poster
    lan.clear()
    assert WARNING in page(client, "public_poster", desk)
    lan.append("192.168.1.10")

    coded = []
    real = sheets.qr_png
    monkeypatch.setattr(sheets, "qr_png", lambda url: coded.append(url) or real(url))
    Tournament.objects.filter(slug=desk).update(table_entry=True)
    run("turn_seat", desk)
    response = client.post(
        reverse("document_request", args=[desk]),
        {"kind": "sheets", "turn": 1},
        HTTP_HOST="127.0.0.1:8000",
    )
    assert response.status_code == 302
    assert coded and all(u.startswith("http://192.168.1.10:8000/s/") for u in coded)

    shown = []
    real_svg = sheets.qr_svg
    monkeypatch.setattr(sheets, "qr_svg", lambda url: shown.append(url) or real_svg(url))
    client.post(reverse("document_request", args=[desk]), {"kind": "cards"}, HTTP_HOST="localhost")
    assert shown == [f"http://192.168.1.10/t/{desk}/"]


def test_a_background_build_without_a_browser_uses_the_lan_address(lan, settings):
    settings.PUBLIC_URL = ""
    assert sheets.base_url() == "http://192.168.1.10:8000"
    assert sheets.base_url("http://x.lan/") == "http://x.lan"

"""Issue 17 in a real browser, on two servers on loopback: the club (pytest-django's live
server) seals a tournament's package at the desk and verifies it; a hub (gunicorn started
here, DJANGO_ROLE=hub, its own SQLite database) registers the club and receives the push; a
phone finds a player's history on the hub, by a name typed without accents."""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from config import signing
from scoring.models import HomologationPackage
from tests.browser.test_referee_flow import login_with_cookie
from tests.helpers import make_tournament, play_turn, run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 740}
PAIRS = """player1,player2,membership1,membership2,club
Nicolò D'Angelo,Zoë Bianchi,T001,T002,Circolo Lucca
Mario Rossi,Anna Verdi,T003,T004,Circolo Pisa
Luca Neri,Sara Blu,T005,T006,Circolo Pisa
Pietro Gialli,Eva Rosa,T007,T008,Circolo Siena
"""


@pytest.fixture
def hub_server(tmp_path):
    """A second installation: gunicorn with DJANGO_ROLE=hub on its own SQLite file."""
    env = {
        **os.environ,
        "DJANGO_ROLE": "hub",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'hub.sqlite3'}",
        "DJANGO_HOMOLOGATION_KEY_FILE": str(tmp_path / "hub-key.pem"),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    gunicorn = Path(python).parent / "gunicorn"
    process = subprocess.Popen(
        [str(gunicorn), "config.wsgi", "--workers", "1", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(url + "/hub/", timeout=2)
                break
            time.sleep(0.2)

        def manage(*args) -> str:
            return subprocess.run(
                [python, "manage.py", *args], cwd=ROOT, env=env, check=True,
                capture_output=True, text=True,
            ).stdout  # fmt: skip

        yield url, manage
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def test_seal_verify_push_and_find_a_player_on_a_phone(
    browser, context, live_server, hub_server, tmp_path, shot
):
    hub_url, manage = hub_server
    make_tournament(tmp_path, "club-t", pairs=0, turns=2)
    (tmp_path / "p.csv").write_text(PAIRS)
    run("pairs_import", "club-t", str(tmp_path / "p.csv"))
    play_turn("club-t")
    play_turn("club-t")
    user = get_user_model().objects.create_user(
        "arbitro", password="x-long-pass-2026", is_staff=True
    )
    base = live_server.url
    login_with_cookie(context, base, user)
    page = context.new_page()
    page.goto(f"{base}/desk/club-t/documents/")
    with page.expect_navigation(timeout=180_000):  # four PDFs and a workbook, on a busy machine
        page.click("form[action='/desk/club-t/homologation/'] button", no_wait_after=True)
    package = HomologationPackage.objects.get()
    expect(page.locator("main")).to_contain_text(package.digest[:16])
    shot(page, "desk-sealed")
    page.click(f"a[href='/verify/{package.digest}/']")
    expect(page.locator(".badge.ok")).to_have_count(1)
    expect(page.locator("main")).to_contain_text("Nicolò D'Angelo")
    shot(page, "club-verified")
    # The settings page shows the key the hub registers.
    page.goto(f"{base}/desk/club-t/settings/")
    expect(page.locator("#public-key")).to_have_text(signing.public_key())

    token = re.search(r"token: (\S+)", manage(
        "hub_club_add", "lucca", "--name", "Circolo Lucca", "--public-key", signing.public_key()
    ))[1]  # fmt: skip
    out = run("homologation_push", "club-t", "--hub", hub_url, "--token", token)
    assert out.startswith("sent"), out

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT")
    phone.set_default_timeout(10_000)
    try:
        p = phone.new_page()
        p.goto(f"{hub_url}/hub/")
        expect(p.locator("main table")).to_contain_text("Torneo club-t")
        shot(p, "hub-calendar-phone")
        p.fill("#q", "dangelo nicolo")
        with p.expect_navigation():
            p.click("form.search button")
        with p.expect_navigation():
            p.click("a[href='/hub/players/T001/']")
        expect(p.locator("h1")).to_have_text("Nicolò D'Angelo")
        expect(p.locator("main table")).to_contain_text("Torneo club-t")
        assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(p, "hub-player-phone")
        p.goto(f"{hub_url}/verify/{package.digest}/")
        expect(p.locator("h1 .badge.ok")).to_have_count(1)  # the seal holds
        # and the hub's recomputation at the receipt found every number as the rules give it
        expect(p.locator("main")).to_contain_text("nessuna differenza")
        shot(p, "hub-verified-phone")
    finally:
        phone.close()

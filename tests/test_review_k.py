"""Security and robustness review (helper k): hostile inputs on the groups, prizes,
membership, homologation and hub code; each a 4xx with a message, nothing changed, never a 500."""

import io
import json
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import Prize
from scoring.rules import homologation as package_rules
from scoring.rules import prizes as prize_rules
from tests.helpers import make_tournament, play_turn
from tests.test_groups_flow import spread_points
from tests.test_prize_table import table_from_csv
from tournaments.models import Group, Tournament
from tournaments.movements import groups as group_rules
from tournaments.rules.messages import RuleError

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def national(tmp_path, user, pairs=28, turns_played=3):
    slug = make_tournament(
        tmp_path, slug="naz", pairs=pairs, plan="mitchell:2,danish:1,danish-groups:3"
    )
    Tournament.objects.get(slug=slug).referees.add(user)
    for _i in range(turns_played):
        play_turn(slug, spread_points)
    return slug


@pytest.mark.parametrize("text", ["\u00b2,7", "7,\u0667", "9" * 5000, "7," + "1" * 30])
def test_group_sizes_in_foreign_or_huge_digits_are_a_rule_error(text):
    with pytest.raises(RuleError):
        group_rules.parse_sizes(text)


@pytest.mark.parametrize("tables", ["\u00b2,7", "9" * 5000])
def test_groups_page_odd_sizes_are_400_not_500(client, referee, tmp_path, tables):
    slug = national(tmp_path, referee)
    url = reverse("groups", args=[slug])
    assert client.get(url, {"tables": tables}).status_code == 400
    response = client.post(url, {"action": "set", "tables": tables})
    assert response.status_code == 400 and not Group.objects.exists()


def test_groups_page_of_a_field_too_small_for_groups_is_not_a_500(client, referee, tmp_path):
    slug = national(tmp_path, referee, pairs=2, turns_played=0)
    response = client.get(reverse("groups", args=[slug]))
    assert response.status_code in (200, 400)


@pytest.mark.parametrize(
    "row",
    [
        "A,\u00b2,Coppa",  # superscript two: isdigit() but not int()
        "A,99999,Coppa",  # beyond the place column (PostgreSQL: integer out of range)
        "A," + "9" * 5000 + ",Coppa",  # beyond int()'s digit limit
        "A,1,Coppa,\u00b2-3",
        "A,1,Coppa,1-" + "9" * 5000,
        "A,1,Coppa,," + "C" * 500,  # a club longer than its column
    ],
)
def test_prize_rows_out_of_range_are_row_problems(row):
    found = prize_rules.read_prizes([row.split(",")], turns=6)
    assert found.problems and not found.prizes


def test_prize_page_out_of_range_place_is_400_and_saves_nothing(client, referee, tmp_path):
    slug = national(tmp_path, referee)
    url = reverse("prizes", args=[slug])
    for text in ["A,\u00b2,Coppa", "A,99999,Coppa", "A,1,Coppa,," + "C" * 500]:
        response = client.post(url, table_from_csv(text))
        assert response.status_code == 400, text
    assert not Prize.objects.exists()


def zipped(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def test_a_manifest_nested_beyond_the_recursion_limit_is_a_problem_not_a_crash():
    result = package_rules.verify(zipped({"manifest.json": b"[" * 200_000}))
    assert not result.ok and result.problems[0][0] == "manifest"


def test_an_export_nested_beyond_the_recursion_limit_is_refused():
    from scoring.services.hub import read_export
    from tournaments.errors import Refused

    with pytest.raises(Refused):
        read_export(b"[" * 200_000)


@pytest.fixture
def hub(settings):
    settings.ROLE = "hub"
    return settings


def signed(export: dict) -> bytes:
    from config import signing

    parts = {
        package_rules.EXPORT: json.dumps(export).encode(),
        package_rules.WORKBOOK: b"x",
        package_rules.LOG: b"[]",
    }
    manifest = package_rules.build_manifest(
        parts, {"slug": "t"}, {"name": "R"}, "2026-01-01T00:00:00", signing.public_key()
    )
    manifest = package_rules.seal_standings(manifest, b"%PDF")
    parts[package_rules.STANDINGS] = b"%PDF"
    return package_rules.write_package(manifest, parts, signing.private_key())


@pytest.mark.parametrize("field,value", [("rank", 10**30), ("rank", -1), ("vp", 2**40)])
def test_the_hub_refuses_a_signed_package_with_numbers_out_of_range(client, hub, field, value):
    from config import signing
    from scoring.models import HubTournament
    from scoring.services import hub as hub_service

    _club, token = hub_service.register_club("lucca", "Circolo Lucca", signing.public_key())
    row = {"pair": 1, "rank": 1, "vp": 20, "mp": 0, "played": 1, "byes": 0}
    export = {
        "tournament": {"slug": "t", "name": "T", "date": "2026-01-01", "turns": 1},
        "pairs": [{"number": 1, "players": [{"name": "A"}, {"name": "B"}]}],
        "standings": [dict(row, **{field: value})],
    }
    response = client.post(
        "/hub/api/packages/",
        data=signed(export),
        content_type="application/zip",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400 and not HubTournament.objects.exists()


@pytest.mark.parametrize(
    "text",
    [
        "\u00b2\u00b2\u00b2\u00b2\u00b2",
        "1/\u00b2/2026",
        "1/1/" + "2" * 5000,
        "\u0662\u0660\u0662\u0666",
    ],
)
def test_member_dates_and_years_in_odd_digits_are_not_dates(text):
    from tournaments.rules.member_list import parse_date, parse_year

    assert parse_date(text) is None and parse_year(text) is None


def test_member_list_with_odd_digits_in_dates_is_refused_or_read_never_a_500(
    client, referee, tmp_path
):
    from tests.test_national_desk import allow_member_list

    allow_member_list(referee)
    slug = national(tmp_path, referee, turns_played=0)
    data = "Tessera;Cognome;Nome;Circolo;Scadenza\n123;Rossi;Mario;Lucca;\u00b2\u00b2/01/2026\n"
    upload = io.BytesIO(data.encode())
    upload.name = "soci.csv"
    response = client.post(reverse("member_list", args=[slug]), {"file": upload})
    assert response.status_code in (302, 400)


@pytest.mark.parametrize("page", ["-5", "0", "abc", "9" * 5000])
def test_hub_calendar_odd_pages_show_a_real_page(client, hub, page):
    response = client.get("/hub/api/tournaments/", {"page": page})
    assert response.status_code == 200 and response.json()["page"] == 1
    assert client.get("/hub/", {"page": page}).status_code == 200


def test_a_number_of_5000_digits_is_not_a_number_not_a_crash():
    from tournaments.rules.text import ascii_int, parse_int

    assert parse_int("9" * 5000) is None and ascii_int("-" + "9" * 5000) is None
    assert parse_int("9" * 30) == int("9" * 30)


def test_membership_page_title_is_only_its_title(client, referee, tmp_path):
    """The title block held a copy of the list upload form: the browser's tab showed the
    raw HTML (and the form twice in the source)."""
    from tests.test_national_desk import allow_member_list

    allow_member_list(referee)  # the form is shown only to who may load the list
    slug = national(tmp_path, referee, turns_played=0)
    html = client.get(reverse("membership", args=[slug])).content.decode()
    title = html.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "Membership check" in title
    assert html.count('enctype="multipart/form-data"') == 1


def test_a_push_answered_by_a_redirect_is_not_sent_and_carries_no_token_elsewhere(tmp_path):
    """urllib followed a 302 as a GET, with the Authorization header, and a 200 there counted
    as "received by the hub"; an answer without the package's digest counts as nothing."""
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    from scoring.models import HubPush
    from scoring.services import push
    from tests.test_hub import finished

    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(302 if self.path.startswith("/hub/") else 200)
            self.send_header("Location", "/elsewhere/")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def do_GET(self):
            seen.append(self.headers.get("Authorization"))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        package = finished(tmp_path)
        base = f"http://127.0.0.1:{server.server_port}"
        job = push.send(HubPush.objects.create(package=package, hub_url=base, token="secret"))
        assert job.status == "refused" and "redirects to /elsewhere/" in job.last_error
        job = push.send(HubPush.objects.create(package=package, hub_url=base + "/x", token="t"))
        assert job.status == "pending" and "not the hub's" in job.last_error  # a 200 "ok"
    finally:
        server.shutdown()
    assert seen == []


def test_verify_command_on_a_self_signed_package_with_an_odd_manifest(tmp_path):
    """Without --public-key the package's own key is used: a forged package may say anything
    in its manifest; the command reports it and never crashes."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from tests.helpers import run

    key = Ed25519PrivateKey.generate()
    public = package_rules.public_key_text(package_rules.raw_public_key(key.public_key()))
    parts = {n: b"x" for n in (package_rules.EXPORT, package_rules.WORKBOOK, package_rules.LOG)}
    manifest = package_rules.build_manifest(parts, "not a dict", {}, "now", public)
    manifest = package_rules.seal_standings(manifest, b"%PDF")
    parts[package_rules.STANDINGS] = b"%PDF"
    path = tmp_path / "p.zip"
    path.write_bytes(package_rules.write_package(manifest, parts, key))
    out = run("homologation_verify", str(path))
    assert out.startswith("verified: ?") and "None" not in out
    with pytest.raises(Exception, match="public-key"):
        run("homologation_verify", str(path), "--public-key", "k" * 5000)


def test_groups_preview_with_a_count_that_is_no_number_says_so(client, referee, tmp_path):
    slug = national(tmp_path, referee)
    response = client.get(reverse("groups", args=[slug]), {"count": "abc"})
    assert response.status_code == 400 and b"abc is not a number of groups" in response.content
    assert not Group.objects.exists()


def test_the_hub_checks_the_token_before_reading_a_package(client, hub):
    """A body declared within the hub's cap (101 MB) with a wrong token: 401, unread; one
    declared over the cap: 413 before anything, the token included, is looked at."""
    for megabytes, status in ((50, 401), (200, 413)):
        response = client.post(
            "/hub/api/packages/",
            data=b"PK",
            content_type="application/zip",
            HTTP_AUTHORIZATION="Bearer nobody",
            CONTENT_LENGTH=str(megabytes * 1024 * 1024),
        )
        assert response.status_code == status, megabytes
    assert client.get("/hub/api/packages/").status_code == 405


@pytest.mark.parametrize(
    "data,message",
    [
        ({"pair": "abc", "reason": "ok"}, "is not a pair number"),
        ({"pair": "1", "player": "7", "reason": "ok"}, "players 1 and 2"),
        ({"pair": "1", "reason": ""}, "Give the reason"),
        ({"pair": "999", "reason": "ok"}, "does not exist"),
    ],
)
def test_admit_bad_input_says_what_is_wrong(client, referee, tmp_path, data, message):
    from tournaments.models import AuditEntry

    slug = national(tmp_path, referee, turns_played=0)
    response = client.post(reverse("membership_admit", args=[slug]), data, follow=True)
    assert response.status_code == 400 and message in response.content.decode()
    assert not AuditEntry.objects.filter(action="member-admit").exists()


@pytest.mark.parametrize(
    "path",
    [
        "/hub/t/99999999999999999999999/",
        "/hub/api/tournaments/99999999999999999999999/",
        "/hub/players/%00/",
        "/hub/api/players/" + "x" * 300 + "/",
        "/hub/players/?q=" + "%C3%A0" * 500,
    ],
)
def test_hub_unknown_or_odd_addresses_are_404_or_200(client, hub, path):
    assert client.get(path).status_code in (200, 400, 404)


def test_verify_page_of_an_unknown_digest_is_404(client):
    assert client.get("/verify/" + "0" * 64 + "/").status_code == 404
    assert client.get("/verify/" + "Z" * 64 + "/").status_code == 404


def test_the_hub_stores_no_nul_from_a_signed_export(client, hub):
    from config import signing
    from scoring.models import HubEntry, HubTournament
    from scoring.services import hub as hub_service

    _club, token = hub_service.register_club("lucca", "Circolo Lucca", signing.public_key())
    export = {
        "tournament": {"slug": "t", "name": "T\x00", "date": "2026-01-01", "turns": 1},
        "pairs": [{"number": 1, "players": [{"name": "A\x00b"}, {"name": "B"}]}],
        "standings": [{"pair": 1, "rank": 1, "vp": 20, "mp": 0, "played": 1, "byes": 0}],
    }
    response = client.post(
        "/hub/api/packages/",
        data=signed(export),
        content_type="application/zip",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201
    assert HubTournament.objects.get().name == "T"
    assert not any("\x00" in e.name + e.folded + e.partner for e in HubEntry.objects.all())

"""The hub recomputes every received package (issue 27, part 1): a package whose numbers
differ from the rules is stored (201, as before) and shown as "da verificare" with the list,
in the calendar, on the tournament's page and in the API (`status`, `differences`);
`homologation_push` exits 0 and prints the list to the club."""

import json

import pytest

from scoring.models import HomologationPackage, HubTournament
from scoring.rules import homologation as h
from scoring.services import hub, hub_cache
from tests.helpers import run, shown
from tests.test_hub import finished, post, register
from tests.test_recompute import forge

pytestmark = pytest.mark.django_db


def raise_first_vp(data):
    """Art. 30: the first table of turn 1 gets one VP more than its MP difference earns."""
    table = data["turns"][0]["tables"][0]
    table["ns_vp"], table["ew_vp"] = table["ns_vp"] + 1, table["ew_vp"] - 1


def forged_package(tmp_path) -> tuple[HomologationPackage, bytes, dict]:
    package = finished(tmp_path)
    path = tmp_path / "p.zip"
    path.write_bytes(bytes(package.data))
    data = forge(path, raise_first_vp).read_bytes()
    table = json.loads(h.read_package(bytes(package.data))[h.EXPORT])["turns"][0]["tables"][0]
    return package, data, table


def test_a_package_with_differences_is_stored_and_shown_da_verificare(client, settings, tmp_path):
    package, data, table = forged_package(tmp_path)
    settings.ROLE = "hub"
    token = register()
    answer = post(client, data, token)
    assert answer.status_code == 201  # stored, as before
    body = answer.json()
    assert body["status"] == "to_check"
    vp = [table["ns_vp"], table["ew_vp"]]
    assert body["differences"] == [
        {
            "code": "vp", "turn": 1, "table": table["table"],
            "said": [vp[0] + 1, vp[1] - 1], "computed": vp,
            "message": f"turn 1, table {table['table']}: VP {vp[0] + 1}-{vp[1] - 1} in the "
            f"package, {vp[0]}-{vp[1]} by the VP scale (Art. 30)",
        }
    ]  # fmt: skip
    stored = HubTournament.objects.get()
    assert stored.status == "to_check" and len(stored.differences) == 1
    # the calendar and the tournament's page, in Italian
    client.cookies["django_language"] = "it"
    calendar = client.get("/hub/").content.decode()
    assert "da verificare" in calendar
    page = client.get(f"/hub/t/{stored.pk}/").content.decode()
    assert "da verificare" in page and "Numeri diversi da quelli delle regole" in page
    assert f"turno 1, tavolo {table['table']}: PV {vp[0] + 1}-{vp[1] - 1} nel pacchetto" in page
    assert "(art. 30)" in page
    # the API: the list has the status, the tournament its differences too
    listed = client.get("/hub/api/tournaments/").json()["tournaments"][0]
    assert listed["status"] == "to_check"
    detail = client.get(f"/hub/api/tournaments/{stored.pk}/").json()["tournament"]
    assert detail["status"] == "to_check"
    assert [d["code"] for d in detail["differences"]] == ["vp"]
    assert detail["cannot_recompute"] == []


def test_an_intact_package_is_verified_with_no_list(client, settings, tmp_path):
    package = finished(tmp_path)
    settings.ROLE = "hub"
    answer = post(client, bytes(package.data), register())
    assert answer.status_code == 201
    assert answer.json()["status"] == "verified" and answer.json()["differences"] == []
    stored = HubTournament.objects.get()
    client.cookies["django_language"] = "it"
    assert "da verificare" not in client.get("/hub/").content.decode()
    page = client.get(f"/hub/t/{stored.pk}/").content.decode()
    assert "verificato" in page and "da verificare" not in page


@pytest.mark.django_db(transaction=True)
def test_push_exits_0_and_prints_the_list_to_the_club(live_server, settings, tmp_path):
    package, data, table = forged_package(tmp_path)
    manifest = json.loads(h.read_package(data)[h.MANIFEST])
    HomologationPackage.objects.filter(pk=package.pk).update(
        data=data, digest=manifest["digest"], manifest=manifest
    )
    settings.ROLE = "hub"
    token = register()
    out = run("homologation_push", "club-t", "--hub", live_server.url, "--token", token)
    assert out.startswith(f"sent {manifest['digest']}")
    assert "da verificare" in out
    assert f"turn 1, table {table['table']}: VP" in out
    assert HubTournament.objects.get().status == "to_check"


def test_a_long_list_shows_its_first_differences_and_how_many_more(client, settings, tmp_path):
    package, data, table = forged_package(tmp_path)
    settings.ROLE = "hub"
    post(client, data, register())
    stored = HubTournament.objects.get()
    stored.differences = stored.differences * (hub.SHOWN_DIFFERENCES + 5)
    stored.save(update_fields=["differences"])
    hub_cache.bump()
    client.cookies["django_language"] = "it"
    page = client.get(f"/hub/t/{stored.pk}/").content.decode()
    assert page.count(f"turno 1, tavolo {table['table']}:") == hub.SHOWN_DIFFERENCES
    assert "… e altre 5" in page
    api = client.get(f"/hub/api/tournaments/{stored.pk}/").json()["tournament"]
    assert len(api["differences"]) == hub.SHOWN_DIFFERENCES + 5


def test_the_verification_page_says_the_recomputation_s_outcome(client, settings, tmp_path):
    """/verify/<digest>/ on the hub: the seal, and what the recomputation at the receipt
    found, with the differences listed (in Italian); an intact package: no difference."""
    package, data, table = forged_package(tmp_path)
    settings.ROLE = "hub"
    token = register()
    assert post(client, data, token).status_code == 201
    forged = HubTournament.objects.get()
    client.cookies["django_language"] = "it"
    page = shown(client.get(f"/verify/{forged.digest}/").content)
    assert "verificato" in page  # the seal holds: signed again with the club's key
    assert "Ricalcolo dei numeri" in page and "da verificare" in page
    assert "Numeri diversi da quelli delle regole" in page
    vp = [table["ns_vp"], table["ew_vp"]]
    assert f"turno 1, tavolo {table['table']}: PV {vp[0] + 1}-{vp[1] - 1} nel pacchetto" in page
    assert f'href="/hub/t/{forged.pk}/"' in page
    assert "nessuna differenza" not in page and "None" not in page
    # the club's own package of the same tournament: intact numbers, replacing the forged one
    assert post(client, bytes(package.data), token).status_code == 201
    intact = HubTournament.objects.get(current=True)
    page = shown(client.get(f"/verify/{intact.digest}/").content)
    assert "Ricalcolo dei numeri" in page and "nessuna differenza" in page
    assert "da verificare" not in page and "Numeri diversi" not in page and "None" not in page
    older = shown(client.get(f"/verify/{forged.digest}/").content)
    assert "da verificare" in older and "sostituito da un pacchetto più recente" in older


def test_a_club_s_own_verification_page_says_nothing_of_a_recomputation(client, tmp_path):
    """On a club's installation the package is the one it sealed: no hub, no recomputation."""
    package = finished(tmp_path)
    client.cookies["django_language"] = "it"
    page = shown(client.get(f"/verify/{package.digest}/").content)
    assert "verificato" in page and "Ricalcolo dei numeri" not in page

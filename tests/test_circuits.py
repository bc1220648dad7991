"""Circuits: a season of tournaments ranked together, by commands, at the desk, on the hub
(docs/circuits.md). The ranking rule itself: tests/rules/test_circuit.py."""

import json

import pytest
from django.core.management.base import CommandError

from scoring.models import Circuit, CircuitMerge, CircuitStage
from tests.helpers import make_tournament, play_turn, refused, run
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def played(tmp_path, slug, pairs=4, turns=2, date="2026-11-21"):
    make_tournament(tmp_path, slug, pairs=pairs, turns=turns)
    Tournament.objects.filter(slug=slug).update(date=date)
    for _ in range(turns):
        play_turn(slug)
    return slug


def standings(slug, *extra):
    return json.loads(run("circuit_standings", slug, "--json", *extra))


@pytest.fixture
def two_spellings(tmp_path):
    """Two played stages, m1 and m2, in which one player's surname is spelt two ways
    (BALISTIERI, BALISTRIERI) without a membership number to tell them apart."""
    for slug, name, date in (
        ("m1", "BALISTIERI GIUSEPPE", "2026-06-01"),
        ("m2", "BALISTRIERI GIUSEPPE", "2026-07-01"),
    ):
        make_tournament(tmp_path, slug, pairs=0, turns=1)
        Tournament.objects.filter(slug=slug).update(date=date)
        (tmp_path / f"{slug}.csv").write_text(
            "player1,player2,membership1,membership2,club\n"
            f"{name},Rossi Anna,,T1,Circolo\nVerdi Luca,Neri Sara,T2,T3,Circolo\n"
            "Blu Eva,Rosa Pia,T4,T5,Circolo\nGialli Ugo,Viola Ada,T6,T7,Circolo\n"
        )
        run("pairs_import", slug, str(tmp_path / f"{slug}.csv"))
        play_turn(slug)
    return ["m1", "m2"]


def test_a_circuit_of_two_local_stages_by_vp(tmp_path):
    played(tmp_path, "tappa-1", date="2026-06-01")
    played(tmp_path, "tappa-2", date="2026-07-01")
    run(
        "circuit_create",
        "estate",
        "--name",
        "Circuito estivo",
        "--season",
        "2026",
        "--points",
        "vp",
        "--best",
        "1",
        "--finalists",
        "2",
    )
    run("circuit_stage_add", "estate", "tappa-2")
    run("circuit_stage_add", "estate", "tappa-1")
    data = standings("estate")
    assert [s["slug"] for s in data["stages"]] == ["tappa-1", "tappa-2"]  # by date
    assert data["circuit"]["name"] == "Circuito estivo" and data["circuit"]["best"] == 1
    rows = data["standings"]
    assert len(rows) == 8  # players, followed by card
    first = rows[0]
    assert set(first) == {
        "rank",
        "membership",
        "name",
        "club",
        "points",
        "stages_played",
        "stages",
        "finalist",
    }
    assert first["stages_played"] == 2 and first["rank"] == 1
    assert sum(s["counted"] for s in first["stages"]) == 1
    assert first["points"] == max(s["points"] for s in first["stages"])
    assert [r["finalist"] for r in rows].count(True) >= 2
    # both partners of a pair made the same VP, so they share every rank
    after_one = standings("estate", "--after", "1")
    assert len(after_one["stages"]) == 1
    assert all(r["stages_played"] == 1 for r in after_one["standings"])


def test_placing_points_and_the_minimum_of_stages(tmp_path):
    played(tmp_path, "a1", date="2026-06-01")
    played(tmp_path, "a2", pairs=6, date="2026-07-01")
    run(
        "circuit_create",
        "c",
        "--name",
        "C",
        "--points",
        "placing:100,90,82",
        "--points-beyond",
        "5",
        "--min-stages",
        "2",
        "--finalists-percent",
        "15",
    )
    run("circuit_stage_add", "c", "a1")
    run("circuit_stage_add", "c", "a2")
    rows = standings("c")["standings"]
    ranked = [r for r in rows if r["rank"] is not None]
    assert len(ranked) == 8  # the 4 extra pairs of a2 (players M00008…) played once
    assert all(r["rank"] is None and not r["finalist"] for r in rows[8:])
    assert {p["points"] for r in rows for p in r["stages"]} <= {100, 90, 82, 5}
    assert sum(r["finalist"] for r in rows) >= 1  # 15 % of 8 = 1.2 -> 1 (ties share it)


def test_every_refusal_is_one_line_and_writes_nothing(tmp_path):
    played(tmp_path, "t1")
    refused("circuit_create", "x", "--name", "X", "--points", "goals", match="vp or placing")
    refused("circuit_create", "x", "--name", "X", "--points", "placing:a,b", match="whole numbers")
    refused(
        "circuit_create", "x", "--name", "X", "--points", "vp", "--best", "0", match="Best results"
    )
    refused(
        "circuit_create",
        "x",
        "--name",
        "X",
        "--points",
        "vp",
        "--finalists-percent",
        "120",
        match="percent",
    )
    refused("circuit_create", "x y", "--name", "X", "--points", "vp", match="letters")
    with pytest.raises(CommandError):  # both finalist options: argparse refuses
        run(
            "circuit_create",
            "x",
            "--name",
            "X",
            "--points",
            "vp",
            "--finalists",
            "3",
            "--finalists-percent",
            "10",
        )
    assert not Circuit.objects.exists()
    run("circuit_create", "x", "--name", "X", "--points", "vp")
    refused("circuit_create", "x", "--name", "X", "--points", "vp", match="exists already")
    refused("circuit_stage_add", "nope", "t1", match="No circuit nope")
    refused("circuit_stage_add", "x", "nope", match="No tournament nope")
    refused("circuit_stage_add", "x", "club/t1", match="not one")
    run("circuit_stage_add", "x", "t1")
    refused("circuit_stage_add", "x", "t1", match="stage of this circuit already")
    refused("circuit_stage_remove", "x", "t2", match="not a stage")
    assert CircuitStage.objects.count() == 1
    run("circuit_stage_remove", "x", "t1")
    assert not CircuitStage.objects.exists()
    refused("circuit_merge", "x", "--keep", "A", match="--keep CARD_OR_NAME")
    refused("circuit_merge", "x", "--undo", "3", match="No merge 3")
    refused("circuit_standings", "x", "--json", "--after", "-1", match="--after")


def test_the_merge_of_two_spellings_is_logged_and_undone(two_spellings):
    run("circuit_create", "m", "--name", "M", "--points", "vp")
    run("circuit_stage_add", "m", "m1")
    run("circuit_stage_add", "m", "m2")
    names = [r["name"] for r in standings("m")["standings"]]
    assert "BALISTIERI GIUSEPPE" in names and "BALISTRIERI GIUSEPPE" in names
    refused(
        "circuit_merge",
        "m",
        "--keep",
        "Balistrieri Giuseppe",
        "--merge",
        "Nobody",
        "--reason",
        "typo",
        match="No player Nobody",
    )
    refused(
        "circuit_merge",
        "m",
        "--keep",
        "Balistrieri Giuseppe",
        "--merge",
        "balistieri giuseppe",
        match="reason",
    )
    out = run(
        "circuit_merge",
        "m",
        "--keep",
        "Balistrieri Giuseppe",
        "--merge",
        "balistieri giuseppe",
        "--reason",
        "the same card on paper",
    )
    merge = CircuitMerge.objects.get()
    assert f"Merge {merge.pk}" in out and merge.reason == "the same card on paper"
    rows = standings("m")["standings"]
    one = [r for r in rows if "GIUSEPPE" in r["name"]]
    assert len(one) == 1 and one[0]["name"] == "BALISTRIERI GIUSEPPE"
    assert one[0]["stages_played"] == 2
    refused(
        "circuit_merge",
        "m",
        "--keep",
        "Balistrieri Giuseppe",
        "--merge",
        "balistieri giuseppe",
        "--reason",
        "again",
        match="merged already",
    )
    run("circuit_merge", "m", "--undo", str(merge.pk))
    merge.refresh_from_db()
    assert merge.undone_at is not None  # kept in the log
    names = [r["name"] for r in standings("m")["standings"]]
    assert "BALISTIERI GIUSEPPE" in names and "BALISTRIERI GIUSEPPE" in names


def test_a_local_stage_is_read_again_once_its_tournament_changed(tmp_path):
    played(tmp_path, "s1", turns=1)
    run("circuit_create", "s", "--name", "S", "--points", "vp")
    run("circuit_stage_add", "s", "s1")
    before = standings("s")["standings"]
    stage = CircuitStage.objects.get()
    assert stage.snapshot_version is not None
    run("penalty_add", "s1", "--pair", "1", "--turn", "1", "--vp", "3", "--reason", "late")
    after = standings("s")["standings"]
    assert before != after


def test_pdf_and_workbook(tmp_path):
    from io import BytesIO

    from openpyxl import load_workbook

    played(tmp_path, "d1", turns=1)
    run("circuit_create", "d", "--name", "D", "--points", "vp", "--finalists", "2")
    run("circuit_stage_add", "d", "d1")
    run(
        "circuit_standings",
        "d",
        "--pdf",
        str(tmp_path / "c.pdf"),
        "--xlsx",
        str(tmp_path / "c.xlsx"),
    )
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    book = load_workbook(BytesIO((tmp_path / "c.xlsx").read_bytes()))
    assert book.sheetnames == ["Circuito", "Classifica", "Tappe"]
    sheet = book["Classifica"]
    assert sheet.max_row == 9
    values = [c.value for row in sheet.iter_rows() for c in row]
    assert None not in values[: sheet.max_column]  # a full header
    assert not any(isinstance(v, str) and v in ("None", "True", "False") for v in values)


def test_on_the_hub_a_stage_follows_the_newest_package_of_a_received_tournament(
    client, settings, tmp_path
):
    from scoring.documents.homologation import build_package
    from tests.test_hub import finished, post, register

    settings.ROLE = "hub"
    package = finished(tmp_path, "club-t")
    token = register("lucca")
    assert post(client, bytes(package.data), token).status_code == 201
    run("circuit_create", "regione", "--name", "Regionale", "--points", "vp")
    refused("circuit_stage_add", "regione", "lucca/other", match="received no tournament")
    run("circuit_stage_add", "regione", "lucca/club-t")
    refused("circuit_stage_add", "regione", "lucca/club-t", match="already")
    data = standings("regione")
    assert data["stages"][0]["slug"] == "lucca/club-t"
    rows = data["standings"]
    assert len(rows) == 8 and rows[0]["membership"].startswith("T")
    assert {r["club"] for r in rows} >= {"Circolo Lucca", "Circolo Pisa"}
    before = {r["membership"]: r["points"] for r in rows}
    # a penalty, a new package: the stage reads the newest one
    run("penalty_add", "club-t", "--pair", "1", "--turn", "1", "--vp", "20", "--reason", "x")
    newer = build_package(package.tournament)
    assert post(client, bytes(newer.data), token).status_code == 201
    after = {r["membership"]: r["points"] for r in standings("regione")["standings"]}
    assert after != before


def test_pages_desk_and_players(client, tmp_path, django_assert_max_num_queries):
    from django.contrib.auth import get_user_model

    User = get_user_model()
    referee = User.objects.create_user("arbitro", password="x")
    other = User.objects.create_user("altro", password="x")
    for slug in ("p1", "p2", "p3"):
        played(tmp_path, slug, turns=1)
        Tournament.objects.get(slug=slug).referees.add(referee)
    played(tmp_path, "not-mine", turns=1)
    assert client.get("/circuits/").status_code == 302  # log in first
    client.force_login(referee)
    bad = client.post(
        "/circuits/", {"name": "Estate", "slug": "estate", "points": "placing", "placing": "100,x"}
    )
    assert bad.status_code == 400 and "numeri interi" in bad.content.decode()
    assert not Circuit.objects.exists()
    made = client.post(
        "/circuits/",
        {
            "name": "Estate",
            "slug": "estate",
            "points": "placing",
            "placing": "100, 90, 82",
            "points_beyond": "10",
            "min_stages": "1",
            "finalists_percent": "15",
        },
    )
    assert made.status_code == 302 and made.url == "/circuits/estate/"
    circuit = Circuit.objects.get()
    assert circuit.owner == referee and circuit.placing == [100, 90, 82]
    assert client.post("/circuits/estate/stages/add/", {"stage": "p1"}).status_code == 302
    again = client.post("/circuits/estate/stages/add/", {"stage": "p1"})
    assert again.status_code == 400 and "p1" in again.content.decode()
    theirs = client.post("/circuits/estate/stages/add/", {"stage": "not-mine"})
    assert theirs.status_code == 400 and CircuitStage.objects.count() == 1
    assert client.get("/circuits/estate/stages/add/").status_code == 405
    page = client.get("/circuits/estate/")
    assert page.status_code == 200 and "Rossi Mario 0" in page.content.decode()
    assert client.get("/circuits/estate/standings.json").status_code == 200
    for fmt in ("pdf", "xlsx"):  # prepared first (tests/test_circuit_documents.py)
        assert client.post("/circuits/estate/documents/", {"kind": fmt}).status_code == 302
        assert client.get(f"/circuits/estate/standings.{fmt}").status_code == 200
    client.force_login(other)  # not his: not found, and nothing changes
    assert client.get("/circuits/estate/").status_code == 404
    assert client.post("/circuits/estate/stages/remove/", {"stage": "p1"}).status_code == 404
    assert CircuitStage.objects.count() == 1
    client.logout()
    client.get("/c/estate/")  # the stages' snapshots read once
    with django_assert_max_num_queries(4):
        page = client.get("/c/estate/")
    assert page.status_code == 200 and "Rossi Mario 0" in page.content.decode()
    client.force_login(referee)
    client.post("/circuits/estate/stages/add/", {"stage": "p2"})
    client.post("/circuits/estate/stages/add/", {"stage": "p3"})
    client.logout()
    client.get("/c/estate/")
    with django_assert_max_num_queries(4):  # 3 stages: as many
        client.get("/c/estate/")
    assert client.get("/c/estate/screen/").status_code == 200
    found = client.get("/c/estate/", {"q": "rossi mario 1", "after": "1"}).content.decode()
    assert "Rossi Mario 1" in found and "Bianchi Anna 0" not in found
    assert client.get("/c/nope/").status_code == 404
    assert client.get("/c/estate/", {"after": "-3"}).status_code == 200


def test_the_desk_refuses_in_italian(client, tmp_path):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("arbitro", password="x"))
    bad = client.post(
        "/circuits/",
        {"name": "Estate", "slug": "estate", "points": "vp", "finalists_percent": "0"},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    page = bad.content.decode()
    assert bad.status_code == 400 and "Percentuale dei finalisti" in page, page[
        page.find("messages") :
    ][:300]
    assert "Crea il circuito" in page and not Circuit.objects.exists()
    bad = client.post(
        "/circuits/",
        {"name": "Estate", "slug": "estate", "points": "vp", "best": "0"},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert (
        bad.status_code == 400
        and "Migliori risultati che contano: almeno 1" in bad.content.decode()
    )
    bad = client.post(
        "/circuits/",
        {"name": "Estate", "slug": "estate", "points": "vp", "best": "tre"},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    page = bad.content.decode()
    assert bad.status_code == 400 and not Circuit.objects.exists()
    assert "Migliori risultati che contano (vuoto: tutti): un numero intero." in page


@pytest.mark.parametrize("kind", ["pairs", "individual", "teams"])
def test_every_kind_gives_each_player_his_entrant_s_vp_and_rank(kind):
    """A stage's points per player come from the kind (`circuit_results`): a pair's two
    players, the individual player himself, every player of a team (Art. 2)."""
    from tests.helpers import export

    run("demo_tournament", "--kind", kind, "--slug", f"k-{kind}")
    data = export(f"k-{kind}")
    key = {"pairs": "pair", "individual": "player", "teams": "team"}[kind]
    entrants = {
        e["number"]: e
        for e in data[{"pairs": "pairs", "individual": "players", "teams": "teams"}[kind]]
    }
    want = sorted(
        [p.get("membership") or "", p["name"], r["vp"], r["rank"]]
        for r in data["standings"]
        for p in (entrants[r[key]].get("players") or [entrants[r[key]]])
    )
    run("circuit_create", "k", "--name", "K", "--points", "vp")
    run("circuit_stage_add", "k", f"k-{kind}")
    got = sorted(
        [r["membership"], r["name"], r["points"], None] for r in standings("k")["standings"]
    )
    assert [w[:3] for w in want] == [g[:3] for g in got] and len(got) >= 8


def test_on_the_hub_only_staff_add_received_tournaments_at_the_desk(client, settings, tmp_path):
    from django.contrib.auth import get_user_model

    from tests.test_hub import finished, post, register

    settings.ROLE = "hub"
    assert post(client, bytes(finished(tmp_path, "club-t").data), register("lucca")).status_code
    User = get_user_model()
    referee = User.objects.create_user("arbitro", password="x")
    client.force_login(referee)
    client.post("/circuits/", {"name": "R", "slug": "r", "points": "vp"})
    refused_page = client.post("/circuits/r/stages/add/", {"stage": "lucca/club-t"})
    assert refused_page.status_code == 400 and not CircuitStage.objects.exists()
    client.force_login(User.objects.create_user("staff", password="x", is_staff=True))
    assert client.post("/circuits/r/stages/add/", {"stage": "lucca/club-t"}).status_code == 302
    page = client.get("/c/r/").content.decode()
    assert "Circolo Lucca" in page
    assert CircuitStage.objects.get().reference == "lucca/club-t"


def test_the_desk_merges_two_spellings_and_undoes_it(client, two_spellings):
    from django.contrib.auth import get_user_model

    referee = get_user_model().objects.create_user("arbitro", password="x")
    for slug in two_spellings:
        Tournament.objects.get(slug=slug).referees.add(referee)
    client.force_login(referee)
    client.post("/circuits/", {"name": "M", "slug": "m", "points": "vp"})
    client.post("/circuits/m/stages/add/", {"stage": "m1"})
    client.post("/circuits/m/stages/add/", {"stage": "m2"})
    no_reason = client.post(
        "/circuits/m/merge/", {"keep": "BALISTRIERI GIUSEPPE", "merge": "BALISTIERI GIUSEPPE"}
    )
    assert no_reason.status_code == 400 and not CircuitMerge.objects.exists()
    done = client.post(
        "/circuits/m/merge/",
        {"keep": "BALISTRIERI GIUSEPPE", "merge": "BALISTIERI GIUSEPPE", "reason": "refuso"},
    )
    assert done.status_code == 302
    page = client.get("/circuits/m/").content.decode()
    assert "refuso" in page and "name:" not in page and "card:" not in page
    merge = CircuitMerge.objects.get()
    assert merge.user == referee
    assert client.post("/circuits/m/merge/undo/", {"merge": merge.pk}).status_code == 302
    assert client.post("/circuits/m/merge/undo/", {"merge": merge.pk}).status_code == 400
    merge.refresh_from_db()
    assert merge.undone_at is not None

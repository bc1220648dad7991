"""Individual events (Codice Art. 2: "nei tornei individuali ogni giocatore si iscrive
personalmente e l'accoppiamento cambia ad ogni turno") through the scripting contract."""

import json

import pytest
from django.core.management.base import CommandError

from tests.helpers import export, run, write_pairs
from tournaments.models import Tournament
from tournaments.services.scales import bye_score

pytestmark = pytest.mark.django_db


def write_players(path, n: int, start: int = 1, header="player,membership,club") -> str:
    lines = [header]
    lines += [f"Giocatore{i:02d} Nome,T{i:05d},Circolo {i % 3}" for i in range(start, start + n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def make_individual(tmp_path, slug="ind", players=10, plan="danish:5", **opts) -> str:
    args = ["tournament_create", "--slug", slug, "--name", f"Individuale {slug}"]
    args += ["--date", "2026-11-21", "--kind", "individual", "--plan", plan]
    for key, value in opts.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    run(*args)
    if players:
        run("players_import", slug, write_players(tmp_path / f"{slug}.csv", players))
    return slug


def play(slug: str, points=lambda table: (1000 + 50 * table, 500)) -> dict:
    seating = json.loads(run("turn_seat", slug, "--json"))
    for t in seating["tables"]:
        ns, ew = points(t["table"])
        run(
            "score_record",
            slug,
            "--turn",
            str(seating["turn"]),
            "--table",
            str(t["table"]),
            "--ns",
            str(ns),
            "--ew",
            str(ew),
        )
    return seating


def refused(*args, match):
    with pytest.raises(CommandError, match=match):
        run(*args)


def test_a_whole_danish_individual_event(tmp_path):
    slug = make_individual(tmp_path, players=10, plan="danish:5", first_seating="draw", seed=7)
    seatings = [play(slug) for _turn in range(5)]
    first = seatings[0]
    assert len(first["tables"]) == 2 and len(first["byes"]) == 2  # 10 players: two rest (Art. 33)
    rested = [b["player"] for s in seatings for b in s["byes"]]
    assert len(rested) == 10 and len(set(rested)) == 10  # nobody rests twice while avoidable
    data = export(slug)
    assert data["tournament"]["kind"] == "individual"
    assert [p["number"] for p in data["players"]] == list(range(1, 11))
    table = data["turns"][0]["tables"][0]
    assert len(table["ns"]) == 2 and len(table["ew"]) == 2
    assert table["ns_points"] == 1050
    bye = data["turns"][0]["byes"][0]
    score = bye_score(Tournament.objects.get(slug=slug))
    assert (bye["vp"], bye["mp"]) == (score.vp, score.mp)
    rows = data["standings"]
    assert [r["rank"] for r in rows] == list(range(1, 11))
    assert all(set(r) >= {"player", "vp", "mp", "played", "byes"} for r in rows)
    assert sum(r["played"] + r["byes"] for r in rows) == 50
    assert "pairs" not in data


def test_rainbow_turns_follow_the_fixed_schedule_then_danish(tmp_path):
    """12 players, 3 Rainbow turns (3 tables, moves 1, 2, 3: no repeat in 3 turns) then 2
    Danish turns: nobody partners anybody twice."""
    slug = make_individual(tmp_path, players=12, plan="rainbow:3,danish:2")
    seatings = [play(slug, points=lambda t: (900 + 100 * t, 700)) for _turn in range(5)]
    assert [s["movement"] for s in seatings] == ["rainbow"] * 3 + ["danish"] * 2
    partnerships = [
        frozenset(line) for s in seatings for t in s["tables"] for line in (t["ns"], t["ew"])
    ]
    assert len(partnerships) == len(set(partnerships)) == 30
    # Rainbow turn 1: North (players 1-3) and South (4-6) at tables 1..3 (registration order)
    assert [t["ns"] for t in seatings[0]["tables"]] == [[1, 4], [2, 5], [3, 6]]
    assert all(s["repeats"] == [] for s in seatings[:3])


def test_turn_release_and_penalty_of_a_player(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:3")
    play(slug)
    assert "released" in run("turn_release", slug)
    out = run("penalty_add", slug, "--player", "3", "--vp", "2", "--reason", "Ritardo")
    assert out.startswith("Player 3: -2 VP")
    data = export(slug)
    assert data["penalties"][0]["player"] == 3 and data["penalties"][0]["vp"] == 2
    row3 = next(r for r in data["standings"] if r["player"] == 3)
    partner = next(
        line for t in data["turns"][0]["tables"] for line in (t["ns"], t["ew"]) if 3 in line
    )
    other = next(p for p in partner if p != 3)
    row_other = next(r for r in data["standings"] if r["player"] == other)
    # Art. 23: the penalty hits the player alone, never that turn's partner
    assert row3["vp"] == row_other["vp"] - 2 and row3["penalty_vp"] == 2
    assert row_other["penalty_vp"] == 0


def test_refusals_change_nothing(tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:3")
    refused("pairs_import", slug, write_pairs(tmp_path / "p.csv", 4), match="individual event")
    refused("penalty_add", slug, "--pair", "1", "--vp", "1", "--reason", "x", match="--player")
    run("tournament_create", "--slug", "cp", "--name", "Coppie", "--turns", "2")
    refused("players_import", "cp", write_players(tmp_path / "x.csv", 4), match="not an individual")
    bad = tmp_path / "bad.csv"
    bad.write_text("player,membership\nRossi,T1\n,T2\n", encoding="utf-8")
    refused("players_import", slug, str(bad), match="Line 3")
    dup = tmp_path / "dup.csv"
    dup.write_text("giocatore;tessera\nRossi;T00001\n", encoding="utf-8")
    refused("players_import", slug, str(dup), match="T00001")
    assert Tournament.objects.get(slug=slug).players.count() == 8
    play(slug)
    refused("players_import", slug, write_players(tmp_path / "late.csv", 2, 20), match="turn 1")
    run("turn_seat", slug)
    refused("turn_seat", slug, match="lacks the results")
    refused("penalty_add", slug, "--player", "99", "--vp", "1", "--reason", "x", match="99")
    assert len(export(slug)["turns"]) == 2


def test_too_few_players(tmp_path):
    slug = make_individual(tmp_path, players=3, plan="danish:2")
    refused("turn_seat", slug, match="four players")


def test_italian_headers_and_cp1252(tmp_path):
    slug = make_individual(tmp_path, players=0, plan="danish:2")
    path = tmp_path / "giocatori.csv"
    path.write_bytes("Cognome;Nome;Tessera;Circolo\nD'Angelo;Niccolò;A1;Città\n".encode("cp1252"))
    assert "Imported 1 players" in run("players_import", slug, str(path))
    assert export(slug)["players"] == [
        {
            "number": 1,
            "name": "D'Angelo Niccolò",
            "membership": "A1",
            "club": "Città",
            "surname": "D'Angelo",
            "given_name": "Niccolò",
        }
    ]


# --- every page and document of a played individual event -------------------------------------


@pytest.fixture(params=["it", "en"])
def language(request):
    return request.param


@pytest.fixture
def played(tmp_path, language):
    """10 players (two rest each turn), a draw, 3 turns: two played, a correction, a penalty
    of a player, two warnings (an automatic penalty), the third seated with one table entered
    from the phones. Rulings are written in the language of the pages read back."""
    from django.utils import translation

    from scoring.services import decisions, results, tableside

    slug = make_individual(tmp_path, players=10, plan="danish:3", first_seating="draw", seed=3)
    with translation.override(language):
        play(slug)
        t = Tournament.objects.get(slug=slug)
        results.record_scores(t, 1, [results.Entry(2, 900, 100)], reason="Errore di somma")
        decisions.add_penalty(t, t.players.get(number=4), vp=1, reason="Art. 23 recidiva")
        for _ in range(2):  # two warnings cost 1 VP (automatic penalty)
            decisions.add_penalty(
                t, t.players.get(number=5), ruling="art23-pozzetto", reason="Guarda"
            )
        play(slug, points=lambda table: (1100, 700))
        seating = json.loads(run("turn_seat", slug, "--json"))
        run("turn_release", slug)  # the phones take nothing before
        table = t.turn_set.get(number=3).tables.get(number=seating["tables"][0]["table"])
        tableside.submit(table.code, "ns", table.ns.pin, 1450, 375)
        tableside.answer(table.code, table.ew.pin, accept=True)
    for turn in (1, 2, 3):
        run("turn_release", slug, "--turn", str(turn))
    return Tournament.objects.get(slug=slug)


def individual_urls(t: Tournament) -> list[str]:
    from django.urls import reverse

    s = t.slug
    urls = [reverse("home")]
    for name in (
        "dashboard", "tournament_edit", "individual_players", "seating",
        "entry", "board", "rulings", "documents", "standings",
    ):  # fmt: skip
        urls.append(reverse(name, args=[s]))
    for turn in t.turn_set.all():
        urls.append(reverse("seating", args=[s]) + f"?turn={turn.number}")
        urls.append(reverse("seating", args=[s]) + f"?turn={turn.number}&order=alpha")
        urls.append(reverse("entry", args=[s]) + f"?turn={turn.number}")
        urls.append(reverse("board", args=[s]) + f"?turn={turn.number}")
        for table in turn.tables.all():
            urls.append(reverse("history", args=[s, turn.number, table.number]))
    for turn in (1, 2):
        urls.append(reverse("standings", args=[s]) + f"?after={turn}")
    urls.append(reverse("standings", args=[s]) + "?turns=2-3")
    for number in (1, 4, 5):
        urls.append(reverse("pair_detail", args=[s, number]))
        urls.append(reverse("public_pair", args=[s, number]))
        urls.append(reverse("individual_player", args=[s, number]))
    urls.append(reverse("public_home", args=[s]) + "?q=Giocatore04")
    urls.append(reverse("public_home", args=[s]) + "?order=alpha&q=Giocatore04")
    urls.append(reverse("public_home", args=[s]) + "?q=4")
    urls += [reverse(n, args=[s]) for n in ("public_home", "public_standings", "public_screen")]
    urls.append(reverse("public_home", args=[s]) + "?order=alpha")
    urls.append(reverse("public_poster", args=[s]))
    table = t.turn_set.get(number=3).tables.last()
    urls.append(reverse("table_entry", args=[table.code]))
    return urls


def internal_numbers(t: Tournament) -> list:
    """The lines' numbers: internal, never shown (a line is shown by its players)."""
    import re

    return [
        re.compile(rf"(?<![\d.,]){n}(?![\d.,])")
        for n in t.lines.filter(line_turn__isnull=False).values_list("number", flat=True)
    ]


def check_words(reader, where: str, text: str, language: str, lines: list) -> None:
    reader.check(where, text, language)
    for pattern in lines:
        if pattern.search(text):
            reader.faults.append(f"{where}: a line's internal number {pattern.pattern}")


def test_every_page_of_an_individual_event(client, played, language):
    """Every desk and players' page answers 200 (a pairs-only page redirects) and reads as
    words: no None, no code, no line's internal number (test_nothing_internal.py's rules)."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from scoring.models import Document
    from tests.test_nothing_internal import Reader, visible

    user = get_user_model().objects.create_user("ref", password="x")
    played.referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = language
    reader, lines = Reader(), internal_numbers(played)
    for kind in ("standings-pdf", "workbook", "seating", "seating-alpha", "sheets"):
        client.post(reverse("document_request", args=[played.slug]), {"kind": kind, "turn": 1})
    for doc in Document.objects.all():
        page = client.get(reverse("document_status", args=[played.slug, doc.pk]))
        assert doc.status == "ready", (doc.kind, doc.error)
        check_words(reader, f"document {doc.kind}", visible(page.content.decode()), language, lines)
    for url in individual_urls(played):
        response = client.get(url)
        assert response.status_code == 200, url
        check_words(reader, url, visible(response.content.decode()), language, lines)
    assert not reader.faults, "\n".join(reader.faults)


def test_pairs_only_pages_redirect(client, played):
    """A pairs-only page of an individual event sends the referee back (never a 500); the
    standings export is a row per player."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    user = get_user_model().objects.create_user("ref", password="x")
    played.referees.add(user)
    client.force_login(user)
    s = played.slug
    for name in ("pairs", "pair_add", "pair_import"):  # groups: a page of its own (gironi)
        response = client.get(reverse(name, args=[s]))
        assert response.status_code == 302, name
    assert client.get(reverse("pair_edit", args=[s, 1])).status_code == 302
    swap = client.post(reverse("swap", args=[s]), {"a": 1, "b": 2})
    assert swap.status_code == 302
    assert client.get(reverse("pair_detail", args=[s, 99])).status_code == 404
    assert client.get(reverse("public_pair", args=[s, 99])).status_code == 404
    bad = client.post(reverse("ruling_penalty", args=[s]), {"pair": 99, "vp": 1, "reason": "x"})
    assert bad.status_code == 400 and b"99" in bad.content
    good = client.post(reverse("ruling_penalty", args=[s]), {"pair": 7, "vp": 2, "reason": "x"})
    assert good.status_code == 302
    assert played.penalties.filter(player__number=7, vp=2, pair=None).exists()
    bad = client.post(reverse("individual_players", args=[s]), {"name": "Late Player"})
    assert bad.status_code == 400  # turn 1 is seated (Art. 33)
    csv = client.get(reverse("standings", args=[s]) + "?_export=csv").content.decode()
    assert csv.splitlines()[0].lstrip("\ufeff").startswith("Pos.;N.;Giocatore;Circolo;PV")
    assert len(csv.splitlines()) == 11


def test_demo_of_an_individual_event():
    """demo_tournament --kind individual: 42 players drawn, 9 Danish turns, 8 played."""
    out = run("demo_tournament", "--kind", "individual", "--slug", "demo-ind")
    assert "42 players, 9 turns seated" in out
    data = export("demo-ind")
    assert data["tournament"]["kind"] == "individual"
    assert data["tournament"]["first_seating"] == "draw"
    assert len(data["players"]) == 42 and len(data["turns"]) == 9
    assert all(len(turn["byes"]) == 2 for turn in data["turns"])
    rested = [b["player"] for turn in data["turns"] for b in turn["byes"]]
    assert len(set(rested)) == 18  # nobody rests twice (Art. 33)
    played = [t for turn in data["turns"][:8] for t in turn["tables"]]
    assert len(played) == 80 and all(t["ns_vp"] is not None for t in played)
    assert all(t["ns_points"] is None for t in data["turns"][8]["tables"])
    partners = [frozenset(line) for t in played for line in (t["ns"], t["ew"])]
    assert len(partners) == len(set(partners))  # nobody partners anybody twice


def test_files_of_a_finished_individual_event(tmp_path):
    """The workbook (rows per player, lines by their players), the standings PDF, the sealed
    homologation package, and a backup that restores to the same export."""
    import io
    import zipfile

    from openpyxl import load_workbook

    slug = make_individual(tmp_path, players=9, plan="rainbow:2,danish:1")
    for _turn in range(3):
        play(slug)
    xlsx, pdf = tmp_path / "r.xlsx", tmp_path / "r.pdf"
    run("results_export", slug, "--format", "xlsx", "--output", str(xlsx))
    run("results_export", slug, "--format", "pdf", "--output", str(pdf))
    book = load_workbook(xlsx)
    assert book.sheetnames == [
        "Torneo",
        "Classifica",
        "Incontri",
        "Penalità",
        "Registro",
        "Giocatori",
    ]
    assert book["Classifica"].max_row == 10  # header and nine players
    assert book["Incontri"]["D2"].value.count("–") == 1  # "1 Giocatore01 Nome – 5 …"
    assert pdf.read_bytes().startswith(b"%PDF")
    package = tmp_path / "p.zip"
    run("homologation_package", slug, "--output", str(package))
    with zipfile.ZipFile(io.BytesIO(package.read_bytes())) as z:
        manifest = json.loads(z.read("manifest.json"))
    assert manifest["tournament"]["kind"] == "individual"
    assert manifest["tournament"]["entrants"] == 9
    backup = tmp_path / "b.json"
    run("tournament_backup", slug, "--output", str(backup))
    run("tournament_restore", str(backup), "--slug", "copia")
    before, after = export(slug), export("copia")
    for data in (before, after):
        data.pop("tournament")
        data.pop("log")
    assert before == after


def test_undo_adjusted_score_and_turn_documents(tmp_path, client):
    """Undoing a seating removes its lines too; a score set by the referee (Art. 15) counts for
    both players of each line; a turn's documents show players, never a line's number."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse
    from pypdf import PdfReader

    slug = make_individual(tmp_path, players=8, plan="danish:2", first_seating="alphabetical")
    run("turn_seat", slug)
    t = Tournament.objects.get(slug=slug)
    assert t.lines.filter(line_turn=1).count() == 4
    user = get_user_model().objects.create_user("ref", password="x")
    t.referees.add(user)
    client.force_login(user)
    assert client.post(reverse("seat_undo", args=[slug])).status_code == 302
    assert not t.lines.exists() and not t.turn_set.exists()
    first = json.loads(run("turn_seat", slug, "--json"))
    assert first["tables"][0]["ns"][0] == 1  # Giocatore01 first by surname
    run("score_adjust", slug, "--turn", "1", "--table", "1", "--ns-vp", "15", "--ew-vp", "5",
        "--reason", "Art. 15")  # fmt: skip
    run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "900", "--ew", "900")
    rows = {r["player"]: r for r in export(slug)["standings"]}
    ns, ew = first["tables"][0]["ns"], first["tables"][0]["ew"]
    assert [rows[p]["vp"] for p in ns + ew] == [15, 15, 5, 5]
    lines = [str(n) for n in t.lines.values_list("number", flat=True)]
    for kind in ("sheets", "seating", "seating-alpha", "slips"):
        out = tmp_path / f"{kind}.pdf"
        run("scoresheets_export", slug, "--turn", "1", "--kind", kind, "--output", str(out))
        text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
        assert "Giocatore01" in text, kind
        assert not any(n in text.split() for n in lines), kind
    slips = tmp_path / "slips.pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(slips).pages)
    pins = t.lines.values_list("pin", flat=True)
    assert all(pin in text for pin in pins)  # each player's slip carries his line's PIN


def test_the_hub_reads_an_individual_package(client, settings, tmp_path):
    """The federation's hub stores an individual event's package: one entry per player."""
    from scoring.documents.homologation import build_package
    from scoring.models import HubEntry, HubTournament
    from tests.test_hub import post, register

    slug = make_individual(tmp_path, players=8, plan="danish:2")
    play(slug)
    play(slug)
    package = build_package(Tournament.objects.get(slug=slug))
    settings.ROLE = "hub"
    response = post(client, bytes(package.data), register())
    assert response.status_code == 201, response.content
    hub = HubTournament.objects.get()
    assert (hub.kind, hub.entrants) == ("individual", 8)
    assert HubEntry.objects.count() == 8
    assert set(HubEntry.objects.values_list("partner", flat=True)) == {""}


def test_the_pairs_seating_never_seats_lines(tmp_path):
    from tournaments.errors import Refused
    from tournaments.services import seating

    slug = make_individual(tmp_path, players=8, plan="danish:2")
    play(slug)
    with pytest.raises(Refused):
        seating.seat_next_turn(Tournament.objects.get(slug=slug))
    assert Tournament.objects.get(slug=slug).turn_set.count() == 1


def test_a_player_withdraws(tmp_path, client):
    """Art. 32: a withdrawn player is absent from the next turn on; the others are seated
    without him (one rest fewer or more), his results so far stay in the standings."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    slug = make_individual(tmp_path, players=10, plan="danish:3")
    play(slug)
    out = run("player_withdraw", slug, "--player", "3", "--reason", "Malore")
    assert "absent from turn 2 on" in out
    refused("player_withdraw", slug, "--player", "3", "--reason", "x", match="already withdrew")
    t = Tournament.objects.get(slug=slug)
    user = get_user_model().objects.create_user("ref", password="x")
    t.referees.add(user)
    client.force_login(user)
    answer = client.post(reverse("ruling_withdraw", args=[slug]), {"pair": 4, "reason": "Treno"})
    assert answer.status_code == 302
    bad = client.post(reverse("ruling_withdraw", args=[slug]), {"pair": 99, "reason": "x"})
    assert bad.status_code == 400
    second = play(slug)
    seated = [p for x in second["tables"] for line in (x["ns"], x["ew"]) for p in line]
    assert len(seated) == 8 and not second["byes"] and {3, 4}.isdisjoint(seated)
    rows = {r["player"]: r for r in export(slug)["standings"]}
    assert rows[3]["played"] + rows[3]["byes"] == 1
    data = export(slug)
    assert next(p for p in data["players"] if p["number"] == 3)["withdrawn_after_turn"] == 1


def test_the_new_tournament_form_creates_an_individual_event(client):
    """The desk's form: the kind of event (Art. 2) with its plan words; a plan word of another
    kind is refused with a message; once players are registered the kind cannot change."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    form = {
        "name": "Individuale", "slug": "ind-form", "date": "2026-11-26", "deals": 3,
        "vp_scale": "feburit-2007", "game_variant": "feburit-2007", "first_seating": "draw",
        "mitchell_step": 1, "tiebreak_order": "mp,h2h,number", "kind": "individual",
        "plan_movement": ["mitchell"], "plan_turns": ["3"],
    }  # fmt: skip
    refused = client.post(reverse("tournament_new"), form)
    assert refused.status_code == 400 and not Tournament.objects.exists()
    form["plan_movement"] = ["rainbow", "danish"]
    form["plan_turns"] = ["3", "2"]
    created = client.post(reverse("tournament_new"), form)
    assert created.status_code == 302
    assert created.url == reverse("individual_players", args=["ind-form"])
    t = Tournament.objects.get(slug="ind-form")
    assert t.kind == "individual" and t.plan == ["rainbow"] * 3 + ["danish"] * 2
    client.post(reverse("individual_players", args=["ind-form"]), {"name": "Rossi Mario"})
    form["kind"] = "pairs"
    client.post(reverse("tournament_edit", args=["ind-form"]), form)
    assert Tournament.objects.get(slug="ind-form").kind == "individual"


def test_where_do_i_play_by_surname(client, played):
    """The players' page of a released turn: a player finds his table by surname or number,
    with his partner; a resting player finds his rest."""
    from django.urls import reverse

    from tests.test_nothing_internal import visible

    turn = played.turn_set.get(number=3)
    table = turn.tables.select_related("ns__player1", "ns__player2").first()
    me, mate = table.ns.player1, table.ns.player2
    home = reverse("public_home", args=[played.slug])
    text = visible(client.get(home + f"?q={me.surname or me.name.split()[0]}").content.decode())
    assert me.name in text and mate.name in text
    alpha = visible(client.get(home + f"?order=alpha&q={me.number}").content.decode())
    assert me.name in alpha and f"{mate.number} {mate.name}" in alpha
    rest = turn.byes.select_related("player").first().player
    text = visible(client.get(home + f"?q={rest.number}").content.decode())
    assert rest.name in text and not any(t.ns.player1.name in text for t in turn.tables.all())


def test_pair_commands_never_reach_a_line(tmp_path):
    """A line's internal number is no pair's: the pairs' commands refuse it."""
    slug = make_individual(tmp_path, players=8, plan="danish:2")
    run("turn_seat", slug)
    line = Tournament.objects.get(slug=slug).lines.first().number
    refused("pair_withdraw", slug, "--pair", str(line), "--reason", "x", match="does not exist")
    refused("membership_admit", slug, "--pair", str(line), "--reason", "x", match="does not exist")
    refused("membership_check", slug, match="individual event")
    assert not Tournament.objects.get(slug=slug).lines.exclude(withdrawn_after_turn=None).exists()


def test_a_rainbow_turn_at_the_desk(tmp_path, client):
    """A fixed-movement turn seated from the desk's button: the seating page names it and
    shows every player; a computed schedule rests the last of the order (13 players)."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from tests.test_nothing_internal import visible

    slug = make_individual(tmp_path, players=13, plan="rainbow:2")
    t = Tournament.objects.get(slug=slug)
    user = get_user_model().objects.create_user("ref", password="x")
    t.referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    assert client.post(reverse("seat_next", args=[slug])).status_code == 302
    page = visible(client.get(reverse("seating", args=[slug])).content.decode())
    assert "Fixed individual movement (Rainbow)" in page
    assert all(f"Giocatore{i:02d}" in page for i in range(1, 14))
    assert list(t.turn_set.get().byes.values_list("player__number", flat=True)) == [13]


def test_swap_two_players_before_any_result(tmp_path, client):
    """The referee swaps two players of the seated turn (a late arrival, a mistake): a player
    who rests takes a seat; a swap that makes two players partners again needs a confirmation;
    once a result is in, the seating cannot change."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    slug = make_individual(tmp_path, players=9, plan="danish:3")
    play(slug)
    second = json.loads(run("turn_seat", slug, "--json"))
    t = Tournament.objects.get(slug=slug)
    user = get_user_model().objects.create_user("ref", password="x")
    t.referees.add(user)
    client.force_login(user)
    url = reverse("swap", args=[slug])
    rest = second["byes"][0]["player"]
    seated = second["tables"][0]["ns"][0]
    assert client.post(url, {"a": rest, "b": seated, "confirm": "1"}).status_code == 302
    now = export(slug)["turns"][1]
    assert now["byes"][0]["player"] == seated and now["tables"][0]["ns"][0] == rest
    # partners of turn 1 put together again: refused without confirmation, nothing changes
    lines = {p: line for tt in now["tables"] for line in (tt["ns"], tt["ew"]) for p in line}
    x, y = next(
        line
        for tt in export(slug)["turns"][0]["tables"]
        for line in (tt["ns"], tt["ew"])
        if line[0] in lines and line[1] in lines
    )
    mate = next(p for p in lines[x] if p != x)
    answer = client.post(url, {"a": mate, "b": y})
    assert answer.status_code == 302 and "confirm_a" in answer.url
    assert export(slug)["turns"][1] == now
    client.post(url, {"a": mate, "b": y, "confirm": "1"})
    after = export(slug)["turns"][1]
    assert any(
        sorted(line) == sorted([x, y]) for tt in after["tables"] for line in (tt["ns"], tt["ew"])
    )
    run("score_record", slug, "--turn", "2", "--table", "1", "--ns", "900", "--ew", "100")
    client.post(url, {"a": 1, "b": 2})
    assert export(slug)["turns"][1]["tables"][0]["ns_points"] == 900

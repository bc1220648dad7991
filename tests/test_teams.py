"""Team events (Art. 2, issue 15) through the scripting contract, end to end: teams_import,
lineup_set, turn_seat over round robin and Danish, score_record, penalty_add --team,
results_export; refusals; and every page and document of a played team event."""

import json
import re

import pytest
from django.core.management.base import CommandError

from tests.helpers import export, run
from tournaments.models import AuditEntry, Line, Table, Team

pytestmark = pytest.mark.django_db
LINE_NUMBER = re.compile(r"(?<![\d.,:])[1-9]\d{5,}(?![\d.,:])")


def refused(*args, match):
    with pytest.raises(CommandError, match=match):
        run(*args)


def write_teams(path, teams: int, sizes=None) -> str:
    lines = ["Squadra;Giocatore;Tessera;Circolo"]
    for t in range(1, teams + 1):
        size = (sizes or {}).get(t, 4 + (t % 3 == 0))
        for p in range(1, size + 1):
            lines.append(f"Squadra {t};Rossi Mario {t}-{p};T{t:03d}{p};Circolo {t}")
    path.write_bytes("\n".join(lines).encode("cp1252"))
    return str(path)


def make_team_event(tmp_path, slug="sq", teams=4, plan="round-robin:3,danish:2", **opts) -> str:
    args = ["tournament_create", "--slug", slug, "--name", "Squadre", "--date", "2026-11-21"]
    args += ["--kind", "teams", "--plan", plan]
    for key, value in opts.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    run(*args)
    run("teams_import", slug, write_teams(tmp_path / f"{slug}.csv", teams))
    return slug


def record(slug, turn, table, ns, ew):
    run(
        "score_record",
        slug,
        "--turn",
        str(turn),
        "--table",
        str(table),
        "--ns",
        str(ns),
        "--ew",
        str(ew),
    )


def play(slug, points=lambda table: (1000 + 5 * table, 500)) -> dict:
    """Seat the next turn and record both tables of every match."""
    seating = json.loads(run("turn_seat", slug, "--json"))
    for m in seating["matches"]:
        for t in m["tables"]:
            record(slug, seating["turn"], t["table"], *points(t["table"]))
    return seating


def test_teams_import_numbers_teams_and_players_in_file_order(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    data = export(slug)
    assert data["tournament"]["kind"] == "teams"
    assert [t["number"] for t in data["teams"]] == [1, 2, 3, 4]
    assert [t["name"] for t in data["teams"]] == [
        "Squadra 1",
        "Squadra 2",
        "Squadra 3",
        "Squadra 4",
    ]
    third = data["teams"][2]
    assert [p["number"] for p in third["players"]] == [9, 10, 11, 12, 13]  # 5 players
    assert third["players"][0] == {
        "number": 9,
        "name": "Rossi Mario 3-1",
        "membership": "T0031",
        "club": "Circolo 3",
    }


def test_a_team_of_three_or_seven_refuses_the_whole_file(tmp_path):
    run(
        "tournament_create",
        "--slug",
        "sq",
        "--name",
        "S",
        "--kind",
        "teams",
        "--plan",
        "round-robin:3",
    )
    for size in (3, 7):
        path = write_teams(tmp_path / f"{size}.csv", 4, sizes={2: size})
        refused("teams_import", "sq", path, match="4 to 6 players")
    assert not Team.objects.exists()


def test_pairs_import_on_a_team_event_is_refused(tmp_path):
    from tests.helpers import write_pairs

    slug = make_team_event(tmp_path)
    refused("pairs_import", slug, write_pairs(tmp_path / "p.csv", 4), match="team event")


def test_a_whole_team_event_round_robin_then_danish(tmp_path):
    """Art. 2: 4 teams, a round robin of 3 turns (everyone meets everyone) then 2 Danish."""
    slug = make_team_event(tmp_path, teams=4)
    met = set()
    for _turn in range(3):
        seating = play(slug)
        assert seating["movement"] == "round-robin"
        assert [len(m["tables"]) for m in seating["matches"]] == [2, 2]
        for m in seating["matches"]:
            met.add(frozenset((m["team_a"], m["team_b"])))
            open_t, closed_t = m["tables"]
            assert (open_t["table"], closed_t["table"]) == (2 * m["match"] - 1, 2 * m["match"])
    assert len(met) == 6  # every two teams once
    play(slug)
    play(slug)
    data = export(slug)
    assert [t["movement"] for t in data["turns"]] == ["round-robin"] * 3 + ["danish"] * 2
    match = data["turns"][0]["matches"][0]
    assert set(match) >= {"team_a", "team_b", "tables", "vp_a", "vp_b"}
    # every table N-S wins 1000+5t to 500: the open room for A, the closed room for B
    open_t, closed_t = match["tables"]
    assert open_t["ns_team"] == match["team_a"] and closed_t["ns_team"] == match["team_b"]
    assert match["vp_a"] + match["vp_b"] == 40  # vp-sum: two tables of 20
    assert match["vp_a"] == open_t["ns_vp"] + closed_t["ew_vp"]
    assert open_t["ns"] == [1, 2] or open_t["ns_team"] != 1
    rows = data["standings"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert {r["team"] for r in rows} == {1, 2, 3, 4}
    assert all(r["played"] == 5 for r in rows)
    assert sum(r["vp"] for r in rows) == 40 * 2 * 5


def test_team_bye_with_five_teams_and_mp_scale(tmp_path):
    """Art. 33: a team without opponent scores 70% of the match (28 of 40)."""
    slug = make_team_event(tmp_path, teams=5, team_scoring="mp-scale")
    seating = play(slug)
    assert len(seating["byes"]) == 1
    assert seating["byes"][0]["vp"] == 28
    data = export(slug)
    m = data["turns"][0]["matches"][0]
    # both tables 1005/1010-500: A wins the open room by 505, loses the closed by 510: -5
    assert m["mp_a"] == (1005 - 500) - (1010 - 500)
    assert (m["vp_a"], m["vp_b"]) == (20, 20)  # 0-100 on the doubled 2007 scale: 20-20


def test_lineup_set_changes_the_lines_until_the_turn_has_a_result(tmp_path):
    """Art. 32: a substitute comes in between matches only; the log records it."""
    slug = make_team_event(tmp_path, teams=4)
    team3 = export(slug)["teams"][2]["players"]  # 5 players: 9..13
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")
    seating = json.loads(run("turn_seat", slug, "--json"))
    lines = [t["ns"] for m in seating["matches"] for t in m["tables"]]
    lines += [t["ew"] for m in seating["matches"] for t in m["tables"]]
    assert [13, 9] in lines and [10, 11] in lines
    assert team3[-1]["number"] == 13
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "12+9,10+11")
    line = Line.objects.get(team__number=3, line_turn=1, player1__number=12)
    assert line.player2.number == 9
    assert AuditEntry.objects.filter(action="lineup").count() == 2
    table = Table.objects.filter(turn__number=1).first()
    record(slug, 1, table.number, 900, 400)
    refused(
        "lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11", match="result"
    )
    refused("lineup_set", slug, "--turn", "2", "--team", "3", "--lines", "1+2,3+4", match="not in")
    refused("lineup_set", slug, "--turn", "2", "--team", "3", "--lines", "9+9,10+11", match="four")
    refused("lineup_set", slug, "--turn", "2", "--team", "3", "--lines", "9-10", match="P1\\+P2")
    refused(
        "lineup_set", slug, "--turn", "2", "--team", "9", "--lines", "9+10,11+12", match="Team 9"
    )
    refused(
        "lineup_set", slug, "--turn", "9", "--team", "3", "--lines", "9+10,11+12", match="Turn 9"
    )


def test_penalty_add_team(tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    play(slug)
    before = {r["team"]: r["vp"] for r in export(slug)["standings"]}
    out = run("penalty_add", slug, "--team", "2", "--vp", "3", "--reason", "Ritardo")
    assert "Team 2" in out
    data = export(slug)
    assert data["penalties"] == [
        {"team": 2, "turn": 1, "vp": 3, "mp": 0, "reason": "Ritardo", "table": None}
    ]
    after = {r["team"]: r["vp"] for r in data["standings"]}
    assert after[2] == before[2] - 3 and after[1] == before[1]
    refused("penalty_add", slug, "--pair", "2", "--vp", "3", "--reason", "x", match="--team")
    refused("penalty_add", slug, "--team", "7", "--vp", "3", "--reason", "x", match="Team 7")
    refused("penalty_add", slug, "--team", "2", "--vp", "0", "--reason", "x", match="some VP")


def test_seating_refusals_and_undo(tmp_path):
    from tournaments.services import seating

    slug = make_team_event(tmp_path, teams=4)
    play(slug)
    json.loads(run("turn_seat", slug, "--json"))
    refused("turn_seat", slug, match="lacks the results")
    from tournaments.models import Tournament

    t = Tournament.objects.get(slug=slug)
    assert seating.undo_seating(t) == 2
    assert not Line.objects.filter(line_turn=2).exists()
    again = json.loads(run("turn_seat", slug, "--json"))
    assert again["turn"] == 2
    run("turn_release", slug)


# --- every page and document of a played team event --------------------------------------


@pytest.fixture
def language():
    return "it"


@pytest.fixture
def played_teams(tmp_path, language):
    """5 teams (a bye each turn), round robin 2 then Danish 1, a penalty, a line-up. The
    referee's words (the log) are in the language of the pages read back."""
    from django.utils import translation

    from scoring.kinds.teams.penalties import add_team_penalty
    from tournaments.models import Tournament

    slug = make_team_event(tmp_path, teams=5, plan="round-robin:2,danish:1")
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")
    play(slug)
    t = Tournament.objects.get(slug=slug)
    with translation.override(language):
        add_team_penalty(t, t.teams.get(number=2), vp=1, reason="Ritardo")
    play(slug, points=lambda t: (1200, 700) if t % 2 else (600, 900))
    json.loads(run("turn_seat", slug, "--json"))
    run("turn_release", slug)  # the phones take nothing before the seating is published
    t = Tournament.objects.get(slug=slug)
    t.table_entry = True
    t.save()
    return t


def team_desk_urls(t) -> list[str]:
    from django.urls import reverse

    s = t.slug
    urls = [reverse("home")]
    for name in (
        "dashboard", "tournament_edit", "seating", "entry", "board", "rulings",
        "documents", "standings", "teams", "lineups",
    ):  # fmt: skip
        urls.append(reverse(name, args=[s]))
    for turn in t.turn_set.all():
        for name in ("seating", "entry", "board", "lineups"):
            urls.append(reverse(name, args=[s]) + f"?turn={turn.number}")
        for table in turn.tables.all():
            urls.append(reverse("history", args=[s, turn.number, table.number]))
    for team in t.teams.all():
        urls.append(reverse("team_detail", args=[s, team.number]))
        urls.append(reverse("public_team", args=[s, team.number]))
    urls += [reverse(n, args=[s]) for n in ("public_home", "public_standings", "public_screen")]
    urls.append(reverse("public_poster", args=[s]))
    table = t.turn_set.get(number=3).tables.first()
    urls.append(reverse("table_entry", args=[table.code]))
    return urls


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_page_of_a_team_event_reads_as_words(client, played_teams, language):
    from django.contrib.auth import get_user_model

    from tests.test_nothing_internal import Reader, visible

    user = get_user_model().objects.create_user("ref", password="x")
    played_teams.referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = language
    reader = Reader()
    failures = []
    for url in team_desk_urls(played_teams):
        response = client.get(url)
        if response.status_code != 200:
            failures.append(f"{url}: {response.status_code}")
            continue
        text = visible(response.content.decode())
        reader.check(url, text, language)
        if LINE_NUMBER.search(text):  # a line's own number is internal
            failures.append(f"{url}: line number {LINE_NUMBER.search(text).group(0)}")
    assert not failures, failures
    assert not reader.faults, "\n".join(reader.faults)


def test_pairs_pages_of_a_team_event_lead_to_the_teams_or_the_dashboard(client, played_teams):
    """One rule for every kind (scoring.kinds.pages): a registration page of another kind
    leads to the kind's own, any other page the kind has not to the dashboard, with a
    message; a players' page the kind has not is a 404."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    user = get_user_model().objects.create_user("ref", password="x")
    played_teams.referees.add(user)
    client.force_login(user)
    s = played_teams.slug
    for name in ("pairs", "pair_add", "pair_import", "individual_players"):
        response = client.get(reverse(name, args=[s]))
        assert response.status_code == 302 and response.url == reverse("teams", args=[s])
    # groups (gironi), prizes, the swap and a late team are the teams' too (issue 25)
    for url in (
        reverse("public_pair", args=[s, 1]),
        reverse("team_detail", args=[s, 99]),
        reverse("public_team", args=[s, 99]),
    ):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_document_of_a_team_event_reads_as_words(played_teams, language):
    """Score sheets (both rooms of a match), seating lists, slips, the standings PDF and the
    homologation workbook: no Python value, no code, no line number."""
    import io

    from openpyxl import load_workbook

    from scoring.documents import reports, sheets
    from tests.test_nothing_internal import Reader, pdf_text

    reader = Reader()
    texts = {"standings": pdf_text(reports.build(played_teams, "pdf", language=language))}
    for turn in played_teams.turn_set.all():
        n = turn.number
        texts[f"sheets {n}"] = pdf_text(
            sheets.scoresheets_pdf(played_teams, turn, language=language)
        )
        texts[f"filled {n}"] = pdf_text(
            sheets.scoresheets_pdf(played_teams, turn, filled=True, language=language)
        )
        texts[f"seating {n}"] = pdf_text(sheets.seating_pdf(played_teams, turn, language=language))
        texts[f"slips {n}"] = pdf_text(sheets.slips_pdf(played_teams, turn, language=language))
    texts["cards"] = pdf_text(sheets.cards_pdf(played_teams, language=language))
    book = load_workbook(io.BytesIO(reports.build(played_teams, "xlsx", language=language)))
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    texts[f"{ws.title}!{cell.coordinate}"] = cell.value
                elif isinstance(cell.value, int) and cell.value >= 100_000:
                    texts[f"{ws.title}!{cell.coordinate}"] = str(cell.value)
    faults = []
    for where, text in texts.items():
        reader.check(where, text, language)
        if LINE_NUMBER.search(text):
            faults.append(f"{where}: line number {LINE_NUMBER.search(text).group(0)}")
    assert not faults, faults
    assert not reader.faults, "\n".join(reader.faults)
    assert "Squadra 1" in texts["standings"]
    first = played_teams.turn_set.get(number=1).tables.get(number=1)
    a, b = first.ns.team.name, first.ew.team.name
    sheet = texts["sheets 1"]  # the two rooms of match 1, named, on its first page
    assert sheet.count(a) >= 4 and sheet.count(b) >= 4
    assert ("sala aperta" if language == "it" else "open room") in " ".join(sheet.split())


def test_demo_team_event_is_played():
    out = run("demo_tournament", "--kind", "teams", "--slug", "squadre")
    assert "12 teams" in out
    data = export("squadre")
    assert data["tournament"]["kind"] == "teams"
    assert [t["movement"] for t in data["turns"]] == ["round-robin"] * 3 + ["danish"] * 2
    assert {len(t["players"]) for t in data["teams"]} == {4, 5, 6}
    played = data["turns"][:4]
    assert all(m["vp_a"] is not None for t in played for m in t["matches"])
    assert all(len(t["matches"]) == 6 for t in data["turns"])  # 12 teams, no bye
    groups = [{m["team_a"], m["team_b"]} for t in data["turns"][:3] for m in t["matches"]]
    assert len({frozenset(g) for g in groups}) == 18  # 3 groups of 4: 6 meetings each
    assert data["penalties"][0]["team"] == 7
    assert AuditEntry.objects.filter(action="lineup").count() == 1


def test_round_robin_in_balanced_groups_from_the_registration_order(tmp_path):
    """9 teams in groups of at most 4: 3 groups of 3 dealt in serpentine order (A B C C B A
    A B C: 1 6 7 / 2 5 8 / 3 4 9), every team meets the two others of its group and rests
    once in 3 turns (Art. 33), with the bye of a match: 28 of 40 VP (70%)."""
    slug = make_team_event(tmp_path, teams=9, plan="round-robin:3", groups=4)
    met, rested = set(), []
    for _turn in range(3):
        seating = play(slug)
        met |= {frozenset((m["team_a"], m["team_b"])) for m in seating["matches"]}
        rested += [b["team"] for b in seating["byes"]]
        assert [b["vp"] for b in seating["byes"]] == [28] * 3
    assert met == {
        frozenset(p)
        for group in ((1, 6, 7), (2, 5, 8), (3, 4, 9))
        for p in ((group[0], group[1]), (group[0], group[2]), (group[1], group[2]))
    }
    assert sorted(rested) == list(range(1, 10))  # everyone once
    rows = export(slug)["standings"]
    assert all(r["played"] == 2 and r["byes"] == 1 for r in rows)


def test_the_danish_after_the_round_robin_avoids_its_matches(tmp_path):
    """Art. 2: 1st v 2nd on the team standings, never a replay while avoidable."""
    slug = make_team_event(tmp_path, teams=8, plan="round-robin:1,danish:2")
    first = play(slug)
    danish = play(slug)
    before = {frozenset((m["team_a"], m["team_b"])) for m in first["matches"]}
    assert not before & {frozenset((m["team_a"], m["team_b"])) for m in danish["matches"]}
    assert danish["repeats"] == []


def test_teams_import_refusals_change_nothing(tmp_path):
    run("tournament_create", "--slug", "sq", "--name", "S", "--kind", "teams",
        "--plan", "round-robin:3")  # fmt: skip
    bad = tmp_path / "bad.csv"
    bad.write_text("nome,cognome\nA,B\n")
    refused("teams_import", "sq", str(bad), match="team is missing")
    bad.write_text("team,player\nA,\n")
    refused("teams_import", "sq", str(bad), match="Line 2")
    path = write_teams(tmp_path / "t.csv", 4)
    run("teams_import", "sq", path)
    refused("teams_import", "sq", path, match="already registered")
    run("turn_seat", "sq")
    other = write_teams(tmp_path / "u.csv", 1).replace("Squadra 1", "Altra")
    refused("teams_import", "sq", other, match="turn 1 is seated")
    assert Team.objects.count() == 4
    run("tournament_create", "--slug", "cp", "--name", "Coppie", "--plan", "mitchell:3")
    refused("teams_import", "cp", path, match="not a team event")
    refused("lineup_set", "cp", "--turn", "1", "--team", "1", "--lines", "1+2,3+4", match="team")


def test_desk_forms_register_a_team_and_refuse_bad_input(client, tmp_path):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    run("tournament_create", "--slug", "sq", "--name", "S", "--kind", "teams",
        "--plan", "round-robin:3")  # fmt: skip
    user = get_user_model().objects.create_user("ref", password="x")
    from tournaments.models import Tournament

    t = Tournament.objects.get(slug="sq")
    t.referees.add(user)
    client.force_login(user)
    url = reverse("teams", args=["sq"])
    form = {"name": "Le Pinelle"} | {f"player{i}": f"Giocatore {i}" for i in range(1, 5)}
    assert client.post(url, form).status_code == 302
    assert [p.team_order for p in t.teams.get().members.order_by("number")] == [1, 2, 3, 4]
    short = {"name": "Corta", "player1": "A", "player2": "B", "player3": "C"}
    assert client.post(url, short).status_code == 400
    assert client.post(url, {"name": "", "player1": "A"}).status_code == 400
    lineups = reverse("lineups", args=["sq"])
    assert client.post(lineups, {"turn": "1", "team": "1", "lines": "1+2,3+9"}).status_code == 400
    assert client.post(lineups, {"turn": "x", "team": "1", "lines": "1+2,3+4"}).status_code == 400
    assert client.post(lineups, {"turn": "1", "team": "1", "lines": "1+3,2+4"}).status_code == 302
    assert client.get(lineups + "?turn=99").status_code == 400  # shown with the message
    assert t.teams.get().lineups.get().lines == [[1, 3], [2, 4]]
    penalty = reverse("ruling_penalty", args=["sq"])
    assert (
        client.post(penalty, {"team": "1", "vp": "1", "reason": "x"}).status_code == 400
    )  # no turn


def test_a_team_event_backs_up_and_restores_whole(played_teams, tmp_path):
    """The backup file (written after every complete turn) holds the teams and line-ups: the
    restored event exports the same teams, matches and standings."""
    path = tmp_path / "sq.json"
    run("tournament_backup", played_teams.slug, "--output", str(path))
    run("tournament_restore", str(path), "--slug", "sq-copia")
    original, copy = export(played_teams.slug), export("sq-copia")
    for key in ("teams", "turns", "standings", "penalties"):
        assert copy[key] == original[key], key
    restored = Team.objects.get(tournament__slug="sq-copia", number=3)
    assert restored.lineups.get(turn_number=1).lines == [[13, 9], [10, 11]]


def test_the_homologation_package_of_a_finished_team_event(tmp_path):
    """The sealed zip: the export, the workbook by team, every turn's sheets, the standings;
    its identity says a team event and counts teams."""
    import zipfile

    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    for _turn in range(3):
        play(slug)
    path = tmp_path / "pkg.zip"
    run("homologation_package", slug, "--output", str(path))
    with zipfile.ZipFile(path) as z:
        manifest = json.loads(z.read("manifest.json"))
        names = set(z.namelist())
    assert manifest["tournament"]["kind"] == "teams"
    assert manifest["tournament"]["entrants"] == 4
    assert {"classifica.pdf", "omologazione.xlsx", "score/turno-03.pdf"} <= names
    assert "verified" in run("homologation_verify", str(path))


def test_the_settings_of_a_team_event_keep_its_plan_words(client, tmp_path):
    """The settings page saves a team event's plan (round robin, Danish) and refuses a
    Mitchell turn in it with the kind's message (Art. 2)."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from tournaments.models import Tournament

    slug = make_team_event(tmp_path, teams=4)
    user = get_user_model().objects.create_user("ref", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    data = {
        "name": "Squadre",
        "slug": slug,
        "date": "2026-11-21",
        "deals": "3",
        "vp_scale": "feburit-2007",
        "game_variant": "fibur",
        "first_seating": "registration",
        "tiebreak_order": "mp,h2h,number",
        "mitchell_step": "1",
        "plan_movement": ["round-robin", "danish"],
        "plan_turns": ["3", "3"],
    }
    url = reverse("tournament_edit", args=[slug])
    assert client.post(url, data).status_code == 302
    assert Tournament.objects.get(slug=slug).plan == ["round-robin"] * 3 + ["danish"] * 3
    data["plan_movement"] = ["mitchell", "danish"]
    response = client.post(url, data)
    assert response.status_code == 400
    assert Tournament.objects.get(slug=slug).plan == ["round-robin"] * 3 + ["danish"] * 3


def test_a_team_event_created_from_the_new_tournament_page(client):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from tournaments.models import Tournament

    client.force_login(get_user_model().objects.create_user("ref", password="x"))
    client.cookies["django_language"] = "en"
    data = {
        "name": "Squadre",
        "slug": "nuove-squadre",
        "date": "2026-11-21",
        "deals": "3",
        "vp_scale": "feburit-2007",
        "game_variant": "fibur",
        "first_seating": "registration",
        "tiebreak_order": "mp,h2h,number",
        "mitchell_step": "1",
        "kind": "teams",
        "team_scoring": "mp-scale",
        "team_group_size": "4",
        "plan_movement": ["round-robin", "danish"],
        "plan_turns": ["3", "2"],
    }
    assert (
        client.post(reverse("tournament_new"), data | {"team_group_size": "1"}).status_code == 400
    )
    assert client.post(reverse("tournament_new"), data).status_code == 302
    t = Tournament.objects.get(slug="nuove-squadre")
    assert (t.kind, t.team_scoring, t.team_group_size) == ("teams", "mp-scale", 4)
    assert t.plan == ["round-robin"] * 3 + ["danish"] * 2
    wrong = data | {"slug": "sbagliato", "plan_movement": ["mitchell"], "plan_turns": ["3"]}
    assert client.post(reverse("tournament_new"), wrong).status_code == 400


def test_team_pages_cost_a_fixed_number_of_queries(client, tmp_path):
    """The score entry page and the board of a team event read the lines' teams with their
    tables: 8 teams or 16, the same queries."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournaments.models import Tournament

    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    counts = {}
    for teams in (8, 16):
        slug = make_team_event(tmp_path, slug=f"q{teams}", teams=teams)
        run("turn_seat", slug)
        Tournament.objects.get(slug=slug).referees.add(user)
        for name in ("entry", "board", "seating", "standings"):
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(reverse(name, args=[slug])).status_code == 200
            counts[teams, name] = len(ctx.captured_queries)
    for name in ("entry", "board", "seating", "standings"):
        assert counts[8, name] == counts[16, name], (name, counts)


def test_the_hub_reads_a_team_package(client, settings, tmp_path):
    """The federation's hub stores a team event's package (issue 17: the calendar counts
    teams): one entry per player of each team, the team's name beside him, its placing."""
    from scoring.documents.homologation import build_package
    from scoring.models import HubEntry, HubTournament
    from tests.test_hub import post, register
    from tournaments.models import Tournament

    slug = make_team_event(tmp_path, teams=4, plan="round-robin:3")
    for _turn in range(3):
        play(slug)
    t = Tournament.objects.get(slug=slug)
    package = build_package(t)
    settings.ROLE = "hub"
    response = post(client, bytes(package.data), register())
    assert response.status_code == 201, response.content
    hub = HubTournament.objects.get()
    assert (hub.kind, hub.entrants) == ("teams", 4)
    players = t.players.exclude(team=None)
    assert HubEntry.objects.count() == players.count()
    first = t.teams.get(number=1)
    entry = HubEntry.objects.filter(name=first.members.order_by("team_order")[0].name).get()
    assert entry.partner == first.name
    calendar = client.get("/hub/").content.decode()
    assert "squadre" in calendar and t.name in calendar
    page = client.get(f"/hub/t/{hub.pk}/").content.decode()
    assert "4 squadre" in page

"""Issue 19 items 3-7 through the scripting contract: the federation's member list and the
membership check, registration as federations keep it, the first seating by the referee's
criterion, the seating by surname, FIBUR's current rules beside the 2007 Codice."""

import io
import json

import pytest
from openpyxl import Workbook

from tests.helpers import export, make_tournament, refused, run, score_record_args
from tournaments.models import AuditEntry, Member, MemberList, Pair, Player, Table, Tournament

pytestmark = pytest.mark.django_db

MEMBERS_CSV = (
    "Tessera;Cognome;Nome;Circolo;Tipo tessera;Scadenza\n"
    "1001;Rossi;Mario;Forlì;ordinaria;31/12/2026\n"
    "1002;Bianchi;Anna;Forlì;ordinaria;31/12/2026\n"
    "1003;D'Angelo;Nicolò;Cesena;ridotta;31/12/2026\n"
    "1004;Verdi;Luca;Cesena;ordinaria;31/12/2025\n"
    "1005;Neri;Paola;Rimini;juniores;31/12/2026\n"
    "1006;Gialli;Ugo;Rimini;ordinaria;31/12/2026\n"
)

# A federation-style registration: per-player columns, province and region, any case/accents.
PAIRS_CSV = (
    "N;COGNOME 1;Nome 1;Tessera 1;Circolo 1;Cognome 2;Nome 2;Tessera 2;Circolo 2;"
    "Provincia;Regione;Note\n"
    "1;Rossi;Mario;1001;Forlì;Bianchi;Anna;1002;Forlì;FC;Emilia-Romagna;x\n"
    "2;DANGELO;NICOLO;1003;Cesena;Verdi;Luca;1004;Cesena;FC;Emilia-Romagna;\n"
    "3;Neri;Paola;1005;Rimini;Gialli;Ugo;12AB;Rimini;RN;Emilia-Romagna;\n"
    "4;Blu;Carla;NON TESSERATO;Bologna;Rosa;Ada;1006;Bologna;BO;Emilia-Romagna;\n"
)


def create(slug="n", *extra, plan="mitchell:2"):
    run(
        "tournament_create",
        "--slug",
        slug,
        "--name",
        "Nazionale",
        "--date",
        "2026-11-21",
        "--plan",
        plan,
        *extra,
    )
    return slug


def register(tmp_path, slug="n", text=PAIRS_CSV):
    path = tmp_path / "pairs.csv"
    path.write_text(text, encoding="utf-8")
    return run("pairs_import", slug, str(path))


def members(tmp_path, text=MEMBERS_CSV, name="soci.csv"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return run("members_import", str(path))


def registered(tmp_path, *extra, slug="n", checked=False):
    """Tournament `slug` (`extra`: more tournament_create options) with the four pairs of
    PAIRS_CSV; with the member list of MEMBERS_CSV loaded too when `checked`."""
    create(slug, *extra)
    register(tmp_path, slug)
    if checked:
        members(tmp_path)
    return slug


def xlsx(tmp_path, name, rows) -> str:
    """A workbook of one sheet with these rows, written as `name`: its path."""
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    path = tmp_path / name
    path.write_bytes(out.getvalue())
    return str(path)


# --- registration as federations keep it (item 4) --------------------------------------------


def test_per_player_columns_province_and_region_are_kept(tmp_path):
    registered(tmp_path)
    pair = Pair.objects.select_related("player1", "player2").get(number=2)
    assert (pair.player1.surname, pair.player1.given_name, pair.player1.name) == (
        "DANGELO",
        "NICOLO",
        "DANGELO NICOLO",
    )
    assert (pair.player2.name, pair.player2.club, pair.player2.membership_number) == (
        "Verdi Luca",
        "Cesena",
        "1004",
    )
    assert (pair.province, pair.region) == ("FC", "Emilia-Romagna")
    data = export("n")["pairs"][0]
    assert data["province"] == "FC" and data["region"] == "Emilia-Romagna"
    assert (
        data["players"][0] | {"surname": "Rossi", "given_name": "Mario", "club": "Forlì"}
        == (data["players"][0])
    )


def test_a_single_club_for_the_pair_stays_accepted(tmp_path):
    create()
    register(tmp_path, text="Giocatore 1,Giocatore 2,Circolo\nRossi Mario,Bianchi Anna,Forlì\n")
    assert set(Player.objects.values_list("club", flat=True)) == {"Forlì"}


def test_an_xlsx_registration_with_federation_headers(tmp_path):
    path = xlsx(
        tmp_path,
        "iscritti.xlsx",
        [
            ["Cognome 1", "Nome 1", "Tessera 1", "Cognome 2", "Nome 2", "Tessera 2", "Regione"],
            ["Rossi", "Mario", 1001, "Bianchi", "Anna", 1002, "Lazio"],
        ],
    )
    create()
    run("pairs_import", "n", path)
    pair = Pair.objects.select_related("player1").get()
    assert (pair.player1.name, pair.player1.membership_number, pair.region) == (
        "Rossi Mario",
        "1001",
        "Lazio",
    )


# --- the member list and the check (item 3) ---------------------------------------------------


def test_members_import_replaces_the_previous_list(tmp_path):
    assert "Imported 6 members" in members(tmp_path)
    members(tmp_path, "Tessera,Cognome,Nome,Anno\n77,Uno,Due,2026\n", name="altro.csv")
    assert MemberList.objects.count() == 1
    assert list(Member.objects.values_list("number", flat=True)) == ["77"]


def test_members_import_refuses_a_bad_row_and_keeps_the_list(tmp_path):
    members(tmp_path)
    bad = "Tessera;Cognome;Nome;Scadenza\n1;Rossi;Mario;31/02/2026\n"
    refused("members_import", str(tmp_path / "x.csv"), match="cannot read")
    (tmp_path / "bad.csv").write_text(bad)
    refused("members_import", str(tmp_path / "bad.csv"), match="Row 2: 31/02/2026 is not a date")
    assert Member.objects.count() == 6


def test_members_import_reads_xlsx_with_date_cells(tmp_path):
    import datetime

    rows = [
        ["TESSERA", "cognome", "NOME", "Tipo Tessera", "Scadenza"],
        [1001, "Rossi", "Mario", "Ridotta", datetime.date(2026, 12, 31)],
    ]
    run("members_import", xlsx(tmp_path, "soci.xlsx", rows))
    member = Member.objects.get()
    assert (member.number, member.card, member.expires) == (
        "1001",
        "ridotta",
        datetime.date(2026, 12, 31),
    )


def test_membership_check_json_flags_every_kind(tmp_path):
    registered(tmp_path, "--level", "regionale", checked=True)
    data = json.loads(run("membership_check", "n", "--json"))
    problems = {(p["pair"], p["player"], p["problem"]) for p in data["problems"]}
    assert problems == {
        (2, "DANGELO NICOLO", "card"),  # ridotta at a regional tournament
        (2, "Verdi Luca", "expired"),
        (3, "Gialli Ugo", "unknown"),  # 12AB
        (4, "Blu Carla", "blank"),  # NON TESSERATO
        (4, "Rosa Ada", "name"),  # 1006 is Gialli Ugo's
    }
    assert set(data["problems"][0]) == {
        "pair",
        "player",
        "membership",
        "problem",
        "entrant",
        "kind",
    }
    assert {p["membership"] for p in data["problems"] if p["problem"] == "unknown"} == {"12AB"}


def test_a_ridotta_card_plays_a_federal_tournament(tmp_path):
    registered(tmp_path, "--level", "federale", checked=True)
    data = json.loads(run("membership_check", "n", "--json"))
    assert "card" not in {p["problem"] for p in data["problems"]}


def test_the_check_warns_and_never_blocks_and_admissions_are_logged(tmp_path):
    registered(tmp_path, "--level", "nazionale", checked=True)
    run("membership_admit", "n", "--pair", "4", "--player", "1", "--reason", "tessera in corso")
    data = json.loads(run("membership_check", "n", "--json"))
    assert data["admitted"] == [
        {"pair": 4, "player": "Blu Carla", "problem": "blank", "reason": "tessera in corso"}
    ]
    entry = AuditEntry.objects.get(action="member-admit")
    assert (entry.target, entry.reason) == ("pair 4 player 1", "tessera in corso")
    refused(
        "membership_admit", "n", "--pair", "4", "--player", "2", "--reason", " ", match="reason"
    )
    run("turn_seat", "n")  # flagged players do not stop the seating
    from scoring.documents import reports

    content = reports.build(Tournament.objects.get(slug="n"), "xlsx")
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(content))
    texts = [c for s in book.worksheets for row in s.iter_rows(values_only=True) for c in row]
    assert "tessera in corso" in texts


def test_the_check_without_a_list_calls_every_number_unknown(tmp_path):
    registered(tmp_path)
    out = run("membership_check", "n")
    assert "No member list loaded" in out


# --- tournament_create: level, rules, scale (items 3, 7) --------------------------------------


def test_rules_fibur_takes_fibur_tables_by_the_deals():
    create("f", "--rules", "fibur", "--deals", "2", "--level", "nazionale")
    t = Tournament.objects.get(slug="f")
    assert (t.game_variant, t.vp_scale, t.level) == ("fibur", "fibur", "nazionale")
    from scoring.services.scales import tournament_scale

    assert tournament_scale(t).code == "fibur-2"


def test_create_refuses_unknown_rules_and_levels():
    create_x = ("tournament_create", "--slug", "x", "--name", "X", "--turns", "2")
    refused(*create_x, "--rules", "uno", match="Unknown rules uno")
    refused(*create_x, "--level", "top", match="Unknown level top")
    refused(*create_x, "--deals", "2", "--vp-scale", "fibur-5", match="Unknown VP scale")


# --- score_record --deals (item 7) ------------------------------------------------------------

LINE = {
    "burracos": {"clean": 1, "semi_clean": 1, "dirty": 0},
    "closed": True,
    "pot_taken": True,
    "on_table": 455,
    "in_hand": 0,
}
OTHER = {
    "burracos": {"dirty": 1},
    "closed": False,
    "pot_taken": True,
    "on_table": 200,
    "in_hand": 40,
}


def deals_file(tmp_path, deals):
    path = tmp_path / "deals.json"
    path.write_text(json.dumps(deals))
    return str(path)


def seated_d(tmp_path, **opts) -> str:
    """Tournament "d": 4 pairs, one turn, seated (`opts`: make_tournament's, e.g. rules)."""
    make_tournament(tmp_path, slug="d", pairs=4, turns=1, **opts)
    run("turn_seat", "d")
    return "d"


def table_1_deals(path: str) -> list[str]:
    """score_record of table 1 of turn 1 of "d" from the deals file `path`."""
    return score_record_args("d", 1, "--deals", path, table=1)


def test_score_record_from_deals_under_fibur(tmp_path):
    seated_d(tmp_path, rules="fibur")
    out = run(*table_1_deals(deals_file(tmp_path, [{"ns": LINE, "ew": OTHER}] * 3)))
    # N-S: 200 + 150 + 100 closing + 455 = 905 a deal; E-W: 100 + 200 - 40 = 260
    table = Table.objects.get(turn__number=1, number=1)
    assert (table.ns_points, table.ew_points) == (2715, 780)
    assert len(table.deals) == 3 and "2715-780" in out


def test_score_record_refuses_a_kind_the_edition_lacks(tmp_path):
    seated_d(tmp_path, rules="feburit-2007")
    refused(
        *table_1_deals(deals_file(tmp_path, [{"ns": LINE, "ew": OTHER}])),
        match="Deal 1: these rules have no semi-clean burraco",
    )
    assert Table.objects.get(turn__number=1, number=1).ns_points is None
    zero = dict(LINE, burracos={"clean": 1, "semi_clean": 0})
    run(*table_1_deals(deals_file(tmp_path, [{"ns": zero, "ew": OTHER}])))


def test_score_record_refuses_malformed_deals(tmp_path):
    seated_d(tmp_path)
    for deals, match in (
        ({"ns": LINE}, "a list"),
        ([{"ns": LINE}], "exactly the two lines"),
        ([{"ns": dict(LINE, colour=1), "ew": OTHER}], "unknown key colour"),
        ([{"ns": dict(LINE, closed="yes"), "ew": OTHER}], "closed is true or false"),
        ([{"ns": LINE, "ew": LINE}], "only one line can close"),
    ):
        refused(*table_1_deals(deals_file(tmp_path, deals)), match=match)
    (tmp_path / "bad.json").write_text("{")
    refused(*table_1_deals(str(tmp_path / "bad.json")), match="not JSON")


# --- first seating (item 5) and seating by surname (item 6) -----------------------------------


def test_alphabetical_first_seating(tmp_path):
    registered(tmp_path, "--first-seating", "alphabetical", slug="a")
    seating = json.loads(run("turn_seat", "a", "--json"))
    # Blu, DANGELO, Neri, Rossi: the first two sit N-S at tables 1 and 2
    assert [(t["ns"], t["ew"]) for t in seating["tables"]] == [(4, 3), (2, 1)]
    assert seating["first_seating"]["criterion"] == "alphabetical"


def test_spread_keeps_clubs_apart_and_reports_what_it_cannot(tmp_path):
    rows = ["Cognome 1;Nome 1;Circolo 1;Cognome 2;Nome 2;Provincia;Regione"]
    clubs = ["Forlì"] * 4 + ["Cesena"] * 2 + ["Rimini"] * 2
    for i, club in enumerate(clubs):
        rows.append(f"A{i};X;{club};B{i};Y;FC;ER")
    create("s", "--first-seating", "spread", "--seed", "7", plan="mitchell:3")
    register(tmp_path, "s", "\n".join(rows) + "\n")
    seating = json.loads(run("turn_seat", "s", "--json"))
    report = seating["first_seating"]
    assert (report["criterion"], report["seed"], report["block_turns"]) == ("spread", 7, 3)
    club_of = {p.number: p.player1.club for p in Pair.objects.select_related("player1")}
    t = Tournament.objects.get(slug="s")
    assert t.seating_report == report
    # 4 of 8 pairs are of Forlì: two of them sit on each line, and each N-S Forlì pair meets
    # E-W pairs over 3 turns; the report lists exactly the club meetings of the block.
    from tournaments.services.lookup import meetings_by_turn

    club_meetings = [m for m in report["meetings"] if m["level"] == "club"]
    for m in club_meetings:
        assert club_of[m["ns"]] == club_of[m["ew"]] == m["shared"]
    first = meetings_by_turn(t)[0]
    same = [(a, b) for a, b in first if club_of[a] == club_of[b]]
    assert sorted(same) == sorted((m["ns"], m["ew"]) for m in club_meetings if m["turn"] == 1)
    assert report["counts"]["club"] == len(club_meetings)


def test_seating_by_surname_lists_every_player(tmp_path):
    registered(tmp_path)
    run("turn_seat", "n")
    from tournaments.services.seating_lists import by_surname

    turn = Tournament.objects.get(slug="n").turn_set.get()
    tables = list(
        turn.tables.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    )
    seats = by_surname(tables, [])
    assert [s.name for s in seats] == [
        "Bianchi Anna",
        "Blu Carla",
        "DANGELO NICOLO",
        "Gialli Ugo",
        "Neri Paola",
        "Rosa Ada",
        "Rossi Mario",
        "Verdi Luca",
    ]
    assert all(s.table in (1, 2) and s.line in ("ns", "ew") for s in seats)
    assert [s.name for s in by_surname(tables, [], "d'angelo")] == ["DANGELO NICOLO"]


def test_scoresheets_export_prints_the_seating_by_surname(tmp_path):
    registered(tmp_path)
    run("turn_seat", "n")
    out = tmp_path / "alpha.pdf"
    run("scoresheets_export", "n", "--turn", "1", "--kind", "seating-alpha", "--output", str(out))
    assert out.read_bytes().startswith(b"%PDF")


def test_spread_on_a_federation_xlsx_reports_every_club_meeting_of_the_block(tmp_path):
    """40 pairs of 6 clubs in 3 provinces from a federation-style workbook, spread over a
    Mitchell block of 3 turns: the meetings the report lists are exactly the same-club
    meetings played, and none is left when the field allows it."""
    from tests.helpers import play_turn
    from tournaments.services.lookup import meetings_by_turn

    clubs = [("Forlì", "FC"), ("Cesena", "FC"), ("Rimini", "RN"), ("Riccione", "RN")]
    clubs += [("Ravenna", "RA"), ("Lugo", "RA")]
    header = ["N.", "Cognome 1", "Nome 1", "Tessera 1", "Circolo 1", "Cognome 2", "Nome 2"]
    header += ["Tessera 2", "Circolo 2", "Provincia", "Regione"]
    rows = [header]
    for i in range(40):
        club, province = clubs[i % 6] if i < 36 else clubs[0]  # Forlì the largest club
        rows.append(
            [i + 1, f"Cognome{i:02d}", "Anna", 5000 + 2 * i, club, f"Altro{i:02d}", "Luca"]
            + [5001 + 2 * i, club, province, "Emilia-Romagna"]
        )
    path = xlsx(tmp_path, "iscrizioni.xlsx", rows)
    create("big", "--first-seating", "spread", "--seed", "11", plan="mitchell:3")
    run("pairs_import", "big", path)
    report = play_turn("big")["first_seating"]
    for _turn in (2, 3):
        play_turn("big")
    t = Tournament.objects.get(slug="big")
    club_of = {
        p.number: p.player1.club
        for p in Pair.objects.filter(tournament=t).select_related("player1")
    }
    played = {
        (turn, a, b)
        for turn, tables in enumerate(meetings_by_turn(t), start=1)
        for a, b in tables
        if club_of[a] == club_of[b]
    }
    reported = {(m["turn"], m["ns"], m["ew"]) for m in report["meetings"] if m["level"] == "club"}
    assert played == reported
    assert report["counts"]["club"] == len(played)
    # Forlì has 10 pairs of 40: 5 per line can each avoid the other line's 5 over 3 turns
    assert played == set()

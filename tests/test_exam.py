"""Issue 19 item 8: the federation's practical exam for scoring-room referees (FIBUR, 2016),
played through the scripting contract.

100 pairs from a federation-style workbook, the member list with an expired, a ridotta and an
unknown card, the `spread` first seating, 6 Mitchell and 2 whole-field Danish turns, the groups
7-9-9-9-8-8 cut from the ranking, 3 Danish turns in groups, prizes per group with a technical
prize. Checked: every group table stays inside its group's tables, the Danish rule inside each
group against the exact reference of tests/rules/test_danish.py, the group ranks and the
prizes."""

import json
import random

import pytest
from openpyxl import Workbook

from tests.helpers import export, run
from tests.rules.test_danish import rule_by_dp

pytestmark = pytest.mark.django_db

SIZES = [7, 9, 9, 9, 8, 8]
CLUBS = ["Forlì", "Cesena", "Rimini", "Ravenna", "Bologna", "Roma", "Milano", "Napoli"]
PROVINCES = {"Forlì": "FC", "Cesena": "FC", "Rimini": "RN", "Ravenna": "RA", "Bologna": "BO"}


def registration(path):
    book = Workbook()
    sheet = book.active
    sheet.append(
        ["N.", "Cognome 1", "Nome 1", "Tessera 1", "Circolo 1"]
        + ["Cognome 2", "Nome 2", "Tessera 2", "Circolo 2", "Provincia", "Regione"]
    )
    for n in range(1, 101):
        club = CLUBS[n % len(CLUBS)]
        province = PROVINCES.get(club, club[:2].upper())
        region = "Emilia-Romagna" if club in PROVINCES else "Altra"
        number2 = "99ZZ" if n == 9 else 20000 + n  # pair 9: a number not in the list
        sheet.append(
            [n, f"Cognome{n:03d}", "Mario", 10000 + n, club]
            + [f"Partner{n:03d}", "Anna", number2, club, province, region]
        )
    book.save(path)


def member_list(path):
    lines = ["Tessera;Cognome;Nome;Tipo tessera;Scadenza"]
    for n in range(1, 101):
        card = "ridotta" if n == 7 else "ordinaria"
        lines.append(f"{10000 + n};Cognome{n:03d};Mario;{card};31/12/2026")
        expiry = "31/12/2025" if n == 5 else "31/12/2026"
        lines.append(f"{20000 + n};Partner{n:03d};Anna;ordinaria;{expiry}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def play_turn(slug, rng, folder):
    seating = json.loads(run("turn_seat", slug, "--json"))
    lines = [
        f"{t['table']},{rng.randrange(0, 400) * 5},{rng.randrange(0, 400) * 5}"
        for t in seating["tables"]
    ]
    path = folder / f"turn{seating['turn']}.csv"
    path.write_text("table,ns,ew\n" + "\n".join(lines) + "\n")
    run("score_record", slug, "--turn", str(seating["turn"]), "--file", str(path))
    return seating


def meetings(data, before):
    return {
        frozenset((t["ns"], t["ew"]))
        for turn in data["turns"]
        if turn["number"] < before
        for t in turn["tables"]
    }


def test_the_2016_exam(tmp_path):
    rng = random.Random(2016)
    slug = "esame"
    run(
        "tournament_create",
        "--slug",
        slug,
        "--name",
        "Esame 2016",
        "--date",
        "2026-06-12",
        "--plan",
        "mitchell:6,danish:2,danish-groups:3",
        "--level",
        "nazionale",
        "--first-seating",
        "spread",
        "--seed",
        "16",
    )
    registration(tmp_path / "iscritti.xlsx")
    run("pairs_import", slug, str(tmp_path / "iscritti.xlsx"))
    member_list(tmp_path / "soci.csv")
    run("members_import", str(tmp_path / "soci.csv"))
    problems = json.loads(run("membership_check", slug, "--json"))["problems"]
    assert {(p["pair"], p["problem"]) for p in problems} == {
        (5, "expired"),
        (7, "card"),  # ridotta at a national tournament
        (9, "unknown"),
    }

    for _turn in range(8):
        play_turn(slug, rng, tmp_path)
    data = export(slug)
    assert all(p["group"] is None for p in data["pairs"])
    cut_ranking = [r["pair"] for r in data["standings"]]

    groups = json.loads(run("groups_set", slug, "--tables", "7,9,9,9,8,8", "--json"))["groups"]
    assert [g["tables"] for g in groups] == SIZES
    assert [(g["first_table"], g["last_table"]) for g in groups] == [
        (1, 7),
        (8, 16),
        (17, 25),
        (26, 34),
        (35, 42),
        (43, 50),
    ]
    flat = [p for g in groups for p in g["pairs"]]
    assert flat == cut_ranking  # A takes the top 14, B the next 18…
    where = {p: g for g in groups for p in g["pairs"]}

    for number in (9, 10, 11):
        before = export(slug)
        met = meetings(before, number)
        seating = play_turn(slug, rng, tmp_path)
        assert seating["movement"] == "danish-groups" and seating["byes"] == []
        for g in groups:
            tables = [t for t in seating["tables"] if where[t["ns"]] is g]
            assert all(where[t["ew"]] is g for t in tables)
            assert [t["table"] for t in tables] == list(
                range(g["first_table"], g["last_table"] + 1)
            )
            order = [r["pair"] for r in before["standings"] if r["group"] == g["group"]]
            expected = rule_by_dp(order, met)
            assert [(t["ns"], t["ew"]) for t in tables] == expected, (number, g["group"])

    final = export(slug)
    rows = final["standings"]
    assert [r["rank"] for r in rows] == list(range(1, 101))
    for g in groups:
        mine = [r for r in rows if r["group"] == g["group"]]
        assert sorted(r["pair"] for r in mine) == sorted(g["pairs"])
        assert [r["group_rank"] for r in mine] == list(range(1, len(mine) + 1))
        vps = [r["vp"] for r in mine]
        assert vps == sorted(vps, reverse=True)
    assert [r["group"] for r in rows] == [g["group"] for g in groups for _p in g["pairs"]]

    lines = ["girone,posto,premio,turni"]
    for g in groups:
        lines += [
            f"{g['group']},1,Primi girone {g['group']},",
            f"{g['group']},2,Secondi girone {g['group']},",
        ]
    lines.append("A,1,Migliori dei turni a gironi girone A,9-11")
    (tmp_path / "premi.csv").write_text("\n".join(lines) + "\n")
    run("prizes_set", slug, "--file", str(tmp_path / "premi.csv"))
    awarded = json.loads(run("prizes", slug, "--json"))
    assert len(awarded) == 13
    by_group = {g["group"]: [r["pair"] for r in rows if r["group"] == g["group"]] for g in groups}
    for i, g in enumerate(groups):
        first, second = awarded[2 * i], awarded[2 * i + 1]
        assert (first["pair"], second["pair"]) == tuple(by_group[g["group"]][:2])
    technical = awarded[-1]
    assert technical["turns"] == "9-11"
    in_range = {}
    for turn in final["turns"]:
        if turn["number"] >= 9:
            for t in turn["tables"]:
                in_range[t["ns"]] = in_range.get(t["ns"], 0) + t["ns_vp"]
                in_range[t["ew"]] = in_range.get(t["ew"], 0) + t["ew_vp"]
    candidates = [p for p in by_group["A"] if p not in by_group["A"][:2]]
    best = max(in_range[p] for p in candidates)
    assert technical["pair"] in candidates and in_range[technical["pair"]] == best

"""The federation's practical exam for scoring-room referees (FIBUR, 2016), played through the
scripting contract only (issue 19, item 8).

100 pairs registered from a federation-style workbook (Cognome 1, Nome 1, Tessera 1, Circolo 1,
the same with 2, Provincia, Regione), the member list checked, turn 1 seated keeping clubs
apart (`spread`), 6 Mitchell turns, 2 Danish turns over the whole field, the cut into groups of
7, 9, 9, 9, 8 and 8 tables, 3 Danish turns inside the groups, the prizes per group with a
technical prize over the turns in groups. One pair withdraws before the cut, as happens at
every national event: the field becomes odd, so the last group rests one pair per turn and
Art. 33 (nobody rests twice) has something to check.

Every check is computed again here from the JSON outputs, independently of the app: the club
meetings of the Mitchell block, the Danish rule inside each group (the literal transcription of
the rule in tests/rules/bruteforce.py, exact on groups of 18 pairs), the groups' rankings
from the recorded VP, and the prizes by the rule of docs/national.md (a pair takes only its
best prize, the next pair moves up).
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter, defaultdict

import networkx as nx
import pytest
from openpyxl import Workbook

from scoring.rules.recompute import recompute
from tests.helpers import export, run
from tests.rules.bruteforce import expected_bye, rule_by_dp

pytestmark = pytest.mark.django_db

SLUG = "esame"
PAIRS = 100
SIZES = [7, 9, 9, 9, 8, 8]
WITHDRAWN = 50  # withdraws after turn 8, before the cut

SURNAMES = (
    "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti "
    "DeLuca Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani "
    "Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale Lombardo Serra "
    "Coppola DeSantis Marchetti Parisi"
).split()
GIVEN = (
    "Mario Anna Luca Paola Giuseppe Maria Franco Laura Paolo Giulia Sergio Elena Marco Rita "
    "Carlo Silvia Bruno Teresa Enzo Carla"
).split()
REGIONS = ["Emilia-Romagna", "Lazio", "Lombardia", "Toscana", "Campania"]

# players by index 2*(pair-1) (first) and 2*(pair-1)+1 (second); their numbers 100001 + index
EXPIRED = {11, 57, 143}  # Scadenza 31/12/2025, or Anno 2025 (index 143)
RIDOTTA = {20, 90}  # not allowed at a national tournament
UNKNOWN = {70: "999999", 121: "12AB"}  # registered with numbers the list does not have
RENAMED = 160  # the list gives this player's number to somebody else
JUNIOR = 31  # a junior with an adult partner: nothing to flag


def player(index: int) -> tuple[str, str]:
    if index == 0:
        return "DANGELO", "NICOLO"  # the list spells it D'Angelo Nicolò: the same person
    return SURNAMES[index % len(SURNAMES)], GIVEN[index // len(SURNAMES)]


def number(index: int) -> str:
    return UNKNOWN.get(index, str(100001 + index))


def club_of(pair: int) -> int:
    """25 clubs of four pairs each, registered in no particular order."""
    return (pair * 37) % PAIRS // 4


def clubs(pair: int) -> tuple[str, str]:
    club = club_of(pair)
    second = (club + 1) % 25 if pair % 10 == 3 else club  # a few pairs of two clubs
    return f"Circolo {club:02d}", f"Circolo {second:02d}"


def province(pair: int) -> str:
    return f"P{club_of(pair) // 2:02d}"


def region(pair: int) -> str:
    return REGIONS[club_of(pair) // 2 // 3 % len(REGIONS)]


def registration_xlsx(path) -> str:
    book = Workbook()
    sheet = book.active
    sheet.append(
        ["Cognome 1", "Nome 1", "Tessera 1", "Circolo 1"]
        + ["Cognome 2", "Nome 2", "Tessera 2", "Circolo 2", "Provincia", "Regione"]
    )
    for pair in range(1, PAIRS + 1):
        row = []
        for k, club in enumerate(clubs(pair)):
            index = 2 * (pair - 1) + k
            code = number(index)
            row += [*player(index), int(code) if code.isdigit() else code, club]
        sheet.append(row + [province(pair), region(pair)])
    out = io.BytesIO()
    book.save(out)
    path.write_bytes(out.getvalue())
    return str(path)


def members_csv(path) -> str:
    lines = ["Tessera;Cognome;Nome;Circolo;Tipo tessera;Scadenza;Anno"]
    for index in range(2 * PAIRS):
        surname, given = player(index)
        if index == 0:
            surname, given = "D'Angelo", "Nicolò"
        if index == RENAMED:
            surname, given = "Altri", "Nomi"
        card = "ridotta" if index in RIDOTTA else "juniores" if index == JUNIOR else "ordinaria"
        expires, year = "31/12/2026", ""
        if index in EXPIRED:
            expires = "31/12/2025"
        if index in (143, 144):  # by the year only: 2025 has expired, 2026 has not
            expires, year = "", "2025" if index == 143 else "2026"
        code = f"0{100001 + index}" if index == 5 else str(100001 + index)  # zeros dropped
        club = clubs(index // 2 + 1)[index % 2]
        lines.append(";".join([code, surname, given, club, card, expires, year]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def points(turn: int, table: int) -> tuple[int, int]:
    """Varied, reproducible results: each side between -300 and 3000, multiples of 5."""
    rnd = random.Random(turn * 1000 + table)
    return 5 * rnd.randint(-60, 600), 5 * rnd.randint(-60, 600)


def play(tmp_path, seating: dict) -> None:
    turn = seating["turn"]
    rows = [",".join(map(str, (t["table"], *points(turn, t["table"])))) for t in seating["tables"]]
    path = tmp_path / f"turno{turn}.csv"
    path.write_text("table,ns,ew\n" + "\n".join(rows) + "\n")
    run("score_record", SLUG, "--turn", str(turn), "--file", str(path))


def seat(tmp_path) -> dict:
    seating = json.loads(run("turn_seat", SLUG, "--json"))
    play(tmp_path, seating)
    return seating


# ----------------------------------------------------------- the exam, step by step
def play_exam(tmp_path) -> dict:
    run(
        "tournament_create", "--slug", SLUG, "--name", "Esame arbitri 2016", "--date",
        "2026-11-21", "--level", "nazionale", "--rules", "fibur", "--plan",
        "mitchell:6,danish:2,danish-groups:3", "--first-seating", "spread", "--seed", "2016",
    )  # fmt: skip
    run("pairs_import", SLUG, registration_xlsx(tmp_path / "iscrizioni.xlsx"))
    run("members_import", members_csv(tmp_path / "tesserati.csv"))
    run("membership_admit", SLUG, "--pair", "81", "--player", "1", "--reason", "tessera rinnovata")
    found = {"membership": json.loads(run("membership_check", SLUG, "--json"))}
    seatings, before = [], {}
    for turn in range(1, 12):
        if turn == 9:
            run("pair_withdraw", SLUG, "--pair", str(WITHDRAWN), "--reason", "malore")
            found["cut"] = export(SLUG)["standings"]
            sizes = ",".join(map(str, SIZES))
            found["groups"] = json.loads(run("groups_set", SLUG, "--tables", sizes, "--json"))
        if turn >= 7:
            before[turn] = export(SLUG)["standings"]
        seatings.append(seat(tmp_path))
    prizes = tmp_path / "premi.csv"
    prizes.write_text(PRIZES, encoding="utf-8")
    run("prizes_set", SLUG, "--file", str(prizes))
    found["prizes"] = json.loads(run("prizes", SLUG, "--json"))
    found |= {"seatings": seatings, "before": before, "export": export(SLUG)}
    return found


PRIZES = """girone,posto,premio,turni
A,1,Coppa primi classificati girone A,
A,2,Coppa secondi classificati girone A,
A,3,Targa terzi classificati girone A,
B,1,Coppa primi classificati girone B,
B,2,Targa secondi classificati girone B,
C,1,Coppa primi girone C,
D,1,Coppa primi girone D,
E,1,Coppa primi girone E,
F,1,Coppa primi girone F,
A,1,Miglior coppia dei turni a gironi (girone A),9-11
F,1,Miglior coppia dei turni a gironi (girone F),9-11
"""


# ----------------------------------------------------------------------------- checks
def check_registration_keeps_every_column(exam):
    pairs = {p["number"]: p for p in exam["export"]["pairs"]}
    assert len(pairs) == PAIRS
    first = pairs[4]
    assert (first["province"], first["region"]) == (province(4), region(4))
    surname, given = player(6)
    assert (
        first["players"][0]
        | {
            "surname": surname,
            "given_name": given,
            "name": f"{surname} {given}",
            "membership": "100007",
            "club": clubs(4)[0],
        }
        == first["players"][0]
    )
    assert pairs[3]["players"][1]["club"] == clubs(3)[1] != clubs(3)[0]  # two clubs, both kept


def check_membership_check_flags_exactly_the_problems(exam):
    def who(index):
        pair = index // 2 + 1
        return pair, " ".join(player(index)), number(index)

    expected = {(*who(i), "expired") for i in EXPIRED}
    expected |= {(*who(i), "card") for i in RIDOTTA}
    expected |= {(*who(i), "unknown") for i in UNKNOWN}
    expected |= {(*who(RENAMED), "name")}
    problems = exam["membership"]["problems"]
    found = {(p["pair"], p["player"], p["membership"], p["problem"]) for p in problems}
    assert found == expected
    assert len(problems) == len(expected)
    assert exam["membership"]["admitted"] == [
        {"pair": 81, "player": " ".join(player(RENAMED)), "problem": "name",
         "reason": "tessera rinnovata"}
    ]  # fmt: skip


def check_spread_first_seating_keeps_clubs_apart_in_the_mitchell_block(exam):
    report = exam["seatings"][0]["first_seating"]
    assert (report["criterion"], report["seed"], report["block_turns"]) == ("spread", 2016, 6)
    pairs = {p["number"]: p for p in exam["export"]["pairs"]}

    def shared(a, b):
        for level in ("club", "province", "region"):
            if level == "club":
                mine = {p["club"] for p in pairs[a]["players"]}
                theirs = {p["club"] for p in pairs[b]["players"]}
            else:
                mine, theirs = {pairs[a][level]}, {pairs[b][level]}
            if mine & theirs:
                return level
        return None

    meetings = Counter()
    for turn in exam["export"]["turns"][:6]:
        assert turn["movement"] == "mitchell"
        for t in turn["tables"]:
            meetings[shared(t["ns"], t["ew"])] += 1
    assert meetings["club"] == 0  # 25 clubs of four pairs: every club meeting is avoidable
    reported = Counter(m["level"] for m in report["meetings"])
    assert {level: reported[level] for level in ("club", "province", "region")} == {
        level: meetings[level] for level in ("club", "province", "region")
    }


def check_six_mitchell_and_two_danish_then_three_turns_in_groups(exam):
    movements = [t["movement"] for t in exam["export"]["turns"]]
    assert movements == ["mitchell"] * 6 + ["danish"] * 2 + ["danish-groups"] * 3
    assert all(t["ns_vp"] is not None for turn in exam["export"]["turns"] for t in turn["tables"])


def check_whole_field_danish_follows_the_rule(exam):
    """Turns 7 and 8 over the whole field: top down, each pair meets the best-ranked pair left
    that it has not met, unless the rest could then not be seated without a repeat (a perfect
    matching of the pairs that have not met, by networkx, only when the engine skips one)."""
    turns = exam["export"]["turns"]
    for seating in exam["seatings"][6:8]:
        number = seating["turn"]
        assert (seating["movement"], seating["byes"], seating["repeats"]) == ("danish", [], [])
        met = {
            frozenset((t["ns"], t["ew"])) for turn in turns[: number - 1] for t in turn["tables"]
        }
        left = [r["pair"] for r in exam["before"][number]]
        for table, t in enumerate(seating["tables"], start=1):
            assert (t["table"], t["ns"]) == (table, left[0])
            for other in left[1 : left.index(t["ew"])]:  # pairs passed over
                assert frozenset((t["ns"], other)) in met or not seatable(
                    [p for p in left[1:] if p != other], met
                )
            assert frozenset((t["ns"], t["ew"])) not in met
            left = [p for p in left if p not in (t["ns"], t["ew"])]
        assert left == []


def meetings(turns) -> set[frozenset[int]]:
    return {frozenset((t["ns"], t["ew"])) for turn in turns for t in turn["tables"]}


def seatable(pairs, met) -> bool:
    """Can `pairs` all be seated against pairs they have not met?"""
    graph = nx.Graph()
    graph.add_nodes_from(pairs)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(pairs) for b in pairs[i + 1 :] if frozenset((a, b)) not in met
    )
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(pairs)


def check_groups_are_cut_from_the_ranking_with_one_numbering_for_the_hall(exam):
    groups = exam["groups"]["groups"]
    ranking = [r["pair"] for r in exam["cut"] if r["pair"] != WITHDRAWN]
    assert [(g["group"], g["tables"], g["first_table"], g["last_table"]) for g in groups] == [
        ("A", 7, 1, 7),
        ("B", 9, 8, 16),
        ("C", 9, 17, 25),
        ("D", 9, 26, 34),
        ("E", 8, 35, 42),
        ("F", 8, 43, 50),
    ]
    assert [p for g in groups for p in g["pairs"]] == ranking
    assert [len(g["pairs"]) for g in groups] == [14, 18, 18, 18, 16, 15]  # F takes the odd pair
    pairs = {p["number"]: p for p in exam["export"]["pairs"]}
    assert pairs[WITHDRAWN]["group"] is None and pairs[WITHDRAWN]["group_rank"] is None


def check_every_group_table_stays_inside_its_group(exam):
    groups = exam["groups"]["groups"]
    where = {p: g for g in groups for p in g["pairs"]}
    for seating in exam["seatings"][8:]:
        assert seating["movement"] == "danish-groups"
        by_group = defaultdict(list)
        for t in seating["tables"]:
            group = where[t["ns"]]
            assert where[t["ew"]] is group
            by_group[group["group"]].append(t["table"])
        for g in groups:
            used = by_group[g["group"]]
            assert used == list(range(g["first_table"], g["first_table"] + len(g["pairs"]) // 2))
            assert used[-1] <= g["last_table"]
        assert [where[b["pair"]]["group"] for b in seating["byes"]] == ["F"]


def check_the_danish_rule_inside_each_group_matches_the_reference(exam):
    """Danish puro inside each group on the group's ranking before the turn: every meeting of
    the tournament avoided while possible, top-down (tests/rules/bruteforce.py's
    `rule_by_dp`, an exact search), the bye to the lowest-ranked pair with the fewest byes."""
    turns = exam["export"]["turns"]
    for seating in exam["seatings"][8:]:
        number = seating["turn"]
        met = meetings(turns[: number - 1])
        byes = Counter(b["pair"] for turn in turns[: number - 1] for b in turn["byes"])
        tables = [(t["table"], t["ns"], t["ew"]) for t in seating["tables"]]
        for group in exam["groups"]["groups"]:
            members = set(group["pairs"])
            order = [r["pair"] for r in exam["before"][number] if r["pair"] in members]
            assert [r["group"] for r in exam["before"][number] if r["pair"] in members] == [
                group["group"]
            ] * len(members)
            bye = expected_bye(order, byes)
            assert [b["pair"] for b in seating["byes"] if b["pair"] in members] == (
                [] if bye is None else [bye]
            )
            rest = [p for p in order if p != bye]
            inside = {m for m in met if m <= set(rest)}
            expected = rule_by_dp(rest, inside)
            mine = [t for t in tables if t[1] in members]
            assert [t[1:] for t in mine] == expected
            first = group["first_table"]
            assert [t[0] for t in mine] == list(range(first, first + len(mine)))
            repeats = [list(t) for t in expected if frozenset(t) in inside]
            assert [r for r in seating["repeats"] if r[0] in members] == repeats


def check_nobody_rests_twice(exam):
    rests = Counter(b["pair"] for turn in exam["export"]["turns"] for b in turn["byes"])
    assert rests and max(rests.values()) == 1
    assert WITHDRAWN not in rests
    assert all(s["rest_again"] == [] for s in exam["seatings"])


def recomputed(turns, first=1, last=11) -> dict[int, list[int]]:
    """Pair -> [VP, MP difference] over turns first..last, from the recorded tables."""
    total: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for turn in turns[first - 1 : last]:
        for t in turn["tables"]:
            diff = t["ns_points"] - t["ew_points"]
            total[t["ns"]][0] += t["ns_vp"]
            total[t["ew"]][0] += t["ew_vp"]
            total[t["ns"]][1] += diff
            total[t["ew"]][1] -= diff
        for b in turn["byes"]:
            total[b["pair"]][0] += b["vp"]
            total[b["pair"]][1] += b["mp"]
    return total


def check_group_ranks_are_the_standings_restricted_to_the_group(exam):
    data = exam["export"]
    rows = data["standings"]
    totals = recomputed(data["turns"])
    assert [r["rank"] for r in rows] == list(range(1, PAIRS + 1))
    assert all(r["vp"] == totals[r["pair"]][0] for r in rows)
    names = [g["group"] for g in exam["groups"]["groups"]]
    assert [r["group"] for r in rows] == [
        g for g, size in zip(names, [14, 18, 18, 18, 16, 15]) for _ in range(size)
    ] + [None]
    assert rows[-1]["pair"] == WITHDRAWN
    pairs = {p["number"]: p for p in data["pairs"]}
    for name in names:
        group = [r for r in rows if r["group"] == name]
        assert [r["group_rank"] for r in group] == list(range(1, len(group) + 1))
        order = [(r["vp"], r["mp"]) for r in group]  # VP, then MP (the default tie-break)
        assert order == sorted(order, reverse=True)
        assert all(r["mp"] == totals[r["pair"]][1] for r in group)
        assert all(pairs[r["pair"]]["group_rank"] == r["group_rank"] for r in group)
        assert all(pairs[r["pair"]]["group"] == name for r in group)


def check_prizes_per_group_a_pair_takes_only_its_best_prize(exam):
    data, prizes = exam["export"], exam["prizes"]
    assert len(prizes) == 11
    rows = data["standings"]
    technical = recomputed(data["turns"], 9, 11)
    held: set[int] = set()
    passed_over = 0  # technical prizes whose best pair already held a better prize
    for prize in prizes:
        group = [r["pair"] for r in rows if r["group"] == prize["group"]]
        eligible = [p for p in group if p not in held]
        if prize["turns"] is None:
            assert prize["pair"] == eligible[0], prize
        else:
            assert prize["turns"] == "9-11"
            best = max(technical[p] for p in eligible)
            assert technical[prize["pair"]] == best, prize
            assert prize["pair"] in eligible
            passed_over += max(group, key=lambda p: technical[p]) in held
        held.add(prize["pair"])
    assert len(held) == len(prizes)
    assert passed_over  # the exclusive rule did move a pair up
    a = [r["pair"] for r in rows if r["group"] == "A"]
    assert [p["pair"] for p in prizes[:3]] == a[:3]
    assert [(p["group"], p["place"], p["turns"]) for p in prizes[-2:]] == [
        ("A", 1, "9-11"),
        ("F", 1, "9-11"),
    ]


def check_group_turns_explain_inside_each_group(exam, client):
    """Issue 24 point 3: the seating page of a turn in groups tells, group by group, why a pair
    did not meet the next pair of its group's ranking (they met in turn N), and shows each
    pair's place in its group ("2ª nel girone B"), not in the whole field. The expected lines
    are worked out here from the JSON: the group's order before the turn, top down."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Tournament

    user = get_user_model().objects.create_user("esaminatore", password="pw-exam-2016")
    Tournament.objects.get(slug=SLUG).referees.add(user)
    client.force_login(user)
    turns = exam["export"]["turns"]
    told = 0
    for seating in exam["seatings"][8:]:
        number = seating["turn"]
        html = client.get(f"/desk/{SLUG}/seating/?turn={number}").content.decode()
        first_met = {}
        for turn in turns[: number - 1]:
            for t in turn["tables"]:
                first_met.setdefault(frozenset((t["ns"], t["ew"])), turn["number"])
        byes = {b["pair"] for b in seating["byes"]}
        expected = []
        for group in exam["groups"]["groups"]:
            rows = [r for r in exam["before"][number] if r["group"] == group["group"]]
            assert f"2ª nel girone {group['group']} · {rows[1]['vp']} P.V." in html
            left = [r["pair"] for r in rows if r["pair"] not in byes]
            for t in seating["tables"]:
                if t["ns"] not in left:
                    continue
                neighbour = [p for p in left if p != t["ns"]][0]
                if neighbour != t["ew"]:
                    met = first_met.get(frozenset((t["ns"], neighbour)))
                    why = (
                        f"(si sono incontrate nel turno {met}), quindi incontra {t['ew']}."
                        if met
                        else "altrimenti le coppie restanti non potrebbero essere accoppiate "
                        f"tutte senza incontrarsi di nuovo; incontra {t['ew']}."
                    )
                    expected.append(
                        f"Tavolo {t['table']}: {t['ns']} non incontra {neighbour}"
                        + (" " if met else ", ")
                        + why
                    )
                left = [p for p in left if p not in (t["ns"], t["ew"])]
        assert "in classifica</span>" not in html  # no overall rank on a turn in groups
        if expected:
            assert "vicina nella classifica del girone" in html
        for line in expected:
            assert line in html
        told += len(expected)
    assert told  # the exam's group turns do skip neighbours


def check_the_export_recomputes_with_no_difference(exam):
    """What the federation's hub does at the receipt (issue 27): every table's VP, every
    bye, the standings group by group and the prizes recomputed from the export alone."""
    found = recompute(exam["export"])
    assert found.differences == [] and found.cannot == []


def test_the_2016_exam(tmp_path, client):
    exam = play_exam(tmp_path)
    check_group_turns_explain_inside_each_group(exam, client)
    check_registration_keeps_every_column(exam)
    check_membership_check_flags_exactly_the_problems(exam)
    check_spread_first_seating_keeps_clubs_apart_in_the_mitchell_block(exam)
    check_six_mitchell_and_two_danish_then_three_turns_in_groups(exam)
    check_whole_field_danish_follows_the_rule(exam)
    check_groups_are_cut_from_the_ranking_with_one_numbering_for_the_hall(exam)
    check_every_group_table_stays_inside_its_group(exam)
    check_the_danish_rule_inside_each_group_matches_the_reference(exam)
    check_nobody_rests_twice(exam)
    check_group_ranks_are_the_standings_restricted_to_the_group(exam)
    check_prizes_per_group_a_pair_takes_only_its_best_prize(exam)
    check_the_export_recomputes_with_no_difference(exam)

"""The referee's rulings end to end: each one's effect on the standings and on the opponents,
and worked cases from the Codice di Gara (Art. 23, 32, 33)."""

import pytest
from django.core.management.base import CommandError

from tests.helpers import export, make_tournament, play_turn, run
from tournaments.models import Pair

pytestmark = pytest.mark.django_db


def standings(slug):
    return {r["pair"]: r for r in export(slug)["standings"]}


def refused(*args, match):
    with pytest.raises(CommandError, match=match):
        run(*args)


def test_rulings_list_prints_the_catalogue():
    out = run("rulings_list")
    for code in (
        "art23-pozzetto",
        "art23-recidiva",
        "ritardo-5",
        "ritardo-10",
        "ritardo-oltre-10",
        "art32-abbandono",
        "art32-forza-maggiore",
        "libera",
    ):
        assert code in out


def test_art_23_warning_then_repeat_costs_1_vp_and_gives_nothing_to_the_opponents(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (600, 500))
    before = standings(slug)
    run(
        "penalty_add",
        slug,
        "--pair",
        "1",
        "--ruling",
        "art23-pozzetto",
        "--table",
        "1",
        "--reason",
        "Guarda il pozzetto prima dello scarto del compagno",
    )
    assert standings(slug) == before  # a warning changes nothing in the ranking
    run("penalty_add", slug, "--pair", "1", "--ruling", "art23-pozzetto", "--reason", "Di nuovo")
    after = standings(slug)
    assert after[1]["vp"] == before[1]["vp"] - 1 and after[1]["penalty_vp"] == 1
    for other in (2, 3, 4):  # their points are untouched (ranks may move up)
        assert (after[other]["vp"], after[other]["mp"]) == (
            before[other]["vp"],
            before[other]["mp"],
        )
    data = export(slug)
    assert [p["automatic"] for p in data["penalties"]] == [True]
    assert [e["ruling"] for e in data["log"]] == ["art23-pozzetto", "art23-pozzetto", "warnings"]


def test_two_warnings_of_any_kind_cost_1_vp_and_four_cost_2(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug)
    for code in ("ritardo-5", "condotta", "art23-pozzetto", "ritardo-5"):
        run("penalty_add", slug, "--pair", "2", "--ruling", code, "--reason", "x")
    assert standings(slug)[2]["penalty_vp"] == 2


def test_art_4_play_before_the_start_cancels_the_hand_and_adds_no_warning(tmp_path):
    """Art. 4: "E' vietato cominciare il gioco prima che l'arbitro abbia dato ufficialmente
    inizio al turno, pena l'annullamento della mano di gioco iniziata": the hand is cancelled,
    no warning of its own (so it never counts towards the two warnings of Art. 23)."""
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug)
    run("penalty_add", slug, "--pair", "2", "--ruling", "condotta", "--reason", "x")
    out = run(
        "penalty_add", slug, "--pair", "2", "--ruling", "art4-via-anticipato", "--reason", "x"
    )
    assert "no sanction" in out
    assert standings(slug)[2]["penalty_vp"] == 0
    log = export(slug)["log"]
    assert [e["ruling"] for e in log] == ["condotta", "art4-via-anticipato"]
    assert log[-1]["article"] == "Art. 4"


def test_late_arrival_rulings_cite_federation_practice_not_art_33():
    """The 2007 Codice's Art. 33 covers late registration, not late arrival at the table."""
    from scoring.models import Ruling

    articles = dict(
        Ruling.objects.filter(code__startswith="ritardo").values_list("code", "article")
    )
    assert articles == dict.fromkeys(
        ["ritardo-5", "ritardo-10", "ritardo-oltre-10"], "Prassi FIBUR"
    )


def test_late_beyond_5_minutes_costs_100_mp(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (600, 500))
    before = standings(slug)
    run("penalty_add", slug, "--pair", "3", "--ruling", "ritardo-10", "--reason", "7 minuti")
    after = standings(slug)
    assert after[3]["mp"] == before[3]["mp"] - 100 and after[3]["vp"] == before[3]["vp"]
    assert after[1] == before[1]  # its opponent gains nothing


def test_free_penalty_needs_an_amount_and_the_ruling_must_exist(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug)
    refused(
        "penalty_add",
        slug,
        "--pair",
        "1",
        "--ruling",
        "libera",
        "--reason",
        "x",
        match="some VP or some MP",
    )
    refused(
        "penalty_add",
        slug,
        "--pair",
        "1",
        "--ruling",
        "nope",
        "--reason",
        "x",
        match="Unknown ruling",
    )
    refused(
        "penalty_add",
        slug,
        "--pair",
        "1",
        "--ruling",
        "art32-abbandono",
        "--reason",
        "x",
        match="sets a table's score",
    )
    run("penalty_add", slug, "--pair", "1", "--ruling", "libera", "--vp", "2", "--reason", "x")
    assert standings(slug)[1]["penalty_vp"] == 2


def test_score_adjust_sets_vp_and_mp_of_each_line(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (600, 500))
    run(
        "score_adjust",
        slug,
        "--turn",
        "1",
        "--table",
        "1",
        "--ns-vp",
        "14",
        "--ew-vp",
        "0",
        "--ns-mp",
        "355",
        "--ew-mp",
        "-355",
        "--reason",
        "Art. 32",
    )
    table = export(slug)["turns"][0]["tables"][0]
    assert table["adjusted"] is True and (table["ns_vp"], table["ew_vp"]) == (14, 0)
    assert (table["ns_points"], table["ew_points"]) == (600, 500)  # what was played stays
    st = standings(slug)
    assert (st[1]["vp"], st[1]["mp"]) == (14, 355) and (st[3]["vp"], st[3]["mp"]) == (0, -355)
    run(
        "score_adjust",
        slug,
        "--turn",
        "1",
        "--table",
        "2",
        "--ns-vp",
        "12",
        "--ew-vp",
        "8",
        "--reason",
        "decisione arbitrale",
    )
    st = standings(slug)
    assert (st[2]["mp"], st[4]["mp"]) == (155, -155)  # default MP: lowest for the VP
    assert export(slug)["log"][-1]["decision"] == "decisione arbitrale"


@pytest.mark.parametrize(
    "args, match",
    [
        (["--ns-vp", "21", "--ew-vp", "0"], "from 0 to 20"),
        (["--ns-vp", "14", "--ew-vp", "6", "--ns-mp", "355"], "both lines"),
        (["--ns-vp", "14", "--ew-vp", "6", "--ns-mp", "352", "--ew-mp", "-355"], "multiple of 5"),
    ],
)
def test_score_adjust_refusals(tmp_path, args, match):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug)
    before = export(slug)
    refused(
        "score_adjust", slug, "--turn", "1", "--table", "1", *args, "--reason", "x", match=match
    )
    refused(
        "score_adjust",
        slug,
        "--turn",
        "1",
        "--table",
        "9",
        "--ns-vp",
        "10",
        "--ew-vp",
        "10",
        "--reason",
        "x",
        match="not a match",
    )
    refused(
        "score_adjust",
        slug,
        "--turn",
        "1",
        "--table",
        "1",
        "--ns-vp",
        "10",
        "--ew-vp",
        "10",
        "--reason",
        " ",
        match="needs a reason",
    )
    assert export(slug) == before


def test_art_32_abandonment_in_turn_3_of_a_mitchell(tmp_path):
    """Turn 3 of a 4-turn Mitchell of 8 pairs: pair 8 (E-O) walks out unjustified at table 3
    while losing 100 to 1000: pair 3 keeps its better result (17-3, +900); pair 8 gets zero.
    Pair 8 then withdraws: in turn 4 its N-S opponent gets the bye score (Art. 33)."""
    slug = make_tournament(tmp_path, pairs=8, turns=4)
    play_turn(slug)
    play_turn(slug)
    third = play_turn(slug, points=lambda t: (1000, 100))
    table = next(t for t in third["tables"] if 8 in (t["ns"], t["ew"]))
    before = standings(slug)
    run(
        "table_ruling",
        slug,
        "--turn",
        "3",
        "--table",
        str(table["table"]),
        "--pair",
        "8",
        "--ruling",
        "art32-abbandono",
        "--reason",
        "Intolleranza verso gli avversari",
    )
    after = standings(slug)
    innocent = table["ns"]
    assert after[innocent]["vp"] == before[innocent]["vp"]  # 17 VP already above 14-6
    assert after[8]["vp"] == before[8]["vp"] - 3  # zero instead of 3
    run(
        "score_adjust",
        slug,
        "--turn",
        "3",
        "--table",
        str(table["table"]),
        "--ns-vp",
        "17",
        "--ew-vp",
        "0",
        "--ns-mp",
        "900",
        "--ew-mp",
        "-900",
        "--reason",
        "confirmed",
    )
    run("pair_withdraw", slug, "--pair", "8", "--reason", "Abbandono (Art. 32)")
    fourth = play_turn(slug)
    assert all(8 not in (t["ns"], t["ew"]) for t in fourth["tables"])
    byes = fourth["byes"]
    # turn 4: E-O pairs have moved 3 tables; 8 started at table 4, so table 3's N-S rests
    assert byes == [{"pair": 3, "vp": 14, "mp": 355}]
    assert next(p for p in export(slug)["pairs"] if p["number"] == 8)["withdrawn_after_turn"] == 3


def test_art_32_abandonment_for_force_majeure_gives_the_bye_score(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    play_turn(slug, points=lambda t: (100, 900))
    run(
        "table_ruling",
        slug,
        "--turn",
        "1",
        "--table",
        "1",
        "--pair",
        "3",
        "--ruling",
        "art32-forza-maggiore",
        "--reason",
        "Malore",
    )
    st = standings(slug)
    assert (st[1]["vp"], st[1]["mp"]) == (14, 355) and (st[3]["vp"], st[3]["mp"]) == (0, 0)


@pytest.mark.parametrize(
    "scale, deals, override, expected",
    [
        ("feburit-2007", 4, None, (14, 355)),  # the 2007 Codice: 70% whatever the deals
        ("fibur-3", 3, None, (14, 355)),
        ("fibur-4", 4, None, (12, 305)),
        ("fibur-4", 4, 70, (14, 705)),  # the referee's override
    ],
)
def test_art_32_33_force_majeure_and_byes_use_the_scale_editions_bye(
    tmp_path, scale, deals, override, expected
):
    extra = {"bye_percentage": override} if override else {}
    slug = make_tournament(tmp_path, pairs=5, turns=2, deals=deals, vp_scale=scale, **extra)
    first = play_turn(slug, points=lambda t: (100, 900))
    assert [(b["vp"], b["mp"]) for b in first["byes"]] == [expected]
    ns, ew = first["tables"][0]["ns"], first["tables"][0]["ew"]
    run(
        "table_ruling",
        slug,
        "--turn",
        "1",
        "--table",
        str(first["tables"][0]["table"]),
        "--pair",
        str(ew),
        "--ruling",
        "art32-forza-maggiore",
        "--reason",
        "Malore",
    )
    st = standings(slug)
    assert (st[ns]["vp"], st[ns]["mp"]) == expected and (st[ew]["vp"], st[ew]["mp"]) == (0, 0)


def test_late_beyond_10_minutes_awards_the_match(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2, deals=4, vp_scale="fibur-4")
    play_turn(slug, points=lambda t: (0, 0))
    run(
        "table_ruling",
        slug,
        "--turn",
        "1",
        "--table",
        "2",
        "--pair",
        "4",
        "--ruling",
        "ritardo-oltre-10",
    )
    st = standings(slug)
    assert (st[2]["vp"], st[2]["mp"]) == (12, 305)  # 60% with 4 deals
    assert (st[4]["vp"], st[4]["mp"]) == (8, -305)  # the complement, though it drew 10-10
    refused(
        "table_ruling",
        slug,
        "--turn",
        "1",
        "--table",
        "2",
        "--pair",
        "1",
        "--ruling",
        "ritardo-oltre-10",
        match="does not play at table 2",
    )


def test_withdrawal_before_a_danish_turn_with_an_odd_field(tmp_path):
    """8 pairs, 2 Danish turns; pair 2 withdraws after turn 1: 7 pairs in turn 2, the bye goes
    to the lowest-ranked pair that has not rested, nobody meets pair 2."""
    slug = make_tournament(tmp_path, pairs=8, plan="danish:2")
    play_turn(slug, points=lambda t: (1000 + 100 * t, 500))
    run("pair_withdraw", slug, "--pair", "2", "--reason", "Rinuncia")
    ranking = [r["pair"] for r in export(slug)["standings"] if r["pair"] != 2]
    second = play_turn(slug)
    assert [b["pair"] for b in second["byes"]] == [ranking[-1]]
    seated = [p for t in second["tables"] for p in (t["ns"], t["ew"])]
    assert sorted(seated + [ranking[-1]]) == sorted(ranking)
    refused("pair_withdraw", slug, "--pair", "2", "--reason", "x", match="already withdrew")


def test_withdrawal_in_mitchell_with_an_odd_field_nobody_rests_twice(tmp_path):
    slug = make_tournament(tmp_path, pairs=9, turns=5)
    play_turn(slug)
    run("pair_withdraw", slug, "--pair", "7", "--reason", "Rinuncia")
    for _ in range(4):
        play_turn(slug)
    data = export(slug)
    rested = [b["pair"] for t in data["turns"] for b in t["byes"]]
    assert len(rested) == len(set(rested))
    assert all(7 not in (x["ns"], x["ew"]) for t in data["turns"][1:] for x in t["tables"])
    assert Pair.objects.get(number=7).withdrawn_after_turn == 1


def test_art_33_late_pair_completes_the_incomplete_table_in_turn_1(tmp_path):
    """7 pairs in Mitchell: pair 4 rests at table 4; a late pair arrives during turn 1 and
    plays it; from turn 2 on it moves as the missing E-O pair, so nobody rests any more."""
    from scoring.services.decisions import seat_late_pair
    from tournaments.models import Tournament

    slug = make_tournament(tmp_path, pairs=7, turns=3)
    run("turn_seat", slug)
    t = Tournament.objects.get(slug=slug)
    table = seat_late_pair(t, {"player1": "Ritardo Uno", "player2": "Ritardo Due"})
    assert (table.number, table.ns.number, table.ew.number) == (4, 4, 8)
    data = export(slug)
    assert data["turns"][0]["byes"] == [] and len(data["turns"][0]["tables"]) == 4
    for x in data["turns"][0]["tables"]:
        run(
            "score_record",
            slug,
            "--turn",
            "1",
            "--table",
            str(x["table"]),
            "--ns",
            "500",
            "--ew",
            "0",
        )
    second = play_turn(slug)
    assert second["byes"] == [] and (1, 1, 8) in [
        (x["table"], x["ns"], x["ew"]) for x in second["tables"]
    ]
    with pytest.raises(Exception, match="only while turn 1"):
        seat_late_pair(t, {"player1": "Troppo", "player2": "Tardi"})
    assert export(slug)["log"][0]["ruling"] == "late-pair"


def test_late_pair_refused_without_an_incomplete_table(tmp_path):
    from scoring.services.decisions import seat_late_pair
    from tournaments.models import Tournament

    slug = make_tournament(tmp_path, pairs=8, turns=2)
    run("turn_seat", slug)
    with pytest.raises(Exception, match="no incomplete table"):
        seat_late_pair(Tournament.objects.get(slug=slug), {"player1": "A", "player2": "B"})
    assert Pair.objects.count() == 8

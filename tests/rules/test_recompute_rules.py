"""Worked examples of the recomputation (scoring/rules/recompute.py), by hand, from the
Codice di Gara (FE.BUR.IT 2007): Art. 30's VP table (355 to 500 points of difference: 14-6;
255 to 350: 13-7; 0 to 50: 10-10) and Art. 33's bye (70% of the 20 VP: "14-6 pari ad una
differenza in M.P. di 355")."""

import copy

from scoring.rules.recompute import RULES_CHANGED, describe, english, recompute


def table(number, ns, ew, ns_points, ew_points, ns_vp, ew_vp):
    return {
        "table": number, "ns": ns, "ew": ew, "ns_points": ns_points, "ew_points": ew_points,
        "ns_vp": ns_vp, "ew_vp": ew_vp, "adjusted": False,
    }  # fmt: skip


def standing(rank, pair, vp, mp, played=1, byes=1):
    return {
        "rank": rank, "pair": pair, "vp": vp, "mp": mp, "played": played, "byes": byes,
        "penalty_vp": 0, "penalty_mp": 0, "group": None, "group_rank": None,
    }  # fmt: skip


def three_pairs() -> dict:
    """Three pairs, two turns, one bye each turn, on the 2007 scale.

    Turn 1: pair 1 beats pair 2 by 1355-1000, 355 points (Art. 30: 14-6); pair 3 rests
    (Art. 33: 14 VP, 355 MP). Turn 2: pairs 3 and 1 draw 1000-1000 (10-10); pair 2 rests.
    Pairs 1 and 3 tie on 24 VP and +355 MP and drew with each other: the pair number
    settles it (the declared tie-breaks mp, h2h, number)."""
    return {
        "tournament": {
            "slug": "es", "kind": "pairs", "turns": 2, "deals": 3, "vp_scale": "feburit-2007",
            "bye_percentage": 70, "tiebreaks": ["mp", "h2h", "number"], "plan": ["mitchell"] * 2,
            "prizes_cumulate": False,
        },
        "pairs": [{"number": n, "players": [{"club": "A"}, {"club": "A"}]} for n in (1, 2, 3)],
        "turns": [
            {"number": 1, "tables": [table(1, 1, 2, 1355, 1000, 14, 6)],
             "byes": [{"pair": 3, "vp": 14, "mp": 355}]},
            {"number": 2, "tables": [table(1, 3, 1, 1000, 1000, 10, 10)],
             "byes": [{"pair": 2, "vp": 14, "mp": 355}]},
        ],
        "penalties": [],
        "standings": [
            standing(1, 1, 24, 355, played=2, byes=0),
            standing(2, 3, 24, 355),
            standing(3, 2, 20, 0),
        ],
        "groups": [],
        "prizes": [{"group": None, "place": 1, "prize": "Coppa", "turns": None, "pair": 1}],
    }  # fmt: skip


def test_the_worked_example_recomputes_with_no_difference():
    found = recompute(three_pairs())
    assert found.differences == [] and found.cannot == []


def test_a_table_and_a_bye_that_do_not_follow_art_30_and_33():
    data = three_pairs()
    # 350 points of difference earn 13-7 (Art. 30: 255-350), not the 14-6 declared
    data["turns"][0]["tables"][0]["ns_points"] = 1350
    data["standings"][0]["mp"] = 350
    # the bye is 14-6 *and* 355 MP (Art. 33), not 350
    data["turns"][1]["byes"][0]["mp"] = 350  # pair 2: -350 + 350 = 0, as its row says
    found = recompute(data)
    assert {"code": "vp", "turn": 1, "table": 1, "said": [14, 6], "computed": [13, 7]} in (
        found.differences
    )
    assert {"code": "bye", "turn": 2, "pair": 2, "said": [14, 350], "computed": [14, 355]} in (
        found.differences
    )
    # the standings follow: pair 1 has 23 VP, so pair 3 is first
    assert {"code": "standings", "rank": 1, "said": 1, "computed": 3} in found.differences
    assert {"code": "total", "field": "vp", "pair": 1, "said": 24, "computed": 23} in (
        found.differences
    )
    # pair 2: 7 VP (not 6) at the table, and -350 + 355 = +5 MP
    assert {"code": "total", "field": "vp", "pair": 2, "said": 20, "computed": 21} in (
        found.differences
    )
    assert {"code": "total", "field": "mp", "pair": 2, "said": 0, "computed": 5} in (
        found.differences
    )
    # and the prize: the first place goes to pair 3
    assert {
        "code": "prize", "prize": "Coppa", "group": None, "place": 1, "turns": None,
        "said": 1, "computed": 3,
    } in found.differences  # fmt: skip
    assert english(*describe(found.differences[0])) == (
        "turn 1, table 1: VP 14-6 in the package, 13-7 by the VP scale (Art. 30)"
    )


def test_a_penalty_counts_from_its_turn_and_never_for_the_opponents():
    """Art. 23: a penalty lowers the penalised pair's totals only."""
    data = three_pairs()
    data["penalties"] = [{"pair": 1, "turn": 2, "vp": 1, "mp": 0}]
    found = recompute(data)
    assert {"code": "standings", "rank": 1, "said": 1, "computed": 3} in found.differences
    assert {"code": "total", "field": "penalty_vp", "pair": 1, "said": 0, "computed": 1} in (
        found.differences
    )
    assert not [d for d in found.differences if d.get("pair") in (2, 3)]


def test_a_custom_scale_is_recomputed_from_the_table_the_export_gives():
    data = three_pairs()
    data["tournament"]["vp_scale"] = "tabella-circolo"
    data["tournament"]["vp_scale_bands"] = [[100, 10], [400, 12], [None, 20]]
    found = recompute(copy.deepcopy(data))
    # 355 points: 12-8 on that table, and its bye (70%: 14) needs 405 points
    assert {"code": "vp", "turn": 1, "table": 1, "said": [14, 6], "computed": [12, 8]} in (
        found.differences
    )
    assert found.cannot == []
    del data["tournament"]["vp_scale_bands"]
    found = recompute(data)
    assert [r[0] for r in found.cannot] == ["scale"]
    assert found.differences == []  # nothing called wrong that could not be judged


def test_unknown_tiebreaks_and_an_older_package_cannot_be_recomputed_but_are_not_wrong():
    data = three_pairs()
    data["tournament"]["tiebreaks"] = ["sorteggio"]
    del data["prizes"]
    found = recompute(data)
    assert sorted(r[0] for r in found.cannot) == ["prizes", "tiebreaks"]
    assert found.differences == []


def test_anything_unreadable_is_a_reason_never_an_exception():
    for broken in ({}, {"tournament": []}, {"tournament": {"kind": "pairs"}}):
        found = recompute(broken)
        assert found.cannot and found.differences == []
    assert [r[0] for r in recompute({"tournament": {"kind": "quartetti"}}).cannot] == ["kind"]


def two_teams_and_a_bye(bye_mp: int) -> dict:
    """Three teams, one turn, mp-scale: teams 1 and 2 play both rooms 1000-1000 (a draw:
    20-20 of 40), team 3 rests: 70% of 40 (28 VP) and twice the pairs bye's MP (Art. 33:
    2 x 355 = 710)."""
    tables = [
        table(1, [1, 2], [5, 6], 1000, 1000, 10, 10) | {"ns_team": 1, "ew_team": 2},
        table(2, [7, 8], [3, 4], 1000, 1000, 10, 10) | {"ns_team": 2, "ew_team": 1},
    ]
    return {
        "tournament": {
            "slug": "sq", "kind": "teams", "turns": 1, "deals": 3, "vp_scale": "feburit-2007",
            "bye_percentage": 70, "tiebreaks": ["mp", "h2h", "number"], "plan": ["round-robin"],
            "team_scoring": "mp-scale", "prizes_cumulate": False,
        },
        "teams": [{"number": n, "name": f"S{n}", "players": []} for n in (1, 2, 3)],
        "turns": [{
            "number": 1,
            "matches": [{"match": 1, "team_a": 1, "team_b": 2, "tables": tables,
                         "vp_a": 20, "vp_b": 20, "mp_a": 0, "mp_b": 0}],
            "byes": [{"team": 3, "vp": 28, "mp": bye_mp}],
        }],
        "penalties": [],
        "standings": [
            {"rank": 1, "team": 3, "vp": 28, "mp": bye_mp, "played": 0, "byes": 1,
             "penalty_vp": 0, "penalty_mp": 0},
            {"rank": 2, "team": 1, "vp": 20, "mp": 0, "played": 1, "byes": 0,
             "penalty_vp": 0, "penalty_mp": 0},
            {"rank": 3, "team": 2, "vp": 20, "mp": 0, "played": 1, "byes": 0,
             "penalty_vp": 0, "penalty_mp": 0},
        ],
        "prizes": [],
    }  # fmt: skip


def test_a_team_bye_by_the_former_rule_is_rules_changed_not_wrong():
    """Before this program gave a team bye twice the pairs bye's MP under both scorings
    (docs/individual-and-teams.md, "Team bye"), an mp-scale team bye scored 705."""
    assert recompute(two_teams_and_a_bye(710)).differences == []
    found = recompute(two_teams_and_a_bye(705))
    assert found.differences == [
        {
            "code": RULES_CHANGED, "rule": "team_bye_mp", "turn": 1, "team": 3,
            "said": [28, 705], "computed": [28, 710],
        }
    ]  # fmt: skip
    assert found.wrong == []
    # any other MP is simply wrong
    found = recompute(two_teams_and_a_bye(700))
    assert [d["code"] for d in found.wrong] == ["bye", "total"]


def test_a_team_match_by_its_two_tables():
    data = two_teams_and_a_bye(710)
    data["turns"][0]["matches"][0]["vp_a"] = 22
    found = recompute(data)
    assert {
        "code": "match", "turn": 1, "match": 1, "said": [22, 20, 0], "computed": [20, 20, 0],
    } in found.differences  # fmt: skip

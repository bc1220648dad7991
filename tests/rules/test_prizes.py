"""Prizes per group (scoring/rules/prizes.py).

The worked example is the 2009 club event (docs/national.md, prizes): prizes for the top of group A
and of group B, and technical prizes for the best total of the two final Danish turns within each
group. The reference enumerates every way to hand out the prizes and keeps the ones where
each prize went to the best pair of its ranking that holds no more valuable prize.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.prizes import (
    Award,
    Prize,
    assign,
    award_prizes,
    check_order,
    pair_club,
    parse_turns,
    read_prizes,
)
from scoring.rules.standings import Bye, Match
from tournaments.rules.messages import RuleError


def m(turn, ns, ew, ns_vp, ns_mp=None):
    ns_mp = (ns_vp - 10) * 100 if ns_mp is None else ns_mp
    return Match(turn=turn, ns=ns, ew=ew, ns_vp=ns_vp, ew_vp=20 - ns_vp, ns_mp=ns_mp)


def winners(awards: list[Award]) -> list[int | None]:
    return [a.pair for a in awards]


# ----------------------------------------------------------------- the 2009 club event
# Eight pairs, 4 whole-field turns, then groups A (1-4) and B (5-8) play turns 5 and 6.
MATCHES = [
    m(1, 1, 5, 15),
    m(1, 2, 6, 14),
    m(1, 3, 7, 13),
    m(1, 4, 8, 12),
    m(2, 1, 6, 14),
    m(2, 2, 5, 13),
    m(2, 3, 8, 12),
    m(2, 4, 7, 11),
    m(3, 1, 7, 13),
    m(3, 2, 8, 12),
    m(3, 3, 5, 11),
    m(3, 4, 6, 11),
    m(4, 1, 8, 12),
    m(4, 2, 7, 12),
    m(4, 3, 6, 11),
    m(4, 4, 5, 11),
    # turns 5 and 6: the groups' final Danish turns
    m(5, 1, 2, 6),
    m(5, 3, 4, 15),
    m(5, 5, 6, 12),
    m(5, 7, 8, 4),
    m(6, 1, 3, 5),
    m(6, 2, 4, 14),
    m(6, 5, 7, 8),
    m(6, 6, 8, 10),
]
GROUPS = {"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]}
PRIZES_2009 = [
    Prize("Coppa al primo del girone A", "A", 1),
    Prize("Targa al secondo del girone A", "A", 2),
    Prize("Coppa al primo del girone B", "B", 1),
    Prize("Premio tecnico A, turni 5-6", "A", 1, (5, 6)),
    Prize("Premio tecnico B, turni 5-6", "B", 1, (5, 6)),
]


def test_2009_club_event_top_of_each_group_and_technical_prizes():
    """After six turns group A reads 2 (79 VP), 3 (77), 1 (65), 4 (56) and group B 8 (58),
    5 (50), 6 (48), 7 (47). Over turns 5-6: A 3 (30), 2 (28), then 1 and 4 tied on 11 VP and
    -900 MP, who did not meet: 1 is placed higher in the group, so 1; B 8 (26), 5 (20)…"""
    awards = award_prizes(PRIZES_2009, range(1, 9), MATCHES, groups=GROUPS)
    assert winners(awards) == [2, 3, 8, 1, 5]
    # 3 and 2, the best of turns 5-6 in A, hold better prizes: 1 moves up; in B 8 does: 5.
    assert [a.passed_over for a in awards] == [(), (), (), (3, 2), (8,)]


def test_2009_with_a_third_place_the_technical_prize_moves_down_to_4():
    prizes = [*PRIZES_2009[:2], Prize("Targa al terzo del girone A", "A", 3), *PRIZES_2009[2:]]
    awards = award_prizes(prizes, range(1, 9), MATCHES, groups=GROUPS)
    assert winners(awards) == [2, 3, 1, 8, 4, 5]
    assert awards[4].passed_over == (3, 2, 1)
    assert awards[4].as_json() == {
        "group": "A",
        "place": 1,
        "prize": "Premio tecnico A, turni 5-6",
        "turns": "5-6",
        "club": None,
        "pair": 4,
    }


def test_not_exclusive_a_pair_may_take_several_prizes():
    prizes = [*PRIZES_2009[:2], Prize("Targa al terzo del girone A", "A", 3), *PRIZES_2009[2:]]
    awards = award_prizes(prizes, range(1, 9), MATCHES, groups=GROUPS, exclusive=False)
    assert winners(awards) == [2, 3, 1, 8, 3, 8]


# ------------------------------------------------------------------- the rules, by hand
RANKINGS = {("A", None): [1, 2, 3, 4], ("A", (9, 11)): [3, 1, 4, 2], (None, None): [1, 2, 3, 4]}


def test_a_pair_takes_its_most_valuable_prize_in_list_order():
    places = [Prize("1°", "A", 1), Prize("2°", "A", 2), Prize("3°", "A", 3)]
    technical = Prize("Tecnico 9-11", "A", 1, (9, 11))
    # Listed last, the technical prize is worth less than 3rd place: 3 keeps 3rd place.
    assert winners(assign([*places, technical], RANKINGS)) == [1, 2, 3, 4]
    # Listed first, it is worth more: 3 takes it and 4 moves up to 3rd place.
    assert winners(assign([technical, *places], RANKINGS)) == [3, 1, 2, 4]


def test_withdrawn_pairs_take_no_prize_and_the_next_moves_up():
    places = [Prize("1°", "A", 1), Prize("2°", "A", 2)]
    assert winners(assign(places, RANKINGS, ineligible={1})) == [2, 3]
    assert winners(assign(places, RANKINGS, ineligible={1}, exclusive=False)) == [2, 3]


def test_more_prizes_than_pairs_leaves_the_last_unassigned():
    places = [Prize(f"{k}°", "A", k) for k in range(1, 6)]
    assert winners(assign(places, RANKINGS)) == [1, 2, 3, 4, None]
    assert winners(assign(places, RANKINGS, exclusive=False)) == [1, 2, 3, 4, None]


def test_a_club_prize_goes_to_the_best_pair_of_the_club():
    clubs = {1: "Circolo Roma", 2: "Bridge Napoli", 3: None, 4: "CIRCOLO  ROMA"}
    prizes = [
        Prize("1°", None, 1),
        Prize("Miglior coppia del Circolo Roma", None, 1, club="circolo roma"),
    ]
    assert winners(assign(prizes, RANKINGS, clubs=clubs)) == [1, 4]
    assert pair_club(["Circolo Roma", "circolo roma "]) == "Circolo Roma"
    assert pair_club(["Circolo Roma", ""]) == "Circolo Roma"
    assert pair_club(["Circolo Roma", "Bridge Napoli"]) is None
    assert pair_club([None, " "]) is None


def test_places_of_one_ranking_are_listed_in_order():
    with pytest.raises(RuleError, match="place 2 where place 1 is due"):
        check_order([Prize("2°", "A", 2), Prize("1°", "A", 1)])
    with pytest.raises(RuleError, match="place 3 where place 2 is due"):
        check_order([Prize("1°", "A", 1), Prize("3°", "A", 3)])
    check_order([Prize("1° A", "A", 1), Prize("1° B", "B", 1), Prize("T", "A", 1, (9, 11))])


def test_a_range_tie_goes_to_the_better_placed_pair_of_the_group():
    matches = [m(1, 1, 2, 20), m(1, 3, 4, 12), m(2, 1, 3, 10), m(2, 2, 4, 10)]
    prize = [Prize("Tecnico turno 2", None, 1, (2, 2))]
    assert winners(award_prizes(prize, [1, 2, 3, 4], matches)) == [1]
    byes = [Bye(2, 5, 10, 0)]  # pair 5 rested in turn 2 with 10 VP: still behind 1
    assert winners(award_prizes(prize, [1, 2, 3, 4, 5], matches, byes)) == [1]


def test_a_prize_of_a_group_that_does_not_exist_is_refused():
    with pytest.raises(RuleError, match="there is no group C"):
        award_prizes([Prize("1°", "C", 1)], [1, 2], groups={"A": [1, 2]})


# ------------------------------------------------------------------ the referee's list
def test_the_prize_list_from_a_csv_with_or_without_header():
    rows = [
        ["Girone", "Posto", "Premio", "Turni", "Circolo"],
        ["A", "1°", "Coppa", "", ""],
        ["a", "2", "Targa", "", ""],
        ["A", "1", "Tecnico", "9–11", ""],
        ["", "1", "Miglior coppia del circolo", "", "Circolo Roma"],
        [],
    ]
    read = read_prizes(rows, turns=11, groups=["A", "B"])
    assert read.problems == ()
    assert read.prizes == (
        Prize("Coppa", "A", 1),
        Prize("Targa", "A", 2),
        Prize("Tecnico", "A", 1, (9, 11)),
        Prize("Miglior coppia del circolo", None, 1, None, "Circolo Roma"),
    )
    plain = read_prizes([["B", "1", "Coppa", "10"]], turns=11)
    assert plain.prizes == (Prize("Coppa", "B", 1, (10, 10)),)


def test_every_bad_row_of_the_prize_list_is_listed():
    rows = [
        ["group", "place", "prize", "turns"],
        ["C", "1", "Coppa", ""],
        ["A", "primo", "Coppa", ""],
        ["A", "1", "", ""],
        ["A", "1", "Tecnico", "9-12"],
        ["A", "1", "Coppa", ""],
        ["A", "3", "Targa", ""],
    ]
    read = read_prizes(rows, turns=11, groups=["A", "B"])
    assert [(row, message % params) for row, message, params in read.problems] == [
        (2, "there is no group C"),
        (3, "primo is not a place (1, 2, 3…)"),
        (4, "write the prize in at most 200 characters"),
        (5, "9-12 is not a range of turns of this tournament (1-11)"),
        (
            7,
            "Targa: place 3 where place 2 is due (list the places of one ranking in order, "
            "from the first)",
        ),
    ]


@pytest.mark.parametrize(
    "text, span",
    [
        ("9-11", (9, 11)),
        ("9 – 11", (9, 11)),
        ("10", (10, 10)),
        ("11-9", None),
        ("0-2", None),
        ("a-b", None),
        ("1-2-3", None),
    ],
)
def test_parse_turns(text, span):
    assert parse_turns(text) == span


# ---------------------------------------------------------------------------- reference
def reference(prizes, rankings, clubs, ineligible):
    """The one hand-out where every prize went to the best pair of its ranking that holds
    no more valuable prize (none if every such pair does)."""

    def eligible(prize):
        return [
            p
            for p in rankings[prize.group, prize.turns]
            if p not in ineligible and (prize.club is None or clubs.get(p) == prize.club)
        ]

    options = [[None, *eligible(p)] for p in prizes]
    found = []
    for choice in itertools.product(*options):
        taken = [p for p in choice if p is not None]
        if len(taken) != len(set(taken)):
            continue
        holder = {p: i for i, p in enumerate(choice) if p is not None}

        def fair(i, winner, holder=holder):
            above = eligible(prizes[i])
            above = above if winner is None else above[: above.index(winner)]
            return all(p in holder and holder[p] < i for p in above)

        if all(fair(i, w) for i, w in enumerate(choice)):
            found.append(list(choice))
    assert len(found) == 1
    return found[0]


@st.composite
def prize_cases(draw):
    rnd = random.Random(draw(st.integers(0, 2**32)))
    n = rnd.randint(2, 6)
    pairs = list(range(1, n + 1))
    cut = rnd.randint(1, n - 1)
    groups = {"A": pairs[:cut], "B": pairs[cut:]}
    rankings = {}
    for group, members in [(None, pairs), *groups.items()]:
        rankings[group, None] = rnd.sample(members, len(members))
        rankings[group, (2, 3)] = rnd.sample(members, len(members))
    clubs = {p: rnd.choice(["Roma", "Napoli", None]) for p in pairs}
    prizes, places = [], {}
    for k in range(rnd.randint(1, 4)):
        group = rnd.choice([None, "A", "B"])
        turns = rnd.choice([None, None, (2, 3)])
        club = rnd.choice([None, None, "Roma"])
        key = (group, turns, club and club.lower())
        places[key] = places.get(key, 0) + 1
        prizes.append(Prize(f"P{k}", group, places[key], turns, club))
    ineligible = {p for p in pairs if rnd.random() < 0.15}
    return prizes, rankings, clubs, ineligible


@given(prize_cases())
def test_exclusive_assignment_matches_the_reference(case):
    prizes, rankings, clubs, ineligible = case
    awards = assign(prizes, rankings, clubs=clubs, ineligible=ineligible)
    assert winners(awards) == reference(prizes, rankings, clubs, ineligible)
    taken = [a.pair for a in awards if a.pair is not None]
    assert len(taken) == len(set(taken))  # no pair takes two prizes
    assert not set(taken) & ineligible


@given(prize_cases())
def test_not_exclusive_each_prize_goes_to_its_place(case):
    prizes, rankings, clubs, ineligible = case
    for award in assign(prizes, rankings, clubs=clubs, ineligible=ineligible, exclusive=False):
        prize = award.prize
        eligible = [
            p
            for p in rankings[prize.group, prize.turns]
            if p not in ineligible and (prize.club is None or clubs.get(p) == prize.club)
        ]
        expected = eligible[prize.place - 1] if len(eligible) >= prize.place else None
        assert award.pair == expected

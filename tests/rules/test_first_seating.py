"""First-turn seating criteria (tournaments/movements/first_seating.py and spread.py).

The references never use the module's circle arithmetic: meetings are read off the Mitchell
engine itself (`seat_mitchell`, Art. 2), the brute force tries every order of a small field,
planted fields hide a seating without any meeting inside a club, province or region among
random ones, and full blocks are checked against a knapsack over the clubs' sizes.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.first_seating import Entry, alphabetical, spread
from tournaments.movements.mitchell import seat_mitchell
from tournaments.rules.messages import RuleError


# ------------------------------------------------------------------------- alphabetical
def test_alphabetical_as_an_italian_list_reads():
    entries = [
        Entry(1, "Dante", "Ugo"),
        Entry(2, "D'Angelo", "Nicolò"),
        Entry(3, "Danese", "Pia"),
        Entry(4, "De Rossi", "Anna"),
        Entry(5, "Derossi", "Anna", partner="Bianchi"),
        Entry(6, "Rossi", "Zeno"),
        Entry(7, "Rossini", "Anna"),
        Entry(8, "ÀLVARO", "Luca"),
        Entry(9, "Rossi", "Ada"),
    ]
    assert alphabetical(entries) == [8, 3, 2, 1, 4, 5, 9, 6, 7]


# ------------------------------------------------------------------------- the engine's truth
def meetings(order, turns, step=1):
    """(turn, ns, ew) of the block, read off the Mitchell engine."""
    found = []
    for turn in range(turns):
        for _table, ns, ew in seat_mitchell(order, turn, step).tables:
            found.append((turn, ns, ew))
    return found


def shared_counts(order, turns, attrs, step=1):
    """Meetings sharing a club, a province, a region (each level counted on its own)."""
    counts = [0, 0, 0]
    for _turn, a, b in meetings(order, turns, step):
        for level in range(3):
            counts[level] += bool(set(attrs[a][level]) & set(attrs[b][level]))
    return tuple(counts)


def entries_of(attrs):
    return [Entry(p, f"S{p}", clubs=c, provinces=pr, regions=r) for p, (c, pr, r) in attrs.items()]


def counts_of(seating):
    return tuple(seating.counts[level] for level in ("club", "province", "region"))


# ----------------------------------------------------------------------- worked examples
def test_two_clubs_on_two_lines_never_meet():
    """Art. 2: two pairs of one line never meet: 3 pairs of Roma and 3 of Napoli."""
    attrs = {p: ((("Roma",) if p <= 3 else ("Napoli",)), (), ()) for p in range(1, 7)}
    seating = spread(entries_of(attrs), turns=3, seed=1)
    assert sorted(seating.order) == list(range(1, 7))
    assert {frozenset({p for p in seating.order[:3]}), frozenset(seating.order[3:])} == {
        frozenset({1, 2, 3}),
        frozenset({4, 5, 6}),
    }
    assert seating.meetings == () and seating.proven


def test_a_short_block_lets_a_club_sit_on_both_lines():
    """Three clubs of 8 pairs on 12 tables: one club must be split across the lines. Over a
    full block (12 turns) its 4 N-S pairs meet its 4 E-O pairs (16 meetings); over 3 turns
    each N-S pair meets only 3 E-O places, and the split club can keep clear of itself."""
    attrs = {p: ((f"C{(p - 1) // 8}",), (), ()) for p in range(1, 25)}
    short = spread(entries_of(attrs), turns=3, seed=7)
    assert shared_counts(list(short.order), 3, attrs) == (0, 0, 0) and short.proven
    lines = [{attrs[p][0] for p in short.order[:12]}, {attrs[p][0] for p in short.order[12:]}]
    assert lines[0] & lines[1]  # a club on both lines
    full = spread(entries_of(attrs), turns=12, seed=7)
    assert shared_counts(list(full.order), 12, attrs) == (16, 0, 0) == counts_of(full)


def test_what_cannot_be_avoided_is_reported():
    """Five of six pairs from one club over a full block of 3 tables: the club fills one line
    and two of its pairs sit E-O, each meeting the three N-S pairs (6 meetings)."""
    attrs = {p: (("Roma",) if p <= 5 else ("Lecce",), ("RM",), ("Lazio",)) for p in range(1, 7)}
    seating = spread(entries_of(attrs), turns=3, seed=2)
    assert counts_of(seating) == (6, 9, 9) and seating.proven
    assert len(seating.club_meetings) == 6
    first = seating.club_meetings[0]
    assert (first.level, first.shared) == ("club", "Roma")
    truth = {(t + 1, ns, ew) for t, ns, ew in meetings(list(seating.order), 3)}
    assert {(m.turn, m.ns, m.ew) for m in seating.meetings} <= truth


def test_a_danish_first_turn_is_a_block_of_one_turn():
    attrs = {p: ((f"C{(p - 1) // 2}",), (), ()) for p in range(1, 9)}  # 1-2, 3-4… one club each
    seating = spread(entries_of(attrs), turns=5, movement="danish", seed=3)
    order = list(seating.order)
    assert all(attrs[order[k]][0] != attrs[order[k + 1]][0] for k in range(0, 8, 2))
    odd = spread(entries_of({p: attrs[p] for p in range(1, 8)}), turns=1, movement="danish")
    assert len(odd.order) == 7 and odd.meetings == ()


def test_names_are_folded_and_the_written_form_reported():
    attrs = {
        1: (("Circolo Roma",), (), ()),
        2: (("CIRCOLO  ROMA",), (), ()),
        3: (("circolo roma",), (), ()),
        4: (("Circolo Roma",), (), ()),
    }
    seating = spread(entries_of(attrs), turns=2, seed=1)
    assert seating.counts["club"] == 4 and len(seating.club_meetings) == 4


def test_the_same_seed_gives_the_same_seating_and_equals_are_drawn():
    attrs = {p: ((f"C{p % 3}",), (), ()) for p in range(1, 31)}
    first = spread(entries_of(attrs), turns=4, seed=11)
    assert spread(entries_of(attrs), turns=4, seed=11) == first
    orders = {spread(entries_of(attrs), turns=4, seed=s).order for s in range(5)}
    assert len(orders) > 1


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"turns": 0}, "at least one turn"),
        ({"turns": 2, "movement": "howell"}, "unknown movement"),
    ],
)
def test_refused(kwargs, message):
    with pytest.raises(RuleError, match=message):
        spread([Entry(1), Entry(2)], **kwargs)
    with pytest.raises(RuleError, match="twice"):
        spread([Entry(1), Entry(1)], turns=1)


# ---------------------------------------------------------------------------- brute force
VALUES = [(), ("A",), ("B",), ("A", "B")]


@st.composite
def small_fields(draw):
    n = draw(st.integers(3, 7))
    attrs = {
        p: tuple(draw(st.sampled_from(VALUES if level == 0 else VALUES[:3])) for level in range(3))
        for p in range(1, n + 1)
    }
    tables = (n + 1) // 2
    turns = draw(st.integers(1, tables))
    steps = [s for s in range(1, tables + 1) if tables == 1 or gcd(s, tables) == 1]
    return attrs, turns, draw(st.sampled_from(steps)), draw(st.integers(0, 99))


@settings(max_examples=60)
@given(small_fields())
def test_small_fields_reach_the_brute_force_minimum(field):
    attrs, turns, step, seed = field
    seating = spread(entries_of(attrs), turns=turns, step=step, seed=seed)
    best = min(
        shared_counts(list(order), turns, attrs, step)
        for order in set(itertools.permutations(attrs))
    )
    assert shared_counts(list(seating.order), turns, attrs, step) == best
    assert counts_of(seating) == best
    assert seating.proven


# --------------------------------------------------------------------- planted fields
@st.composite
def planted_fields(draw):
    """A random order and clubs, provinces, regions given so that in that order no meeting is
    inside any of them: the search must find a seating as good."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    n = rnd.randint(8, 90)
    tables = (n + 1) // 2
    turns = rnd.randint(1, max(1, min(tables - 1, 8)))
    order = rnd.sample(range(1, n + 1), n)
    met = {p: set() for p in order}
    for _turn, a, b in meetings(order, turns):
        met[a].add(b)
        met[b].add(a)
    attrs = {p: [(), (), ()] for p in order}
    for level, palette in enumerate((turns + 2 + rnd.randint(0, 6), turns + 2, turns + 1)):
        for p in rnd.sample(order, n):
            taken = {attrs[q][level] for q in met[p]}
            free = [(f"L{level}V{v}",) for v in range(palette) if (f"L{level}V{v}",) not in taken]
            attrs[p][level] = rnd.choice(free)
    attrs = {p: tuple(a) for p, a in attrs.items()}
    assert shared_counts(order, turns, attrs) == (0, 0, 0)
    return attrs, turns, rnd.randint(0, 99)


@settings(max_examples=40)
@given(planted_fields())
def test_planted_fields_are_seated_without_any_meeting_inside_a_group(field):
    """The club level, the one that counts first, is always cleared when a planted order
    clears it; the province and region levels are cleared too whenever the search proves its
    minimum. Beyond 8 pairs the search is a bounded heuristic and may leave a rare lower-level
    meeting (seen: 16 pairs, 5 turns, one region meeting in 300 planted fields): it then says
    so (`proven` false), as docs/national.md promises."""
    attrs, turns, seed = field
    seating = spread(entries_of(attrs), turns=turns, seed=seed)
    counts = counts_of(seating)
    assert shared_counts(list(seating.order), turns, attrs) == counts
    assert counts[0] == 0
    if seating.proven:
        assert counts == (0, 0, 0)
    else:
        assert sum(counts) <= 2, counts


# ------------------------------------------------------------------------ full blocks
def fewest_club_crossings(sizes, north):
    """Everyone meets everyone across the lines: the fewest same-club meetings."""

    @cache
    def best(index, room):
        if index == len(sizes):
            return 0 if room == 0 else float("inf")
        n = sizes[index]
        return min(x * (n - x) + best(index + 1, room - x) for x in range(min(n, room) + 1))

    return best(0, north)


@settings(max_examples=40)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=6), st.integers(0, 99))
def test_full_blocks_reach_the_knapsack_minimum(sizes, seed):
    attrs, pair = {}, 1
    for club, size in enumerate(sizes):
        for _ in range(size):
            attrs[pair] = ((f"C{club}",), (), ())
            pair += 1
    n = len(attrs)
    if n < 2:
        return
    tables = (n + 1) // 2
    seating = spread(entries_of(attrs), turns=tables, seed=seed)
    assert seating.counts["club"] == fewest_club_crossings(tuple(sizes), tables)
    assert shared_counts(list(seating.order), tables, attrs)[0] == seating.counts["club"]

"""Incomplete tables after a withdrawal (tournaments/movements/byes.py), Art. 33."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.movements.byes import merge_byes
from tournaments.movements.mitchell import seat_mitchell


def test_two_resting_pairs_that_have_not_met_play_each_other():
    out = merge_byes([(2, 5), (4, 9)], met=set(), rested=set())
    assert out.matches == ((2, 5, 9),) and out.byes == () and out.rest_again == ()


def test_pairs_that_met_do_not_play_again_and_the_one_that_rested_goes_first():
    out = merge_byes([(1, 1), (2, 2), (3, 3)], met={frozenset((1, 3))}, rested={3})
    assert out.matches == ((2, 3, 2),) or out.matches == ((2, 2, 3),)
    assert out.byes == ((1, 1),) and out.rest_again == ()


def test_unavoidable_second_rest_is_reported():
    out = merge_byes([(1, 7)], met=set(), rested={7})
    assert out.byes == ((1, 7),) and out.rest_again == (7,)


def test_art_33_mitchell_withdrawal_with_an_odd_field():
    """9 pairs, pair 7 (E-O) withdraws: in each turn its N-S opponent and the N-S pair at the
    empty place would both rest; merged, nobody rests twice over the whole round."""
    order = list(range(1, 10))  # 5 tables: N-S 1-5, E-O 6-9 + empty place
    rested, met = set(), set()
    for turn in range(5):
        s = seat_mitchell(order, turn, absent={7})
        out = merge_byes(list(s.byes), met, rested)
        for _t, a, b in list(s.tables) + list(out.matches):
            met.add(frozenset((a, b)))
        assert out.rest_again == ()
        rested |= {p for _t, p in out.byes}
        seated = [p for _t, a, b in list(s.tables) + list(out.matches) for p in (a, b)]
        assert sorted(seated + [p for _t, p in out.byes]) == [1, 2, 3, 4, 5, 6, 8, 9]


@given(st.lists(st.integers(1, 30), min_size=0, max_size=8, unique=True), st.data())
def test_every_resting_pair_plays_or_rests_once(pairs, data):
    byes = [(i + 1, p) for i, p in enumerate(pairs)]
    met = {
        frozenset(m)
        for m in data.draw(
            st.lists(
                st.sampled_from([(a, b) for a in pairs for b in pairs if a < b] or [(0, 1)]),
                max_size=10,
            )
        )
    }
    rested = set(data.draw(st.lists(st.sampled_from(pairs or [0]), max_size=4)))
    out = merge_byes(byes, met, rested)
    placed = [p for _t, a, b in out.matches for p in (a, b)] + [p for _t, p in out.byes]
    assert sorted(placed) == sorted(pairs)
    assert all(frozenset((a, b)) not in met for _t, a, b in out.matches)
    left = [p for _t, p in out.byes]
    for i, a in enumerate(left):  # nobody left resting could have played another one left
        assert all(frozenset((a, b)) in met for b in left[i + 1 :])


def test_art_33_four_resting_pairs_all_play_when_a_pairing_exists():
    """Four pairs rest, two of the possible meetings are repeats (1-2 and 3-4 met): pairing
    1-3 and 2-4 seats everybody; a greedy pass taking 1-... first could leave two resting."""
    met = {frozenset((1, 2)), frozenset((3, 4)), frozenset((1, 4))}
    out = merge_byes([(1, 1), (2, 2), (3, 3), (4, 4)], met, rested=set())
    assert out.byes == () and len(out.matches) == 2


@given(
    st.integers(1, 8),
    st.sets(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=20),
    st.sets(st.integers(1, 8), max_size=8),
)
def test_art_33_fewest_resting_then_fewest_resting_again_brute_force(n, met_raw, rested):
    """Against every possible pairing: the fewest pairs rest, and among those ways the fewest
    that had already rested ("una coppia non potrà riposare più di una volta")."""
    from tests.rules.bruteforce import best_bye_merge

    pairs = list(range(1, n + 1))
    met = {frozenset(m) for m in met_raw if m[0] != m[1]}
    out = merge_byes([(p, p) for p in pairs], met, rested)
    left = [p for _t, p in out.byes]
    assert (len(left), sum(1 for p in left if p in rested)) == best_bye_merge(pairs, met, rested)
    assert out.rest_again == tuple(sorted(p for p in left if p in rested))
    assert all(frozenset((a, b)) not in met for _t, a, b in out.matches)

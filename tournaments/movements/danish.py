"""Danish seating: pair the standings top-down, avoiding repeat meetings.

The rule (docs/seating.md): with an odd field the bye goes first to the lowest-ranked pair that has
not rested yet (once every pair has rested: the lowest-ranked pair with the fewest byes), and
is never reconsidered.  Then, going down the ranking, the highest-ranked unseated pair meets
the highest-ranked unseated pair it may meet, provided that all the remaining pairs can still
be seated.  *danish* (puro) avoids every earlier meeting, *danish-modified* only the previous
turn's; the caller expresses that in ``avoid`` (see :func:`meetings_to_avoid`).  When no
seating avoids every repeat, the smallest number of repeats is used and the same top-down rule
applies within it, each pair preferring opponents it has not met.  Table 1 holds the first
match formed; its N-S pair is the higher-ranked one.

How "can still be seated" is decided in polynomial time.  On the remaining set ``S`` let ``G``
be the graph of allowed meetings.  The fewest repeats in a full seating of ``S`` is
``r(S) = |S|/2 - nu(G[S])`` (pad a maximum matching with repeat tables; conversely the
non-repeat tables of any seating form a matching).  With ``p`` the top unseated pair, ``q`` keeps
the minimum iff ``r(S - p - q) + [p-q is a repeat] == r(S)``, which in matching terms is:

* ``q`` allowed: ``nu(S - p - q) == nu(S) - 1``.  If some maximum matching misses ``p`` this
  holds for every allowed ``q``; otherwise it holds iff ``q`` is missed by some maximum
  matching of ``S - p`` (``p``'s own mate always qualifies, so an allowed choice exists).
* ``q`` a repeat: only reached when ``p`` has no allowed opponent left (so ``p`` is exposed),
  and then it holds iff ``nu(S - p - q) == nu(S - p)``.

:class:`~tournaments.movements.matching.IncrementalMatching` answers both with one lazily grown
Edmonds forest per table, so a seating costs a few adjacency tests per table on ordinary fields
and stays polynomial on any history.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.movements.matching import IncrementalMatching

__all__ = [
    "DanishSeating",
    "is_last_danish",
    "meetings_to_avoid",
    "seat_danish",
    "turns_to_avoid",
]


@dataclass(frozen=True)
class DanishSeating:
    """One Danish turn.

    ``tables[i]`` is ``(ns_pair, ew_pair)`` for table ``i + 1`` (N-S is the higher-ranked pair);
    ``bye`` is the pair resting this turn (``None`` with an even field); ``repeats`` lists the
    ``(ns, ew)`` tables whose pairs were to be avoided, so the referee can be told.
    """

    tables: tuple[tuple[int, int], ...]
    bye: int | None
    repeats: tuple[tuple[int, int], ...]


def meetings_to_avoid(
    history: Sequence[Iterable[tuple[int, int]]], modified: bool
) -> set[frozenset[int]]:
    """Meetings the next Danish turn should avoid.

    ``history[i]`` holds the ``(a, b)`` meetings of turn ``i + 1`` (byes excluded).  Puro
    (``modified=False``) avoids all of them, *danish-modified* only the last turn's.
    """
    turns = history[-1:] if modified else history
    return {frozenset((a, b)) for turn in turns for a, b in turn if a != b}


def is_last_danish(plan: Sequence[str], number: int) -> bool:
    """Turn `number` (from 1) is the plan's last Danish turn (any Danish word)."""
    danish = [i for i, word in enumerate(plan, start=1) if word.startswith("danish")]
    return bool(danish) and danish[-1] == number


def turns_to_avoid(
    plan: Sequence[str], number: int, history: Sequence, *, last_by_ranking: bool = False
) -> list:
    """The earlier turns (``history[i]``: turn ``i + 1``, whatever a turn holds: meetings,
    tables of players) whose meetings Danish turn `number` of `plan` avoids, for every kind
    of event: all of them (*puro*), the previous turn's only (a ``-modified`` word:
    *modificato*), none when `last_by_ranking` and this is the plan's last Danish turn (by
    the ranking only: the 1st meets the 2nd even if they met)."""
    if last_by_ranking and is_last_danish(plan, number):
        return []
    earlier = list(history[: number - 1])
    return earlier[-1:] if "modified" in plan[number - 1] else earlier


def _choose_bye(ranking: Sequence[int], byes_taken: Mapping[int, int]) -> int:
    """Lowest-ranked pair among those with the fewest byes (0 = has not rested yet)."""
    best = min(range(len(ranking)), key=lambda i: (byes_taken.get(ranking[i], 0), -i))
    return ranking[best]


def _avoided_sets(order: Sequence[int], avoid: Iterable[Iterable[int]]) -> list[set[int]]:
    """Per-position sets of positions to avoid; pairs outside ``order`` are ignored."""
    position = {pair: i for i, pair in enumerate(order)}
    avoided: list[set[int]] = [set() for _ in order]
    for meeting in avoid:
        ends = tuple(meeting)
        if len(ends) != 2:
            if len(ends) == 1:  # frozenset({a, a}): a pair cannot meet itself
                continue
            raise ValueError(f"a meeting to avoid must name two pairs, got {meeting!r}")
        i, j = position.get(ends[0]), position.get(ends[1])
        if i is not None and j is not None and i != j:
            avoided[i].add(j)
            avoided[j].add(i)
    return avoided


def seat_danish(
    ranking: Sequence[int],
    avoid: Iterable[tuple[int, int]],
    byes_taken: Mapping[int, int] = {},  # noqa: B006 - read only
) -> DanishSeating:
    """Seat a Danish turn.

    ``ranking`` lists the pairs present this turn, best first (for a first Danish turn: the
    seating order).  ``avoid`` holds unordered pairs of ids that should not meet; ids absent
    from ``ranking`` are ignored.  ``byes_taken`` maps a pair to its byes so far (default 0).
    """
    ranking = list(ranking)
    duplicates = sorted(pair for pair, count in Counter(ranking).items() if count > 1)
    if duplicates:
        raise ValueError(f"duplicate pair ids in ranking: {duplicates}")
    bye = _choose_bye(ranking, byes_taken) if len(ranking) % 2 else None
    order = [pair for pair in ranking if pair != bye]
    avoided = _avoided_sets(order, avoid)
    matching = IncrementalMatching(len(order), avoided)
    missing = len(order) // 2 - matching.size  # repeats still to place

    tables: list[tuple[int, int]] = []
    repeats: list[tuple[int, int]] = []
    while (p := matching.first()) is not None:
        pivot = matching.pivot(p)
        chosen = None
        for q in matching.neighbours(p):  # allowed opponents, best first
            # keeps_size: a maximum matching misses p, so every allowed q keeps the minimum.
            if pivot.keeps_size or pivot.removable(q):
                chosen = q
                break
        if chosen is None:  # p has no allowed opponent left: a repeat is unavoidable
            chosen = next((q for q in matching.vertices() if pivot.removable(q)), None)
            if chosen is None or missing <= 0:
                raise RuntimeError("Danish seating: no opponent keeps the minimum repeats")
            missing -= 1
            repeats.append((order[p], order[chosen]))
        pivot.commit(chosen)
        tables.append((order[p], order[chosen]))
    if missing:
        raise RuntimeError("Danish seating: repeat count differs from the minimum")
    return DanishSeating(tables=tuple(tables), bye=bye, repeats=tuple(repeats))

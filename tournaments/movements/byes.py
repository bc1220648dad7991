"""Incomplete tables after a withdrawal (Art. 33): pure Python, no Django import.

In a Mitchell turn the pair that should have met a missing pair rests with the
bye score. With an odd field and a withdrawal two pairs may rest in the same
turn; "in ogni caso una coppia non potrà riposare più di una volta", so resting
pairs that have not met yet play each other instead: as many as possible, and
among the ways of seating that many, those that already rested first. What
cannot be avoided is reported to the referee.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ByeMerge:
    matches: tuple[tuple[int, int, int], ...]  # (table number, ns, ew) made of resting pairs
    byes: tuple[tuple[int | None, int], ...]  # (table number, pair) still resting
    rest_again: tuple[int, ...]  # pairs resting a second time because nothing else was possible


def merge_byes(
    byes: Sequence[tuple[int | None, int]],
    met: Collection[frozenset[int]],
    rested: Collection[int],
) -> ByeMerge:
    """Pair up resting pairs so that the fewest rest, and among those ways the fewest rest twice.

    `byes` are (table number, pair) in table order; `met` the meetings so far; `rested` the
    pairs that already had a bye. The pairs that may still meet form a graph; a maximum
    matching of it leaves the fewest pairs resting (any other pairing could be enlarged along
    an augmenting path). Among maximum matchings the one covering the most pairs that already
    rested is taken: each meeting weighs 1 plus one for each of its pairs that rested, and
    the matching of largest weight among those of largest size is exact (Edmonds' weighted
    blossom algorithm, from networkx). The merged match takes the first pair's table, that
    pair N-S.
    """
    import networkx as nx

    tables = {pair: table for table, pair in byes}
    pairs = [pair for _table, pair in byes]
    graph = nx.Graph()
    graph.add_nodes_from(pairs)
    for i, a in enumerate(pairs):
        for b in pairs[i + 1 :]:
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b, weight=1 + (a in rested) + (b in rested))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    matches: list[tuple[int, int, int]] = []
    paired: set[int] = set()
    for a, b in matching:
        first, second = sorted((a, b), key=lambda p: (tables[p] is None, tables[p] or 0, p))
        table = tables[first]
        matches.append((table if table is not None else 0, first, second))
        paired |= {a, b}
    left = [(t, p) for t, p in byes if p not in paired]
    left.sort(key=lambda b: (b[0] is None, b[0] or 0, b[1]))
    again = tuple(sorted(p for _t, p in left if p in rested))
    return ByeMerge(tuple(sorted(matches)), tuple(left), again)

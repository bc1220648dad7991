"""Incremental maximum-cardinality matching on a general graph (Edmonds' blossom algorithm).

The graph is described by what it lacks: vertices ``0 .. n-1`` (in the caller's preferred
order, e.g. a ranking) and, for every vertex, the set of vertices it must *not* be joined to.
Every other pair of live vertices is an edge.  This suits the Danish seating, where each pair
has met only a handful of opponents: adjacency is ``O(1)`` and neighbour iteration walks the
live vertices in order, skipping the few avoided ones, so no ``n x n`` graph is ever built.

:class:`IncrementalMatching` holds a maximum matching ``M`` of the live vertices and keeps it
maximum while vertices are removed.  The workhorse is :meth:`IncrementalMatching.pivot`: it
removes one vertex ``p`` provisionally, restores a maximum matching of ``G - p`` (at most one
augmenting-path search) and then answers, for any other vertex ``q``, whether
``nu(G - p - q) == nu(G - p)``.  By the Gallai-Edmonds theorem that holds exactly when ``q`` is
an *outer* (even) vertex of the alternating forest grown from the exposed vertices of
``G - p``, so all the questions about one ``p`` share a single, lazily grown forest.

Cost.  Growth is lazy and tries targeted steps first (is this vertex adjacent to an exposed
one, to the mate of the vertex asked about?), so on a dense graph an answer usually costs a few
adjacency tests.  A full search is ``O(V^2)`` here (neighbour iteration walks the live
vertices; blossom bookkeeping is ``O(V)`` per contraction), hence ``O(V^2)`` per pivot and
``O(V^3)`` for building the matching or for removing every vertex, whatever the graph.

The search itself is the classic single-queue Edmonds search: outer vertices are scanned, inner
vertices remember the outer vertex that reached them (``link``), and when an edge joins two
outer vertices of the same tree the odd cycle is contracted (a union-find keeps the blossoms,
each with its base), the inner vertices of the cycle become outer, and the outer vertices on
the cycle get a ``link`` pointing across the cycle so that an augmenting path through the
blossom can be read back by following ``link`` and ``mate`` alternately.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from itertools import islice

__all__ = ["IncrementalMatching", "MatchingError", "Pivot"]

_FREE = -1  # "no mate"
_OUTER = 1  # even distance from a root along the alternating tree
_INNER = 2  # odd distance from a root
_EXHAUSTED = -1  # _Forest._scan(): no edge left to scan
_CHANGED = -2  # _Forest._scan(): the forest grew or a blossom was contracted
_HINT_LIMIT = 16  # find_augmenting tests each new outer vertex against this many exposed ones


class MatchingError(RuntimeError):
    """An internal invariant of the matching was broken (a bug, never a user error)."""


class IncrementalMatching:
    """A maximum matching of ``{0..n-1}`` minus removed vertices, every pair joined unless avoided.

    ``avoided[v]`` is the set of vertices ``v`` may not be matched with; it must be symmetric.
    Neighbours are always visited in vertex order.  The constructor computes a maximum matching
    (greedy in vertex order, then one augmenting search from each exposed vertex).
    """

    def __init__(self, n: int, avoided: Sequence[AbstractSet[int]]) -> None:
        if len(avoided) != n:
            raise ValueError(f"avoided has {len(avoided)} entries for {n} vertices")
        self._n = n
        self._avoided = avoided
        self._mate = [_FREE] * n
        self._alive = [True] * n
        # Doubly linked list of live vertices in order; index n is the sentinel.
        self._next = list(range(1, n + 1)) + [0]
        self._prev = [n] + list(range(n))
        self._exposed: set[int] = set(range(n))
        self._size = 0
        self._log: list[tuple[int, int]] | None = None  # undo log while a pivot is open
        self._pivot: Pivot | None = None
        self._greedy()
        for v in range(n):
            if self._mate[v] == _FREE:
                forest = _Forest(self, (v,))
                end = forest.find_augmenting()
                if end >= 0:
                    forest.augment(end)

    # ----------------------------------------------------------------- queries
    @property
    def size(self) -> int:
        """Number of edges of the current (maximum) matching."""
        return self._size

    def mate(self, v: int) -> int | None:
        """The vertex matched with ``v``, or ``None``."""
        m = self._mate[v]
        return None if m == _FREE else m

    def is_alive(self, v: int) -> bool:
        """Whether ``v`` is still in the graph."""
        return self._alive[v]

    def vertices(self) -> Iterator[int]:
        """Live vertices in order."""
        nxt, end = self._next, self._n
        v = nxt[end]
        while v != end:
            yield v
            v = nxt[v]

    def first(self) -> int | None:
        """The first live vertex, or ``None`` when the graph is empty."""
        v = self._next[self._n]
        return None if v == self._n else v

    def is_edge(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` are both live, distinct and not avoided."""
        return u != v and self._alive[u] and self._alive[v] and v not in self._avoided[u]

    def neighbours(self, v: int) -> Iterator[int]:
        """Live neighbours of ``v`` in vertex order (``v`` itself need not be live)."""
        nxt, end, avoid = self._next, self._n, self._avoided[v]
        u = nxt[end]
        while u != end:
            if u != v and u not in avoid:
                yield u
            u = nxt[u]

    def pairs(self) -> list[tuple[int, int]]:
        """The matching as ``(u, v)`` pairs with ``u < v``."""
        return [(v, m) for v in self.vertices() if (m := self._mate[v]) > v]

    def max_size_without(self, a: int, b: int) -> int:
        """``nu(G - a - b)``, leaving the matching unchanged."""
        pivot = self.pivot(a)
        try:
            size = self._size if pivot.removable(b) else self._size - 1
        finally:
            pivot.cancel()
        return size

    def max_size_with(self, a: int, b: int) -> int:
        """Size of a largest matching that matches ``a`` with ``b`` (the edge ``a-b`` counts)."""
        if not self.is_edge(a, b):
            raise ValueError(f"{a} and {b} are not adjacent")
        return 1 + self.max_size_without(a, b)

    def copy(self) -> IncrementalMatching:
        """An independent copy (the avoided sets are shared, read only); no pivot may be open."""
        if self._pivot is not None:
            raise RuntimeError("cannot copy while a pivot is open")
        twin = object.__new__(IncrementalMatching)
        twin._n, twin._avoided, twin._size = self._n, self._avoided, self._size
        twin._mate, twin._alive = self._mate[:], self._alive[:]
        twin._next, twin._prev = self._next[:], self._prev[:]
        twin._exposed = set(self._exposed)
        twin._log, twin._pivot = None, None
        return twin

    # --------------------------------------------------------------- removals
    def pivot(self, p: int) -> Pivot:
        """Remove ``p`` provisionally; see :class:`Pivot`."""
        if self._pivot is not None:
            raise RuntimeError("a pivot is already open")
        if not self._alive[p]:
            raise ValueError(f"vertex {p} is not in the graph")
        self._pivot = Pivot(self, p)
        return self._pivot

    def remove(self, v: int) -> None:
        """Remove ``v`` for good, keeping the matching maximum."""
        self.pivot(v).commit()

    def remove_pair(self, a: int, b: int) -> None:
        """Remove ``a`` and ``b`` for good, keeping the matching maximum."""
        self.pivot(a).commit(b)

    # --------------------------------------------------------------- internals
    def _greedy(self) -> None:
        mate, avoided, n = self._mate, self._avoided, self._n
        for v in range(n):
            if mate[v] != _FREE:
                continue
            avoid = avoided[v]
            for u in range(v + 1, n):
                if mate[u] == _FREE and u not in avoid:
                    mate[u], mate[v] = v, u
                    self._exposed.discard(u)
                    self._exposed.discard(v)
                    self._size += 1
                    break

    def _adjacent(self, u: int, v: int) -> bool:
        """Adjacency of two vertices known to be live."""
        return u != v and v not in self._avoided[u]

    def _set_mate(self, v: int, m: int) -> None:
        if self._log is not None:
            self._log.append((v, self._mate[v]))
        self._mate[v] = m
        if m == _FREE:
            self._exposed.add(v)
        else:
            self._exposed.discard(v)

    def _unlink(self, v: int) -> None:
        nxt, prev = self._next, self._prev
        nxt[prev[v]] = nxt[v]
        prev[nxt[v]] = prev[v]
        self._alive[v] = False

    def _relink(self, v: int) -> None:
        """Undo the last :meth:`_unlink` (dancing links: removals are undone in LIFO order)."""
        self._next[self._prev[v]] = v
        self._prev[self._next[v]] = v
        self._alive[v] = True


class Pivot:
    """Vertex ``p`` provisionally removed from an :class:`IncrementalMatching`.

    On creation the matching is made maximum for ``G - p``; :attr:`keeps_size` tells whether
    ``nu(G - p) == nu(G)``.  :meth:`removable` answers ``nu(G - p - q) == nu(G - p)``;
    :meth:`commit` removes ``p`` (and optionally ``q``) for good; :meth:`cancel` restores the
    graph and matching as they were.
    """

    def __init__(self, owner: IncrementalMatching, p: int) -> None:
        self._g = owner
        self.vertex = p
        self._saved_size = owner._size
        owner._log = []
        owner._unlink(p)
        self._forest: _Forest | None = None
        pm = owner._mate[p]
        if pm == _FREE:
            owner._exposed.discard(p)
            self.keeps_size = True
            return
        owner._set_mate(p, _FREE)
        owner._set_mate(pm, _FREE)
        owner._exposed.discard(p)
        owner._size -= 1
        forest = _Forest(owner, (pm,))
        if len(owner._exposed) > 1:  # only then can pm find an augmenting path
            end = forest.find_augmenting()
            if end >= 0:
                forest.augment(end)
                self.keeps_size = True
                return
            forest.add_roots(owner._exposed)
        self._forest = forest
        self.keeps_size = False

    def _open(self) -> IncrementalMatching:
        if self._g._pivot is not self:
            raise RuntimeError("this pivot is closed")
        return self._g

    def removable(self, q: int) -> bool:
        """Whether ``nu(G - p - q) == nu(G - p)``, i.e. ``q`` is missed by some maximum matching."""
        g = self._open()
        if not g._alive[q]:
            raise ValueError(f"vertex {q} is not in the graph")
        if g._mate[q] == _FREE:
            return True
        if self.keeps_size and g._adjacent(self.vertex, q):
            # A matching of G - p - q of size nu(G) plus the edge p-q would beat nu(G).
            return False
        if self._forest is None:
            self._forest = _Forest(g, g._exposed)
        return self._forest.reaches(q)

    def commit(self, q: int | None = None) -> None:
        """Remove ``p`` (and ``q`` if given) for good; the matching stays maximum."""
        g = self._open()
        if q is not None:
            if not g._alive[q]:
                raise ValueError(f"vertex {q} is not in the graph")
            qm = g._mate[q]
            if qm != _FREE:
                if self.removable(q):
                    assert self._forest is not None
                    self._forest.augment_through(q)
                else:
                    g._set_mate(q, _FREE)
                    g._set_mate(qm, _FREE)
                    g._size -= 1
            g._exposed.discard(q)
            g._unlink(q)
        self._close()

    def cancel(self) -> None:
        """Put ``p`` back and restore the matching exactly as before the pivot."""
        g = self._open()
        g._relink(self.vertex)
        log = g._log
        assert log is not None
        for v, m in reversed(log):
            g._mate[v] = m
            if m == _FREE:
                g._exposed.add(v)
            else:
                g._exposed.discard(v)
        if g._mate[self.vertex] == _FREE:
            g._exposed.add(self.vertex)
        g._size = self._saved_size
        self._close()

    def _close(self) -> None:
        self._g._log = None
        self._g._pivot = None
        self._forest = None


class _Forest:
    """An Edmonds alternating forest over the owner's current matching, grown lazily.

    Roots are exposed vertices (outer).  ``find_augmenting`` grows until an outer vertex meets
    an exposed vertex outside the forest; ``reaches`` grows until a given vertex is outer.
    Any order of growth steps is valid, so both use cheap targeted steps (hints) before the
    generic breadth-first scan.
    """

    def __init__(self, g: IncrementalMatching, roots: Iterable[int]) -> None:
        self._g = g
        self._mate = g._mate
        self._label: dict[int, int] = {}
        self._link: dict[int, int] = {}
        self._uf: dict[int, int] = {}  # blossom union-find parents (absent: a root of itself)
        self._base: dict[int, int] = {}  # union-find root -> base of that blossom
        self._queue: deque[int] = deque()
        self._outer: list[int] = []  # outer vertices in the order they became outer
        self._scan_v = _FREE
        self._scan_it: Iterator[int] | None = None
        self._exposed_hint = 0  # position in _outer for find_augmenting's hints
        self._target = _FREE  # vertex reaches() is working on
        self._target_hint = 0  # position in _outer for reaches()'s hints
        self.add_roots(roots)

    def add_roots(self, roots: Iterable[int]) -> None:
        for r in roots:
            if r not in self._label:
                self._make_outer(r)

    # ---------------------------------------------------------------- growing
    def find_augmenting(self) -> int:
        """Grow until an augmenting path is found; return its exposed end, or -1."""
        exposed, label, outer = self._g._exposed, self._label, self._outer
        adjacent = self._g._adjacent
        while True:
            # Cheap first: is a new outer vertex adjacent to one of a few exposed vertices?
            while self._exposed_hint < len(outer):
                w = outer[self._exposed_hint]
                self._exposed_hint += 1
                for x in islice(exposed, _HINT_LIMIT):
                    if x not in label and adjacent(w, x):
                        self._link[x] = w
                        return x
            code = self._scan()
            if code != _CHANGED:
                return code  # an exposed end, or _EXHAUSTED (-1)

    def reaches(self, q: int) -> bool:
        """Grow until ``q`` is outer (True) or the forest is complete (False).

        The forest must hold every exposed vertex as a root and the matching must be maximum,
        so no augmenting path can appear.
        """
        label = self._label
        if self._target != q:
            self._target, self._target_hint = q, 0
        while label.get(q) != _OUTER:
            if self._hint(q):
                continue
            code = self._scan()
            if code == _EXHAUSTED:
                return False
            if code >= 0:
                raise MatchingError("augmenting path found in a forest of a maximum matching")
        return True

    def _hint(self, q: int) -> bool:
        """One targeted step towards making ``q`` outer; False when no outer vertex helps."""
        g, label, outer = self._g, self._label, self._outer
        m = self._mate[q]
        if m == _FREE:
            return False
        state = label.get(q)
        while self._target_hint < len(outer):
            w = outer[self._target_hint]
            self._target_hint += 1
            if state is None:  # q and its mate are outside the forest: hang them below w
                if g._adjacent(w, m):
                    label[m] = _INNER
                    self._link[m] = w
                    self._make_outer(q)
                    return True
            elif g._adjacent(w, m) and self._find(w) != self._find(m):
                # q is inner and its mate outer: an edge from the mate closes a blossom, which
                # swallows q unless w hangs below the mate.
                self._blossom(m, w)
                return True
        return False

    def _scan(self) -> int:
        """Scan edges from outer vertices until something happens.

        Returns an exposed vertex ending an augmenting path, ``_CHANGED`` after a growth or a
        contraction, or ``_EXHAUSTED``.
        """
        label, link, mate, uf = self._label, self._link, self._mate, self._uf
        while True:
            it = self._scan_it
            if it is None:
                if not self._queue:
                    return _EXHAUSTED
                self._scan_v = self._queue.popleft()
                it = self._scan_it = self._g.neighbours(self._scan_v)
            v = self._scan_v
            for u in it:
                state = label.get(u)
                if state is None:
                    m = mate[u]
                    link[u] = v
                    if m == _FREE:
                        return u
                    label[u] = _INNER
                    self._make_outer(m)
                    return _CHANGED
                if state == _OUTER and (
                    (u not in uf and v not in uf) or self._find(u) != self._find(v)
                ):  # two outer vertices in different blossoms (singletons are cheap)
                    self._blossom(v, u)
                    return _CHANGED
            self._scan_it = None

    def _make_outer(self, v: int) -> None:
        self._label[v] = _OUTER
        self._queue.append(v)
        self._outer.append(v)

    # --------------------------------------------------------------- blossoms
    def _find(self, v: int) -> int:
        uf = self._uf
        root = v
        while (up := uf.get(root)) is not None:
            root = up
        while v != root:  # path compression
            up = uf[v]
            uf[v] = root
            v = up
        return root

    def _base_of(self, v: int) -> int:
        r = self._find(v)
        return self._base.get(r, r)

    def _lca(self, a: int, b: int) -> int:
        """Base of the smallest blossom holding the tree paths of ``a`` and ``b``, or -1."""
        mate, link = self._mate, self._link
        seen: set[int] = set()
        while True:
            a = self._base_of(a)
            seen.add(a)
            if mate[a] == _FREE:
                break
            a = link[mate[a]]
        while True:
            b = self._base_of(b)
            if b in seen:
                return b
            if mate[b] == _FREE:
                return -1
            b = link[mate[b]]

    def _blossom(self, v: int, u: int) -> None:
        """Contract the odd cycle closed by the edge between outer vertices ``v`` and ``u``."""
        base = self._lca(v, u)
        if base < 0:
            raise MatchingError("edge between two trees: the matching is not maximum")
        members: set[int] = set()
        turned: list[int] = []
        self._mark_path(v, base, u, members, turned)
        self._mark_path(u, base, v, members, turned)
        root = self._find(base)
        for r in members:
            if r != root:
                self._uf[r] = root
        self._base[root] = base
        for w in turned:
            if self._label[w] == _INNER:
                self._make_outer(w)

    def _mark_path(
        self, v: int, base: int, child: int, members: set[int], turned: list[int]
    ) -> None:
        """Walk from ``v`` up to ``base``, pointing each outer vertex across the cycle."""
        mate, link, label = self._mate, self._link, self._label
        while self._base_of(v) != base:
            m = mate[v]
            members.add(self._find(v))
            members.add(self._find(m))
            if label[m] == _INNER:
                turned.append(m)
            link[v] = child
            child = m
            v = link[m]

    # ------------------------------------------------------------ augmenting
    def augment(self, end: int) -> None:
        """Flip the augmenting path ending at the exposed vertex ``end``."""
        self._flip_from(end)
        self._g._size += 1

    def augment_through(self, q: int) -> None:
        """Remove the outer vertex ``q``'s edge and re-match along ``q``'s even path.

        The root of ``q``'s tree gets matched instead, so the size is unchanged.  (This is the
        augmenting path that a new exposed vertex hanging below ``q`` would use.)
        """
        g = self._g
        qm = self._mate[q]
        g._set_mate(q, _FREE)
        self._flip_from(qm)

    def _flip_from(self, v: int) -> None:
        set_mate, link, mate = self._g._set_mate, self._link, self._mate
        while v != _FREE:
            w = link[v]
            nxt = mate[w]
            set_mate(v, w)
            set_mate(w, v)
            v = nxt

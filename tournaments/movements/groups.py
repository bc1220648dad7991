"""Danish in groups (gironi): pure Python, no Django import.

After the whole-field turns the referee splits the ranking of the pairs present into groups
A, B, C… from the top, by sizes in tables of the referee's choice (the 2016 exam: 7, 9, 9, 9,
8, 8) or into N groups as equal as possible (the first ones take the extra table). A group of
``t`` tables holds ``2t`` pairs; with an odd field the last group holds the odd pair and so has
the rest. Groups are closed: a pair withdrawn later leaves a gap in its own group (which then
rests one of its pairs), never a move between groups.

Each group turn seats every group with the Danish engine (:func:`seat_danish`, puro or
modified as the caller's ``avoid`` says) inside itself: the bye of an odd group goes to its
lowest-ranked pair with the fewest byes over the whole tournament (Art. 33, nobody rests twice
while avoidable). The hall keeps one numbering: each group owns the tables after the group
above it (A 1-7, B 8-16, …) for the rest of the tournament, so a withdrawal leaves the group's
last table empty rather than renumbering the hall.

Other kinds cut the same way with their own tables (`seats`, `step` of
:func:`split_groups`): four players a table in an individual event; in a team event a match
takes two tables, a team at each, so a group's tables come in whole matches (an even number,
every group starting on an open-room table) and :func:`tournaments.movements.team_danish.
seat_team_groups` seats the team Danish inside each group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.movements.danish import seat_danish
from tournaments.rules.messages import RuleError, _

NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_TABLES = 2  # a group of one table would replay the same match every turn


@dataclass(frozen=True)
class Group:
    name: str  # A, B, C…
    tables: int  # its size in tables, as set
    first_table: int  # its tables are first_table .. last_table in the hall's numbering
    pairs: tuple[int, ...]  # its members, in the ranking's order when the groups were set

    @property
    def last_table(self) -> int:
        return self.first_table + self.tables - 1


@dataclass(frozen=True)
class GroupSeating:
    group: str
    tables: tuple[tuple[int, int, int], ...]  # (hall table number, ns, ew)
    bye: int | None
    repeats: tuple[tuple[int, int], ...]  # (ns, ew) meetings that were to be avoided


@dataclass(frozen=True)
class GroupTurn:
    groups: tuple[GroupSeating, ...]

    @property
    def tables(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(t for g in self.groups for t in g.tables)

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(g.bye for g in self.groups if g.bye is not None)

    @property
    def repeats(self) -> tuple[tuple[int, int], ...]:
        return tuple(r for g in self.groups for r in g.repeats)


def parse_sizes(text: str) -> list[int]:
    """The referee's sizes in tables, "7,9,9,9,8,8" (spaces, ';' or '-' also separate)."""
    parts = [p for p in str(text).replace(";", ",").replace("-", ",").replace(" ", ",").split(",")]
    parts = [p for p in parts if p]
    if not parts:
        raise RuleError(_("give the groups' sizes in tables, e.g. 7,9,9,9,8,8"))
    for part in parts:
        # ASCII digits only ("²" and "٧" pass isdigit() but not int()), at most 4 of them
        if not (part.isascii() and part.isdigit()) or len(part) > 4:
            raise RuleError(_("%(size)s is not a number of tables"), size=part[:20])
    return [int(p) for p in parts]


def equal_sizes(tables: int, count: int, step: int = 1) -> list[int]:
    """`count` groups as equal as possible over `tables` tables; the first groups take the
    extra table (14 tables in 4 groups: 4, 4, 3, 3). `step`: the tables of one meeting (a
    team match takes 2: 16 tables in 3 groups of teams: 6, 6, 4)."""
    if count < 1:
        raise RuleError(_("the number of groups must be at least 1, not %(count)s"), count=count)
    if count > len(NAMES):
        raise RuleError(_("at most %(most)s groups, not %(count)s"), most=len(NAMES), count=count)
    least = MIN_TABLES * step
    if tables < least * count:
        raise RuleError(
            _("%(tables)s tables make at most %(most)s groups of %(min)s tables, not %(count)s"),
            tables=tables,
            most=tables // least,
            min=least,
            count=count,
        )
    base, extra = divmod(tables // step, count)
    return [step * (base + 1 if i < extra else base) for i in range(count)]


# The refusal of sizes that do not cover the field, by (seats, step) of the kind's tables.
NEEDED = {
    (2, 1): _("the groups have %(given)s tables but the %(pairs)s pairs present need %(needed)s"),
    (4, 1): _("the groups have %(given)s tables but the %(pairs)s players present need %(needed)s"),
    (1, 2): _("the groups have %(given)s tables but the %(pairs)s teams present need %(needed)s"),
}


def split_groups(
    ranking: Sequence[int],
    *,
    sizes: Sequence[int] | None = None,
    count: int | None = None,
    seats: int = 2,
    step: int = 1,
) -> tuple[Group, ...]:
    """Cut the ranking of the pairs present (best first) into groups from the top, by sizes
    in tables or into `count` equal groups; one of the two must be given. `seats` is how many
    entrants a table takes: 2 pairs; 4 players in an individual event (a group of ``t``
    tables then holds ``4t`` players, the last group the players short of a full table, who
    rest in turn inside it); 1 team in a team event, whose match takes `step` = 2 tables: a
    group of ``t`` tables (an even number, whole matches) holds ``t`` teams, the last group
    the odd team, who rest in turn inside it."""
    ranking = list(ranking)
    if len(set(ranking)) != len(ranking):
        raise RuleError(_("a pair appears twice in the ranking"))
    needed = step * -(-len(ranking) // (seats * step))
    if (sizes is None) == (count is None):
        raise RuleError(_("give either the groups' sizes in tables or their number"))
    sizes = equal_sizes(needed, count, step) if count is not None else list(sizes)
    if len(sizes) > len(NAMES):
        raise RuleError(
            _("at most %(most)s groups, not %(count)s"), most=len(NAMES), count=len(sizes)
        )
    for name, size in zip(NAMES, sizes):
        if isinstance(size, bool) or not isinstance(size, int) or size < MIN_TABLES * step:
            raise RuleError(
                _("group %(group)s: a group has at least %(min)s tables, not %(size)s"),
                group=name,
                min=MIN_TABLES * step,
                size=size,
            )
        if size % step:
            raise RuleError(
                _("group %(group)s: a match takes two tables, so a group has an even number of "
                  "tables, not %(size)s"),
                group=name,
                size=size,
            )  # fmt: skip
    if sum(sizes) != needed:
        raise RuleError(
            NEEDED.get((seats, step), NEEDED[(2, 1)]),
            given=sum(sizes),
            pairs=len(ranking),
            needed=needed,
        )
    groups, start, first_table = [], 0, 1
    for name, size in zip(NAMES, sizes):
        members = tuple(ranking[start : start + seats * size])
        groups.append(Group(name, size, first_table, members))
        start, first_table = start + seats * size, first_table + size
    return tuple(groups)


def check_groups(groups: Sequence[Group], seats: int = 2) -> None:
    """Groups as stored: distinct names, no pair in two groups, tables one after the other
    (`seats`: entrants a table takes)."""
    seen: set[int] = set()
    next_table = 1
    for group in groups:
        if group.first_table != next_table or group.tables < 1:
            raise RuleError(
                _("group %(group)s does not follow the tables of the group above"), group=group.name
            )
        if len(group.pairs) > seats * group.tables:
            raise RuleError(
                _("group %(group)s has more pairs than its tables seat"), group=group.name
            )
        twice = seen.intersection(group.pairs)
        if twice:
            raise RuleError(_("pair %(pair)s is in two groups"), pair=min(twice))
        seen.update(group.pairs)
        next_table += group.tables
    if len({g.name for g in groups}) != len(groups):
        raise RuleError(_("two groups have the same name"))


def group_of(groups: Iterable[Group]) -> dict[int, str]:
    """Pair -> its group's name."""
    return {pair: g.name for g in groups for pair in g.pairs}


def seat_group_turn(
    groups: Sequence[Group],
    ranking: Sequence[int],
    avoid: Iterable[Iterable[int]],
    byes_taken: Mapping[int, int] = {},  # noqa: B006 - read only
) -> GroupTurn:
    """Seat one Danish turn in every group.

    `ranking` lists the pairs present this turn, best first (the group standings' order
    fits: inside a group only the relative order counts); `avoid` holds the meetings to
    avoid (``danish.meetings_to_avoid``), `byes_taken` every pair's byes so far.
    """
    check_groups(groups)
    where = group_of(groups)
    stray = [p for p in ranking if p not in where]
    if stray:
        raise RuleError(_("pair %(pair)s is in no group"), pair=stray[0])
    inside: dict[str, list[tuple[int, ...]]] = {g.name: [] for g in groups}
    for meeting in avoid:
        ends = tuple(meeting)
        if (
            len(ends) == 2
            and where.get(ends[0]) is not None
            and where.get(ends[0]) == where.get(ends[1])
        ):
            inside[where[ends[0]]].append(ends)
    seatings = []
    for group in groups:
        members = set(group.pairs)
        order = [p for p in ranking if p in members]
        seating = seat_danish(order, inside[group.name], byes_taken)
        tables = tuple((group.first_table + i, ns, ew) for i, (ns, ew) in enumerate(seating.tables))
        seatings.append(GroupSeating(group.name, tables, seating.bye, seating.repeats))
    return GroupTurn(tuple(seatings))


GROUP_WORDS = ("danish-groups", "danish-modified-groups")


def group_phase(plan: Sequence[str]) -> tuple[int, int] | None:
    """(first, last) turn of the plan's turns in groups, or None when it has none."""
    numbers = [n for n, word in enumerate(plan, start=1) if word in GROUP_WORDS]
    return (numbers[0], numbers[-1]) if numbers else None


def check_plan(plan: Sequence[str]) -> None:
    """Turns in groups come last, in one run, after at least one turn over the whole field
    (the groups are cut from its ranking)."""
    phase = group_phase(plan)
    if phase is None:
        return
    first, last = phase
    if first == 1:
        raise RuleError(_("the groups are cut from a ranking: turn 1 cannot be played in groups"))
    if last != len(plan) or any(w not in GROUP_WORDS for w in plan[first - 1 : last]):
        raise RuleError(_("the turns in groups are the last turns of the plan, one after another"))

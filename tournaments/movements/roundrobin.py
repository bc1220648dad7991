"""Round robin ("all'italiana") in groups, for team events: pure Python, no Django import.

Art. 2 of the Codice leaves the movement to the referee; team championships play their first
turns as a round robin inside groups (gironi), every team meeting every other team of its group
once. The rules taken here (docs/individual-and-teams.md):

* **Groups.** The referee chooses how many teams a group holds (or how many groups); the teams
  are split into the fewest groups of at most that size, as equal as possible (sizes differ by
  one at most, the first groups take the extra team). They are dealt in serpentine order of the
  seeding (registration order, or last season's ranking): A B C C B A A B C…, so every group
  gets a share of the strong and of the weak teams.
* **Turns.** The circle method (Berger tables): with ``m`` teams (``m`` even) team ``m`` stays
  put and the others turn round it, ``m - 1`` turns, each pair of teams meeting exactly once.
  An odd group adds a ghost: whoever meets it rests (team bye), each team exactly once in ``m``
  turns, so nobody rests twice while it can be avoided. Past a full round the schedule starts
  again (a second leg, home and away swapped).
* **Home side.** ``team_a`` (whose first line sits N-S at the open-room table) alternates as in
  Berger's tables so that each team is ``team_a`` about half of the time.
* **Hall numbering.** Matches are numbered across the hall, group A first; a match ``k`` uses
  tables ``2k - 1`` (open room) and ``2k`` (closed room).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tournaments.rules.messages import RuleError, _

NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_TEAMS = 2


@dataclass(frozen=True)
class TeamGroup:
    name: str  # A, B, C…
    teams: tuple[int, ...]  # in seeding order

    @property
    def turns(self) -> int:
        """Turns of one full round robin: every team meets every other team once."""
        size = len(self.teams)
        return size if size % 2 else size - 1


@dataclass(frozen=True)
class RoundRobinTurn:
    matches: tuple[tuple[int, str, int, int], ...]  # (match number, group, team_a, team_b)
    byes: tuple[tuple[str, int], ...]  # (group, team) resting this turn


def group_sizes(teams: int, *, size: int | None = None, count: int | None = None) -> list[int]:
    """Sizes of the groups: the fewest groups of at most `size` teams, or `count` groups, as
    equal as possible (the first groups take the extra team)."""
    if (size is None) == (count is None):
        raise RuleError(_("give either the teams per group or the number of groups"))
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, int) or size < MIN_TEAMS:
            raise RuleError(
                _("a group holds at least %(min)s teams, not %(size)s"), min=MIN_TEAMS, size=size
            )
        count = max(1, -(-teams // size))
    assert count is not None
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RuleError(_("the number of groups must be at least 1, not %(count)s"), count=count)
    if teams < MIN_TEAMS * count:
        raise RuleError(
            _("%(teams)s teams make at most %(most)s groups of %(min)s teams, not %(count)s"),
            teams=teams,
            most=teams // MIN_TEAMS,
            min=MIN_TEAMS,
            count=count,
        )
    base, extra = divmod(teams, count)
    return [base + 1 if i < extra else base for i in range(count)]


def split_teams(
    seeding: Sequence[int], *, size: int | None = None, count: int | None = None
) -> tuple[TeamGroup, ...]:
    """Deal the teams (best seed first) into groups in serpentine order; see the module doc."""
    seeding = list(seeding)
    if len(set(seeding)) != len(seeding):
        raise RuleError(_("a team appears twice in the seeding"))
    sizes = group_sizes(len(seeding), size=size, count=count)
    members: list[list[int]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    pending = iter(seeding)
    forward = True
    while any(len(m) < s for m, s in zip(members, sizes)):
        for g in order if forward else reversed(order):
            if len(members[g]) < sizes[g]:
                team = next(pending, None)
                if team is None:
                    break
                members[g].append(team)
        forward = not forward
    return tuple(TeamGroup(group_name(i), tuple(m)) for i, m in enumerate(members))


def group_name(index: int) -> str:
    """A, B, … Z, then AA, AB, … (a national final may need more than 26 groups)."""
    if index < len(NAMES):
        return NAMES[index]
    first, second = divmod(index - len(NAMES), len(NAMES))
    return NAMES[first] + NAMES[second]


def berger_round(size: int, index: int) -> list[tuple[int, int]]:
    """Round `index` (0-based) of the circle method on positions ``0..size-1`` (`size` even):
    position ``size - 1`` is fixed, the others turn; returns ``(home, away)`` positions."""
    if size % 2 or size < 2:
        raise ValueError(f"the circle method needs an even number of places, not {size}")
    n = size - 1
    index %= n
    fixed = size - 1
    first = (index, fixed) if index % 2 == 0 else (fixed, index)
    games = [first]
    for k in range(1, size // 2):
        a, b = (index + k) % n, (index - k) % n
        games.append((a, b) if k % 2 else (b, a))
    return games


def group_round(group: TeamGroup, index: int) -> tuple[list[tuple[int, int]], int | None]:
    """Turn `index` (0-based, may exceed one round: a second leg swaps the sides) of the
    group's round robin: its ``(team_a, team_b)`` matches and its resting team (or None)."""
    teams = list(group.teams)
    size = len(teams) + len(teams) % 2  # odd: one ghost place, whoever meets it rests
    leg, turn = divmod(index, size - 1)
    matches: list[tuple[int, int]] = []
    bye = None
    for a, b in berger_round(size, turn):
        if a >= len(teams) or b >= len(teams):
            bye = teams[b] if a >= len(teams) else teams[a]
            continue
        home, away = teams[a], teams[b]
        matches.append((home, away) if leg % 2 == 0 else (away, home))
    matches.sort(key=lambda m: min(teams.index(m[0]), teams.index(m[1])))
    return matches, bye


def seat_round_robin(
    groups: Sequence[TeamGroup], index: int, absent: Collection[int] = frozenset()
) -> RoundRobinTurn:
    """Seat round-robin turn `index` (0-based within the round-robin phase) in every group.

    A team in `absent` (withdrawn) keeps its place in the schedule but does not play: the team
    that should have met it rests with the bye score (Art. 33, as for a missing pair).
    """
    if index < 0:
        raise RuleError(_("the turn within the round robin cannot be negative"))
    seen: set[int] = set()
    for group in groups:
        if seen.intersection(group.teams):
            raise RuleError(_("team %(team)s is in two groups"), team=min(seen & set(group.teams)))
        seen.update(group.teams)
    matches: list[tuple[int, str, int, int]] = []
    byes: list[tuple[str, int]] = []
    for group in groups:
        pairs, bye = group_round(group, index)
        if bye is not None and bye not in absent:
            byes.append((group.name, bye))
        for a, b in pairs:
            if a in absent and b in absent:
                continue
            if a in absent or b in absent:
                byes.append((group.name, b if a in absent else a))
                continue
            matches.append((len(matches) + 1, group.name, a, b))
    return RoundRobinTurn(tuple(matches), tuple(byes))


def round_robin_turns(groups: Sequence[TeamGroup]) -> int:
    """Turns of a full round robin in every group (the largest group sets it)."""
    return max((g.turns for g in groups), default=0)

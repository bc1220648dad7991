"""Seating: where the tournament models meet the movements (`tournaments.movements`).

Views and commands call these functions; they read the models, hand plain
data to `tournaments.movements`, and write the outcome back atomically. Every
refusal raises `Refused` with a message for the referee before anything
changes.

The seating never imports the scoring app, which builds on this one. A Danish turn starts
from the standings and a bye is scored: both are asked of the kind of event
(`kind_of(t).ranking_for_seating`, `kind_of(t).bye_score`), whose scoring side answers. A
swap tells the scoring app through `tournaments.signals.tables_reseated` (see
`tournaments.services.turns.tables_reseated`) that the phones' reports of those tables no
longer stand. Moving the seating into `scoring` instead would have put the core of the
tournaments app above its results.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import NeedsConfirmation, Refused, rule_refusal
from tournaments.kinds import kind_of, require
from tournaments.models import GROUP_WORDS, Bye, Line, Table, Tournament, Turn, audit
from tournaments.movements import danish, explain, mitchell
from tournaments.movements.byes import merge_byes
from tournaments.movements.groups import seat_group_turn
from tournaments.rules.messages import RuleError
from tournaments.services.first_seating import first_seating_label, first_seating_order
from tournaments.services.groups import check_groups_set, groups_map, groups_of, label_tables
from tournaments.services.lookup import (
    is_present,
    last_turn,
    meetings_by_turn,
    pair_by_number,
    turn_by_number,
)
from tournaments.services.turns import (
    check_no_results,
    new_turn,
    next_seatable_turn,
    next_turn_number,
    swap_in_order,
    tables_reseated,
    turn_seated,
)

# --- seating -------------------------------------------------------------------------------


@dataclass
class SeatingOutcome:
    turn: Turn
    tables: list[Table]
    byes: list[Bye]
    repeats: list[tuple[int, int]]
    rest_again: list[int] = dataclass_field(default_factory=list)  # pairs resting once more


def rests_again(tournament: Tournament) -> dict[int, list[int]]:
    """Turn number -> pairs resting there that had already rested in an earlier turn (Art. 33
    allows one rest per pair: the seating avoids a second one whenever it can)."""
    seen: set[int] = set()
    again: dict[int, list[int]] = {}
    for number, pair in (
        Bye.objects.filter(turn__tournament=tournament)
        .order_by("turn__number", "pair__number")
        .values_list("turn__number", "pair__number")
    ):
        if pair in seen:
            again.setdefault(number, []).append(pair)
        seen.add(pair)
    return again


def plan_problems(tournament: Tournament, plan: list[str] | None = None) -> list[str]:
    """The plan's Mitchell blocks still to play that are longer than the field allows.

    A block not started yet is measured against the pairs still in the tournament; a block
    under way against the pairs its first turn laid out. Blocks already seated are history.
    """
    plan = tournament.plan if plan is None else plan
    return [
        block_too_long_message(pairs, first, last)
        for first, last, pairs in _blocks_ahead(tournament, plan)
        if pairs >= 2 and last - first + 1 > mitchell.max_block_turns(pairs)
    ]


def too_long_blocks_ahead(tournament: Tournament) -> list[tuple[int, int]]:
    """(first, last) of the plan's Mitchell blocks still to play that are too long."""
    return [
        (first, last)
        for first, last, pairs in _blocks_ahead(tournament, tournament.plan)
        if pairs >= 2 and last - first + 1 > mitchell.max_block_turns(pairs)
    ]


def too_long_warnings(tournament: Tournament) -> list[str]:
    """The Mitchell blocks ahead too long for the pairs still present, said for a script
    (English, as the contract's commands speak) after a withdrawal."""
    present = tournament.lines.filter(withdrawn_after_turn__isnull=True).count()
    return [
        f"Warning: the Mitchell block of turns {first}-{last} is longer than "
        f"{present} pairs can play without meeting again (at most "
        f"{mitchell.max_block_turns(present)} turns): shorten it in the plan"
        for first, last in too_long_blocks_ahead(tournament)
    ]


def _blocks_ahead(tournament: Tournament, plan: list[str]) -> list[tuple[int, int, int]]:
    """(first, last, pairs) of the Mitchell blocks not wholly seated yet."""
    seated = next_turn_number(tournament) - 1
    present = tournament.lines.filter(withdrawn_after_turn__isnull=True).count()
    ahead = []
    for first, last in mitchell.blocks(plan):
        if last <= seated:
            continue
        pairs = present
        if first <= seated:
            pairs = len(Turn.objects.get(tournament=tournament, number=first).order)
        ahead.append((first, last, pairs))
    return ahead


def check_can_seat(tournament: Tournament) -> int:
    number = next_seatable_turn(tournament)
    present = [p for p in tournament.lines.all() if is_present(p, number)]
    if len(present) < 2:
        raise Refused(_("At least two pairs are needed to seat a turn."))
    if tournament.plan[number - 1] in GROUP_WORDS:
        check_groups_set(tournament, number)
    if number == 1:  # the field is complete: every block of the plan can be measured now
        problems = plan_problems(tournament)
        if problems:
            raise Refused(problems[0])
    return number


def seat_next_turn(tournament: Tournament, user=None) -> SeatingOutcome:
    """Seat the next turn of a pairs event by the plan; one seating even if two requests
    race. Every kind seats through `kind_of(tournament).seat_next` (the players' lines:
    individual_seating; a team event's matches: team_setup); never lines seated as pairs."""
    require(tournament, "pairs")
    with transaction.atomic():
        # Lock the tournament row: a second request waits, then sees the new turn.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = check_can_seat(tournament)
        movement = tournament.plan[number - 1]
        rested = set(_byes_taken(tournament))
        pairs = {p.number: p for p in tournament.lines.all()}
        present = sorted(n for n, p in pairs.items() if is_present(p, number))
        if movement == "mitchell":
            order, matches, byes, repeats = _mitchell(tournament, number, present)
        elif movement in GROUP_WORDS:
            order, matches, byes, repeats = _in_groups(tournament, number, movement, present)
        else:
            order, matches, byes, repeats = _danish(tournament, number, movement, present)
        turn = new_turn(tournament, number, movement, order, [list(r) for r in repeats])
        tables = Table.objects.bulk_create(
            Table(turn=turn, number=t, ns=pairs[ns], ew=pairs[ew]) for t, ns, ew in matches
        )
        again = sorted(p for _t, p in byes if p in rested)
        score = kind_of(tournament).bye_score(tournament)
        bye_rows = Bye.objects.bulk_create(
            Bye(turn=turn, pair=pairs[p], table_number=t, vp=score.vp, mp=score.mp) for t, p in byes
        )
        turn_seated(tournament)
        audit(
            tournament,
            "seat",
            user=user,
            target=f"turn {number}",
            new={
                "movement": movement,
                "tables": [list(m) for m in matches],
                "byes": [p for _t, p in byes],
                "repeats": [list(r) for r in repeats],
                "rest_again": again,
            },
        )
    return SeatingOutcome(turn, list(tables), list(bye_rows), repeats, again)


def _ranking(tournament: Tournament, number: int, present: list[int]) -> list[int]:
    """The order a movement starts from: the first seating order before any result,
    the standings after the previous turn otherwise; only the pairs present."""
    if number == 1:
        return first_seating_order(tournament, present)
    here = set(present)
    ranked = kind_of(tournament).ranking_for_seating(tournament, number - 1)
    return [row.pair for row in ranked if row.pair in here]


def _byes_taken(tournament: Tournament) -> dict[int, int]:
    """Pair number -> byes so far."""
    taken: dict[int, int] = {}
    for number in Bye.objects.filter(turn__tournament=tournament).values_list(
        "pair__number", flat=True
    ):
        taken[number] = taken.get(number, 0) + 1
    return taken


def _mitchell(tournament: Tournament, number: int, present: list[int]):
    """A Mitchell turn. At a block's first turn the order is laid out against the history
    (Art. 33: no second rest, no repeat while avoidable); later turns follow that order."""
    start, end = next((a, b) for a, b in mitchell.blocks(tournament.plan) if a <= number <= b)
    met = {frozenset(m) for t in meetings_by_turn(tournament) for m in t}
    rested = _byes_taken(tournament)
    try:
        if start == number:
            ranking = _ranking(tournament, number, present)
            order = list(
                mitchell.layout_block(
                    ranking, end - start + 1, tournament.mitchell_step, met, rested
                ).order
            )
        else:  # the block's order as the previous turn left it (a swap moves a pair for good)
            order = Turn.objects.get(tournament=tournament, number=number - 1).order
        absent = set(order) - set(present)
        seating = mitchell.seat_mitchell(order, number - start, tournament.mitchell_step, absent)
    except mitchell.MovementError as exc:
        raise Refused(_mitchell_message(exc, len(present), (start, end))) from None
    matches, byes = list(seating.tables), list(seating.byes)
    if len(byes) > 1:  # a withdrawal: resting pairs that have not met play each other (Art. 33)
        merged = merge_byes(byes, met, set(rested))
        matches, byes = sorted(matches + list(merged.matches)), list(merged.byes)
    repeats = [(ns, ew) for _t, ns, ew in matches if frozenset((ns, ew)) in met]
    return order, matches, byes, repeats


def block_too_long_message(pairs: int, first: int, last: int) -> str:
    """The referee's message for a Mitchell block longer than `pairs` pairs can play."""
    return _(
        "The Mitchell block of turns %(a)d–%(b)d has %(k)d turns, but with %(pairs)d pairs a "
        "Mitchell block can have at most %(most)d turns (one per table) without pairs meeting "
        "again: shorten the block in the plan or add pairs."
    ) % {
        "a": first,
        "b": last,
        "k": last - first + 1,
        "pairs": pairs,
        "most": mitchell.max_block_turns(pairs),
    }


def _mitchell_message(exc: mitchell.MovementError, pairs: int, block: tuple[int, int]) -> str:
    if isinstance(exc, mitchell.BlockTooLong):
        return block_too_long_message(pairs, *block)
    return str(exc)


def _danish(tournament: Tournament, number: int, movement: str, present: list[int]):

    ranking = _ranking(tournament, number, present)
    avoid = danish_avoid(tournament, number)
    seating = danish.seat_danish(ranking, avoid, _byes_taken(tournament))
    matches = [(i, ns, ew) for i, (ns, ew) in enumerate(seating.tables, start=1)]
    byes = [] if seating.bye is None else [(None, seating.bye)]
    return ranking, matches, byes, list(seating.repeats)


def danish_avoid(tournament: Tournament, number: int) -> set[frozenset[int]]:
    """The meetings Danish turn `number` avoids: puro, modificato or, for the last Danish
    turn when the tournament says so, none (by the ranking only)."""

    turns = danish.turns_to_avoid(
        tournament.plan,
        number,
        meetings_by_turn(tournament),
        last_by_ranking=tournament.last_danish_by_ranking,
    )
    return danish.meetings_to_avoid(turns, modified=False)


def _in_groups(tournament: Tournament, number: int, movement: str, present: list[int]):
    """A Danish turn inside every group (docs/national.md): tables numbered on through the
    groups, the bye of an odd group inside it."""
    groups = check_groups_set(tournament, number)
    ranking = _ranking(tournament, number, present)
    avoid = danish_avoid(tournament, number)
    try:
        seating = seat_group_turn(groups, ranking, avoid, _byes_taken(tournament))
    except RuleError as exc:
        raise rule_refusal(exc) from None
    byes = [(None, p) for p in seating.byes]
    return ranking, list(seating.tables), byes, list(seating.repeats)


# --- where the tournament stands, undo and swaps -------------------------------------------


@dataclass
class State:
    """Where the tournament stands and the one next action for the referee."""

    phase: str  # registration | seated | complete | finished
    turn: Turn | None
    entered: int = 0
    tables: int = 0
    pairs: int = 0

    @property
    def next_action(self) -> str:
        return {
            "registration": "seat" if self.pairs >= 2 else "pairs",
            "seated": "scores",
            "complete": "seat",
            "finished": "standings",
        }[self.phase]


def desk_seating(tournament: Tournament, turn: Turn) -> dict:
    """A pairs event's turn as the desk's seating page shows it: tables and rests with each
    pair's rank, the Danish's skips, the rests again and the first seating's criterion."""
    tables = list(
        turn.tables.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    )
    byes = list(turn.byes.select_related("pair__player1", "pair__player2"))
    label_tables(tournament, turn, tables, byes)
    ranks = seating_ranks(tournament, turn)
    for x in tables:
        x.ns_rank, x.ew_rank = ranks.get(x.ns.number), ranks.get(x.ew.number)
    for b in byes:
        b.rank = ranks.get(b.pair.number)
    return {
        "tables": tables,
        "byes": byes,
        "skips": danish_skips(tournament, turn, tables, byes),
        "rest_again": rests_again(tournament).get(turn.number, []),
        "first_seating": first_seating_label(tournament) if turn.number == 1 else None,
    }


def state(tournament: Tournament) -> State:
    turn = tournament.turn_set.order_by("-number").first()
    pairs = kind_of(tournament).seating_units(tournament)  # two make a table
    if turn is None:
        return State("registration", None, pairs=pairs)
    total = turn.tables.count()
    entered = turn.tables.filter(ns_vp__isnull=False).count()
    if entered < total:
        phase = "seated"
    elif turn.number >= tournament.turns:
        phase = "finished"
    else:
        phase = "complete"
    return State(phase, turn, entered=entered, tables=total, pairs=pairs)


def undo_seating(tournament: Tournament, user=None) -> int:
    """Remove the last turn's seating while it has no result; returns its number."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = last_turn(tournament)
        check_no_results(turn)
        if turn.penalties.exists():
            raise Refused(_("Turn %(n)d has penalties: remove them first.") % {"n": turn.number})
        number = turn.number
        audit(
            tournament,
            "unseat",
            user=user,
            target=f"turn {number}",
            old={
                "tables": [
                    list(x) for x in turn.tables.values_list("number", "ns__number", "ew__number")
                ],
                "byes": list(turn.byes.values_list("pair__number", flat=True)),
            },
        )
        turn.delete()
        tournament.lines.filter(line_turn=number).delete()  # the turn's lines (individual, teams)
        if number == 1:
            tournament.status = Tournament.Status.REGISTRATION
            tournament.save(update_fields=["status"])
    return number


@dataclass
class Seat:
    kind: str  # "ns", "ew" or "bye"
    table: Table | None = None
    bye: Bye | None = None


def _find_seat(turn: Turn, number: int) -> Seat:
    for table in turn.tables.select_related("ns", "ew"):
        if table.ns.number == number:
            return Seat("ns", table=table)
        if table.ew.number == number:
            return Seat("ew", table=table)
    bye = turn.byes.select_related("pair").filter(pair__number=number).first()
    if bye:
        return Seat("bye", bye=bye)
    raise Refused(_("Pair %(n)d is not seated in turn %(t)d.") % {"n": number, "t": turn.number})


def swap_problems(tournament: Tournament, turn: Turn, a: int, b: int) -> list[str]:
    """What a swap of pairs `a` and `b` in `turn` would break in the rules."""
    seat_a, seat_b = _find_seat(turn, a), _find_seat(turn, b)
    problems = []
    if turn.movement == "mitchell" and {seat_a.kind, seat_b.kind} == {"ns", "ew"}:
        problems.append(
            _("In a Mitchell turn pairs %(a)d and %(b)d would change line (N-S stay, E-W move).")
            % {"a": a, "b": b}
        )
    avoid = danish_avoid(tournament, turn.number)
    for me, other_seat, other in ((a, seat_b, b), (b, seat_a, a)):
        opponent = _opponent_after_swap(other_seat, other, me)
        if opponent is not None and frozenset((me, opponent)) in avoid:
            problems.append(_("Pairs %(a)d and %(b)d have already met.") % {"a": me, "b": opponent})
    if turn.movement in GROUP_WORDS:
        where = {p: name for name, pairs in groups_map(tournament).items() for p in pairs}
        if where.get(a) != where.get(b):
            problems.append(_("Pairs %(a)d and %(b)d play in different groups.") % {"a": a, "b": b})
    rested = set(
        Bye.objects.filter(turn__tournament=tournament, turn__number__lt=turn.number).values_list(
            "pair__number", flat=True
        )
    )
    for me, other_seat in ((a, seat_b), (b, seat_a)):
        if other_seat.kind == "bye" and me in rested:
            problems.append(_("Pair %(n)d has already rested.") % {"n": me})
    return problems


def _opponent_after_swap(seat: Seat, leaving: int, arriving: int) -> int | None:
    if seat.kind == "bye":
        return None
    opponent = seat.table.ew.number if seat.kind == "ns" else seat.table.ns.number
    return arriving if opponent == arriving else opponent


def swap_pairs(
    tournament: Tournament, a: int, b: int, *, confirmed: bool = False, user=None
) -> list[str]:
    """Exchange the seats of pairs `a` and `b` in the last turn, before any result.

    A swap that breaks the rules is refused unless `confirmed`; returns the problems accepted.
    """
    if a == b:
        raise Refused(_("Choose two different pairs."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = last_turn(tournament)
        check_no_results(turn)
        problems = swap_problems(tournament, turn, a, b)
        if problems and not confirmed:
            raise NeedsConfirmation(" ".join(problems))
        pair_a, pair_b = pair_by_number(tournament, a), pair_by_number(tournament, b)
        seat_a, seat_b = _find_seat(turn, a), _find_seat(turn, b)
        if seat_a.kind == seat_b.kind == "bye":
            raise Refused(_("Both pairs rest in this turn: there is nothing to swap."))
        if seat_a.table is not None and seat_a.table == seat_b.table:  # same table: swap lines
            table = seat_a.table
            table.ns, table.ew = table.ew, table.ns
            table.save(update_fields=["ns", "ew"])
        else:
            _put(seat_a, pair_b)
            _put(seat_b, pair_a)
            for seat in (seat_a, seat_b):
                (seat.table or seat.bye).save()
        tables_reseated([seat.table for seat in (seat_a, seat_b) if seat.table is not None])
        swap_in_order(turn, a, b)
        audit(
            tournament,
            "swap",
            user=user,
            target=f"turn {turn.number}",
            old={
                "a": [a, seat_a.kind, seat_a.table.number if seat_a.table else None],
                "b": [b, seat_b.kind, seat_b.table.number if seat_b.table else None],
            },
            new={
                "a": [a, seat_b.kind, seat_b.table.number if seat_b.table else None],
                "b": [b, seat_a.kind, seat_a.table.number if seat_a.table else None],
            },
            reason="; ".join(problems),
        )
    return problems


def _put(seat: Seat, pair: Line) -> None:
    if seat.kind == "bye":
        seat.bye.pair = pair
    elif seat.kind == "ns":
        seat.table.ns = pair
    else:
        seat.table.ew = pair


def danish_skips(tournament: Tournament, turn: Turn, tables, byes) -> list[dict]:
    """Why pairs of a Danish turn did not meet their ranking neighbour. A skip because the
    two had already been paired says where, and whether that table was played or decided by
    the referee without play (a score set by a ruling): never a meeting that did not happen."""
    if turn.movement == "mitchell" or not turn.order:
        return []
    avoid = danish_avoid(tournament, turn.number)
    seated = [(t.number, t.ns.number, t.ew.number) for t in tables]
    resting = [b.pair.number for b in byes if b.pair is not None]
    if turn.movement in GROUP_WORDS:  # the neighbour in the group's ranking, group by group
        groups = [(g.name, g.pairs) for g in groups_of(tournament)]
        found = explain.group_skips(groups, turn.order, seated, avoid, resting)
    else:
        found = explain.danish_skips(turn.order, seated, avoid, resting[0] if resting else None)
    earlier = {}  # one query whatever the skips: the page costs the same on any field
    for ns, ew, number, points in Table.objects.filter(
        turn__tournament=tournament, turn__number__lt=turn.number
    ).values_list("ns__number", "ew__number", "turn__number", "ns_points"):
        earlier[frozenset((ns, ew))] = (number, points is not None)
    out = []
    for s in found:
        met_turn, played = earlier.get(frozenset((s.pair, s.neighbour)), (None, True))
        out.append(vars(s) | {"met_turn": met_turn, "played": played})
    return out


def seating_ranks(tournament: Tournament, turn: Turn) -> dict[int, tuple[int, int | None, str]]:
    """For a Danish turn: each pair's place in the ranking it was seated by, its VP then
    (None before any result) and its group ("" over the whole field), so the seating page
    shows why 1 meets 2. In a turn in groups the place is the one in the pair's group."""
    if turn.movement == "mitchell" or not turn.order:
        return {}
    vp = {}
    if turn.number > 1:
        ranked = kind_of(tournament).ranking_for_seating(tournament, turn.number - 1)
        vp = {r.pair: r.vp for r in ranked}
    if turn.movement not in GROUP_WORDS:
        return {pair: (rank, vp.get(pair), "") for rank, pair in enumerate(turn.order, start=1)}
    where = {p: g.name for g in groups_of(tournament) for p in g.pairs}
    places: dict[str, int] = {}
    ranks = {}
    for pair in turn.order:
        group = where.get(pair, "")
        places[group] = places.get(group, 0) + 1
        ranks[pair] = (places[group], vp.get(pair), group)
    return ranks


def release_turn(tournament: Tournament, number: int | None = None, user=None) -> Turn:
    """Make a turn's seating public to the players (the last seated turn by default)."""
    from django.utils import timezone

    turn = last_turn(tournament) if number is None else turn_by_number(tournament, number)
    if turn.released_at is None:
        turn.released_at = timezone.now()
        turn.save(update_fields=["released_at"])
        audit(tournament, "release", user=user, target=f"turn {turn.number}")
    return turn

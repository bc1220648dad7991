"""Seating a turn of an individual event (docs/individual-and-teams.md): the players of each
table as two *lines* (a Line row of the turn, `line_turn` set), the resting players as Byes
with `player` set and the pairs game's bye score (Art. 33).

Turn 1 takes the first seating order (`tournaments.services.first_seating`: registration
order, draw from the seed, the players' surnames, or clubs kept apart at the first turn's
tables); a "danish" turn the individual standings after the previous turn
(`tournaments.movements.individual_danish`); a block of "rainbow" turns the fixed schedule
(`tournaments.movements.rainbow`) computed on the order of the block's first turn.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import NeedsConfirmation, Refused, rule_refusal
from tournaments.kinds import kind_of
from tournaments.models import GROUP_WORDS, Bye, Line, Table, Tournament, Turn, audit, new_pin
from tournaments.movements import danish
from tournaments.movements import individual_danish as rules
from tournaments.movements.rainbow import fixed_schedule
from tournaments.rules.messages import RuleError
from tournaments.services.first_seating import first_seating_order
from tournaments.services.groups import check_groups_set
from tournaments.services.lookup import is_present, last_turn
from tournaments.services.seating import SeatingOutcome, check_no_results
from tournaments.services.turns import (
    new_turn,
    next_seatable_turn,
    swap_in_order,
    tables_reseated,
    turn_seated,
)

LINE_BASE = 10000  # a line's internal Line.number: turn * LINE_BASE + k (never shown)


def check_can_seat_individual(tournament: Tournament) -> int:
    """The next turn's number, or a refusal: all turns seated, results missing in the previous
    turn, fewer than four players present."""
    number = next_seatable_turn(tournament)
    if len(present_players(tournament, number)) < 4:
        raise Refused(_("At least four players are needed to seat a turn of an individual event."))
    return number


def present_players(tournament: Tournament, number: int) -> dict[int, object]:
    """Player number -> Player, for the players who play turn `number`."""
    return {p.number: p for p in tournament.players.exclude(number=None) if is_present(p, number)}


def seat_individual_turn(tournament: Tournament, user=None) -> SeatingOutcome:
    """Seat the next turn of an individual event by its plan; one seating even if two requests
    race (the tournament row is locked)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = check_can_seat_individual(tournament)
        movement = tournament.plan[number - 1]
        players = present_players(tournament, number)
        numbers = None  # the hall's table numbers: 1, 2… unless the groups own theirs
        try:
            if movement == "rainbow":
                order, seating = _rainbow(tournament, number, sorted(players))
            elif movement in GROUP_WORDS:
                order, seating, numbers = _in_groups(tournament, number, sorted(players))
            else:
                order = _ranking(tournament, number, sorted(players))
                seating = _danish(tournament, order, number)
        except RuleError as exc:
            raise rule_refusal(exc) from None
        repeats = [{"players": list(r), "as": "partners"} for r in seating.partner_repeats] + [
            {"players": list(r), "as": "opponents"} for r in seating.opponent_repeats
        ]
        turn = new_turn(tournament, number, movement, order, repeats)
        tables, byes, again = _write(tournament, turn, players, seating, numbers)
        turn_seated(tournament)
        audit(
            tournament,
            "seat",
            user=user,
            target=f"turn {number}",
            new={
                "movement": movement,
                "tables": [[list(ns), list(ew)] for ns, ew in seating.tables],
                "rests": list(seating.rests),
                "repeats": repeats,
                "rest_again": again,
            },
        )
    return SeatingOutcome(turn, tables, byes, repeats, again)


def _write(tournament: Tournament, turn: Turn, players: dict, seating, numbers=None):
    """The lines, tables and rests of the turn, in a few queries; `numbers` the tables'
    numbers in the hall (default 1, 2…)."""
    numbers = numbers or list(range(1, len(seating.tables) + 1))
    pins: set[str] = set()
    lines = []
    for k, (ns, ew) in enumerate(seating.tables):
        for j, (a, b) in enumerate((ns, ew)):
            pin = new_pin()
            while pin in pins:  # the two lines of a table never share a PIN
                pin = new_pin()
            pins.add(pin)
            lines.append(
                Line(
                    tournament=tournament,
                    number=turn.number * LINE_BASE + 2 * k + j + 1,
                    player1=players[a],
                    player2=players[b],
                    line_turn=turn.number,
                    pin=pin,
                )
            )
        pins.clear()
    Line.objects.bulk_create(lines)
    by_number = {p.number: p for p in tournament.lines.filter(line_turn=turn.number)}
    base = turn.number * LINE_BASE
    tables = Table.objects.bulk_create(
        Table(
            turn=turn,
            number=numbers[k],
            ns=by_number[base + 2 * k + 1],
            ew=by_number[base + 2 * k + 2],
        )
        for k in range(len(seating.tables))
    )
    rested = set(rests_taken(tournament))
    score = kind_of(tournament).bye_score(tournament)
    byes = Bye.objects.bulk_create(
        Bye(turn=turn, player=players[p], vp=score.vp, mp=score.mp) for p in seating.rests
    )
    return list(tables), list(byes), sorted(p for p in seating.rests if p in rested)


def _ranking(tournament: Tournament, number: int, present: list[int]) -> list[int]:
    """Turn 1: the first seating order; later: the individual standings after the previous
    turn, only the players present."""
    if number == 1:
        return first_seating_order(tournament, present)

    here = set(present)
    ranked = kind_of(tournament).ranking_for_seating(tournament, number - 1)
    return [row.pair for row in ranked if row.pair in here]


def history(tournament: Tournament, before: int | None = None) -> list[list[rules.Table]]:
    """Earlier turns' tables as ((N-S players), (E-O players)), turn by turn (one query)."""
    rows = Table.objects.filter(turn__tournament=tournament)
    if before is not None:
        rows = rows.filter(turn__number__lt=before)
    turns: dict[int, list[rules.Table]] = {}
    for t, a, b, c, d in rows.order_by("turn__number", "number").values_list(
        "turn__number",
        "ns__player1__number",
        "ns__player2__number",
        "ew__player1__number",
        "ew__player2__number",
    ):
        turns.setdefault(t, []).append(((a, b), (c, d)))
    return [turns[n] for n in sorted(turns)]


def rests_taken(tournament: Tournament) -> dict[int, int]:
    """Player number -> rests so far."""
    taken: dict[int, int] = {}
    for number in Bye.objects.filter(turn__tournament=tournament, player__isnull=False).values_list(
        "player__number", flat=True
    ):
        taken[number] = taken.get(number, 0) + 1
    return taken


def _danish(
    tournament: Tournament, ranking: list[int], number: int | None = None
) -> rules.IndividualSeating:
    """Seat by the individual Danish: Danish turn `number` avoids what the plan's word and the
    tournament's settings say (puro, modificato, the last by the ranking only); without
    `number` (a Rainbow block whose field changed) every earlier meeting."""
    turns = history(tournament)
    if number is not None:
        turns = danish.turns_to_avoid(
            tournament.plan, number, turns, last_by_ranking=tournament.last_danish_by_ranking
        )
    partners, opponents = rules.history_sets(turns)
    return rules.seat_individual_danish(
        ranking, partners, opponents, rests_taken(tournament), table=tournament.individual_table
    )


def _in_groups(tournament: Tournament, number: int, present: list[int]):
    """A Danish turn inside every group (docs/individual-and-teams.md): the individual Danish
    on each group's players present, by the standings; each group on its own tables (the
    group's first table on), its rests inside it."""
    groups = check_groups_set(tournament, number)
    ranking = _ranking(tournament, number, present)
    turns = danish.turns_to_avoid(
        tournament.plan,
        number,
        history(tournament),
        last_by_ranking=tournament.last_danish_by_ranking,
    )
    partners, opponents = rules.history_sets(turns)
    taken = rests_taken(tournament)
    where = {p: g.name for g in groups for p in g.pairs}
    stray = [p for p in ranking if p not in where]
    if stray:
        raise Refused(_("Player %(n)d is in no group.") % {"n": stray[0]})
    tables, rests, partner_repeats, opponent_repeats, numbers = [], [], [], [], []
    for group in groups:
        members = [p for p in ranking if where[p] == group.name]
        if len(members) < 4:
            rests += members
            continue
        seating = rules.seat_individual_danish(
            members, partners, opponents, taken, table=tournament.individual_table
        )
        tables += seating.tables
        numbers += range(group.first_table, group.first_table + len(seating.tables))
        rests += seating.rests
        partner_repeats += seating.partner_repeats
        opponent_repeats += seating.opponent_repeats
    seating = rules.IndividualSeating(
        tuple(tables), tuple(rests), tuple(partner_repeats), tuple(opponent_repeats)
    )
    return ranking, seating, numbers


def rainbow_block(plan: list[str], number: int) -> tuple[int, int]:
    """(first, last) turn of the block of consecutive "rainbow" turns holding `number`."""
    start = number
    while start > 1 and plan[start - 2] == "rainbow":
        start -= 1
    end = number
    while end < len(plan) and plan[end] == "rainbow":
        end += 1
    return start, end


def _rainbow(tournament: Tournament, number: int, present: list[int]):
    """A turn of the fixed movement: the schedule of the whole block, on the order of the
    block's first turn. A field that changed within the block (a withdrawal) is seated by the
    individual Danish on the block's order, against the history."""
    start, end = rainbow_block(tournament.plan, number)
    if number == start:
        order = _ranking(tournament, number, present)
    else:
        order = list(Turn.objects.get(tournament=tournament, number=start).order)
    if set(order) != set(present):
        here = set(present)
        kept = [p for p in order if p in here] + sorted(here - set(order))
        return kept, _danish(tournament, kept)
    planned = fixed_schedule(order, end - start + 1)[number - start]
    partners, opponents = rules.history_sets(history(tournament))
    partner_repeats = tuple(
        line for ns, ew in planned.tables for line in (ns, ew) if frozenset(line) in partners
    )
    opponent_repeats = tuple(
        (x, y)
        for ns, ew in planned.tables
        for x in ns
        for y in ew
        if frozenset((x, y)) in opponents
    )
    seating = rules.IndividualSeating(
        planned.tables, planned.rests, partner_repeats, opponent_repeats
    )
    return order, seating


# --- a swap of two players in the last turn, before any result ---------------------------------


def _seat_of(turn: Turn, number: int):
    """(line, slot) where player `number` sits in `turn`, or (bye, None) when he rests."""
    for line in turn.tournament.lines.filter(line_turn=turn.number).select_related(
        "player1", "player2"
    ):
        for slot in ("player1", "player2"):
            if getattr(line, slot).number == number:
                return line, slot
    bye = turn.byes.select_related("player").filter(player__number=number).first()
    if bye is None:
        raise Refused(
            _("Player %(n)d is not seated in turn %(t)d.") % {"n": number, "t": turn.number}
        )
    return bye, None


def _put(seat, player) -> None:
    place, slot = seat
    setattr(place, slot or "player", player)
    place.save()


def swap_players(tournament: Tournament, a: int, b: int, *, confirmed=False, user=None) -> list:
    """Exchange the seats of players `a` and `b` in the last turn before any result; a swap
    that makes anyone partner or face a player again is refused unless `confirmed`. Returns
    the repeats accepted."""
    if a == b:
        raise Refused(_("Choose two different players."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = last_turn(tournament)
        check_no_results(turn)
        seat_a, seat_b = _seat_of(turn, a), _seat_of(turn, b)
        if seat_a[1] is None and seat_b[1] is None:
            raise Refused(_("Both players rest in this turn: there is nothing to swap."))
        if seat_a[1] is not None and seat_a[0].pk == seat_b[0].pk:
            raise Refused(_("The two players are partners in this turn: nothing to swap."))
        player_a, player_b = (
            seat_a[0].player if seat_a[1] is None else getattr(*seat_a),
            seat_b[0].player if seat_b[1] is None else getattr(*seat_b),
        )
        _put(seat_a, player_b)
        _put(seat_b, player_a)
        problems = _repeats_of(tournament, turn, {a, b})
        if problems and not confirmed:
            raise NeedsConfirmation(
                _("After this swap these players would meet again: %(p)s.")
                % {"p": ", ".join(f"{x}–{y}" for x, y in problems)}
            )
        lines = [seat[0].pk for seat in (seat_a, seat_b) if seat[1] is not None]
        tables_reseated(Table.objects.filter(turn=turn).filter(_at_lines(lines)))
        swap_in_order(turn, a, b)
        audit(
            tournament,
            "swap",
            user=user,
            target=f"turn {turn.number}",
            new={"players": [a, b], "repeats": [list(p) for p in problems]},
        )
    return problems


def _at_lines(line_pks: list[int]):
    from django.db.models import Q

    return Q(ns_id__in=line_pks) | Q(ew_id__in=line_pks)


def _repeats_of(tournament: Tournament, turn: Turn, players: set[int]) -> list[tuple[int, int]]:
    """The partnerships and oppositions of `players` in `turn` that an earlier turn had."""
    partners, opponents = rules.history_sets(history(tournament, before=turn.number))
    found = []
    for ns, ew in history(tournament)[turn.number - 1]:
        for line, other in ((ns, ew), (ew, ns)):
            for x in line:
                if x not in players:
                    continue
                mate = line[1] if line[0] == x else line[0]
                if frozenset((x, mate)) in partners:
                    found.append(tuple(sorted((x, mate))))
                found += [tuple(sorted((x, y))) for y in other if frozenset((x, y)) in opponents]
    return sorted(set(found))

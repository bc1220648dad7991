"""The one place where tournament models meet the seating rules.

Views and commands call these functions; they read the models, hand plain
data to `tournaments.movements`, and write the outcome back atomically. Every
refusal raises `Refused` with a message for the referee before anything
changes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring import vp as vp_rules
from tournaments.errors import Refused
from tournaments.imports import PairRow
from tournaments.models import MOVEMENT_WORDS, Bye, Pair, Player, Table, Tournament, Turn
from tournaments.movements import mitchell

# --- tournament settings -------------------------------------------------------------------


def parse_plan(text: str) -> list[str]:
    """ "mitchell:4,danish:3" -> one movement word per turn."""
    plan: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise Refused(_("The plan %(plan)s has an empty part.") % {"plan": text})
        word, _sep, count = part.partition(":")
        word = word.strip().lower()
        if word not in MOVEMENT_WORDS:
            raise Refused(
                _("Unknown movement %(word)s in the plan (known: %(known)s).")
                % {"word": word, "known": ", ".join(MOVEMENT_WORDS)}
            )
        try:
            turns = int(count) if count.strip() else 1
        except ValueError:
            raise Refused(_("%(count)s is not a number of turns.") % {"count": count}) from None
        if not 1 <= turns <= 30:
            raise Refused(_("A plan part has between 1 and 30 turns, not %(n)d.") % {"n": turns})
        plan.extend([word] * turns)
    if len(plan) > 30:
        raise Refused(_("A tournament has at most 30 turns."))
    return plan


def resolve_scale(code: str) -> vp_rules.VpScale:
    if code in vp_rules.SCALES:
        return vp_rules.SCALES[code]
    from scoring.models import VpScaleDefinition

    custom = VpScaleDefinition.objects.filter(code=code).first()
    if custom is None:
        known = ", ".join(
            list(vp_rules.SCALES) + list(VpScaleDefinition.objects.values_list("code", flat=True))
        )
        raise Refused(
            _("Unknown VP scale %(code)s (known: %(known)s).") % {"code": code, "known": known}
        )
    return custom.as_scale()


def bye_score(tournament: Tournament) -> vp_rules.ByeScore:
    return vp_rules.bye_score(resolve_scale(tournament.vp_scale), tournament.bye_percentage)


# --- pairs -----------------------------------------------------------------------------------


def import_pairs(tournament: Tournament, rows: list[PairRow]) -> list[Pair]:
    """Save the rows as new pairs numbered after the highest existing number: all or nothing."""
    bad = [row for row in rows if row.problems]
    if bad:
        raise Refused(
            _("Line %(line)d: %(problem)s") % {"line": bad[0].line, "problem": bad[0].problems[0]}
        )
    if tournament.turn_set.exists():
        raise Refused(_("Pairs cannot be added once turn 1 is seated (Art. 33)."))
    taken = dict(
        tournament.players.exclude(membership_number="").values_list("membership_number", "name")
    )
    for row in rows:
        for number in (row.membership1, row.membership2):
            if number and number in taken:
                raise Refused(
                    _("Line %(line)d: membership number %(num)s already belongs to %(name)s.")
                    % {"line": row.line, "num": number, "name": taken[number]}
                )
    created = []
    with transaction.atomic():
        top = tournament.pairs.order_by("-number").values_list("number", flat=True).first() or 0
        for offset, row in enumerate(rows, start=1):
            p1 = Player.objects.create(
                tournament=tournament,
                name=row.player1,
                membership_number=row.membership1,
                club=row.club,
            )
            p2 = Player.objects.create(
                tournament=tournament,
                name=row.player2,
                membership_number=row.membership2,
                club=row.club,
            )
            created.append(
                Pair.objects.create(
                    tournament=tournament, number=top + offset, player1=p1, player2=p2
                )
            )
    return created


# --- seating -------------------------------------------------------------------------------


@dataclass
class SeatingOutcome:
    turn: Turn
    tables: list[Table]
    byes: list[Bye]
    repeats: list[tuple[int, int]]


def first_seating_order(tournament: Tournament, numbers: list[int]) -> list[int]:
    """Turn 1's order (Art. 2): registration order, or a draw reproducible from the seed."""
    order = sorted(numbers)
    if tournament.first_seating == Tournament.FirstSeating.DRAW:
        random.Random(tournament.seed).shuffle(order)
    return order


def next_turn_number(tournament: Tournament) -> int:
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def check_can_seat(tournament: Tournament) -> int:
    number = next_turn_number(tournament)
    if number > tournament.turns:
        raise Refused(_("All %(n)d planned turns are already seated.") % {"n": tournament.turns})
    if number > 1:
        missing = list(
            Table.objects.filter(
                turn__tournament=tournament, turn__number=number - 1, ns_points__isnull=True
            ).values_list("number", flat=True)
        )
        if missing:
            raise Refused(
                _("Turn %(turn)d still lacks the results of tables %(tables)s.")
                % {"turn": number - 1, "tables": ", ".join(map(str, missing))}
            )
    if tournament.pairs.count() < 2:
        raise Refused(_("At least two pairs are needed to seat a turn."))
    return number


def seat_next_turn(tournament: Tournament) -> SeatingOutcome:
    """Seat the next turn by the plan; one seating even if two requests race."""
    with transaction.atomic():
        # Lock the tournament row: a second request waits, then sees the new turn.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number = check_can_seat(tournament)
        movement = tournament.plan[number - 1]
        pairs = {p.number: p for p in tournament.pairs.all()}
        if movement == "mitchell":
            order, matches, byes, repeats = _mitchell(tournament, number, sorted(pairs))
        else:
            order, matches, byes, repeats = _danish(tournament, number, movement, sorted(pairs))
        try:
            turn = Turn.objects.create(
                tournament=tournament,
                number=number,
                movement=movement,
                order=order,
                repeats=[list(r) for r in repeats],
            )
        except IntegrityError:
            raise Refused(_("Turn %(turn)d was seated meanwhile.") % {"turn": number}) from None
        tables = Table.objects.bulk_create(
            Table(turn=turn, number=t, ns=pairs[ns], ew=pairs[ew]) for t, ns, ew in matches
        )
        score = bye_score(tournament)
        bye_rows = Bye.objects.bulk_create(
            Bye(turn=turn, pair=pairs[p], table_number=t, vp=score.vp, mp=score.mp) for t, p in byes
        )
        if tournament.status == Tournament.Status.REGISTRATION:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return SeatingOutcome(turn, list(tables), list(bye_rows), repeats)


def _ranking(tournament: Tournament, number: int, numbers: list[int]) -> list[int]:
    """The order a movement starts from: the first seating order before any result,
    the standings after the previous turn otherwise."""
    if number == 1:
        return first_seating_order(tournament, numbers)
    from scoring.adapter import standings

    return [row.pair for row in standings(tournament, after_turn=number - 1)]


def _mitchell(tournament: Tournament, number: int, numbers: list[int]):
    start = next(a for a, b in mitchell.blocks(tournament.plan) if a <= number <= b)
    if start == number:
        order = _ranking(tournament, number, numbers)
    else:
        order = Turn.objects.get(tournament=tournament, number=start).order
    try:
        seating = mitchell.seat_mitchell(order, number - start, tournament.mitchell_step)
    except mitchell.MovementError as exc:
        raise Refused(str(exc)) from None
    return order, list(seating.tables), list(seating.byes), []


def _danish(tournament: Tournament, number: int, movement: str, numbers: list[int]):
    from tournaments.movements import danish

    ranking = _ranking(tournament, number, numbers)
    history = meetings_by_turn(tournament)
    avoid = danish.meetings_to_avoid(history, modified=movement == "danish-modified")
    byes_taken: dict[int, int] = {}
    for pair_number in Bye.objects.filter(turn__tournament=tournament).values_list(
        "pair__number", flat=True
    ):
        byes_taken[pair_number] = byes_taken.get(pair_number, 0) + 1
    seating = danish.seat_danish(ranking, avoid, byes_taken)
    matches = [(i, ns, ew) for i, (ns, ew) in enumerate(seating.tables, start=1)]
    byes = [] if seating.bye is None else [(None, seating.bye)]
    return ranking, matches, byes, list(seating.repeats)


def meetings_by_turn(tournament: Tournament) -> list[list[tuple[int, int]]]:
    """Who met whom, turn by turn (byes excluded)."""
    history: dict[int, list[tuple[int, int]]] = {}
    for turn, ns, ew in (
        Table.objects.filter(turn__tournament=tournament)
        .values_list("turn__number", "ns__number", "ew__number")
        .order_by("turn__number", "number")
    ):
        history.setdefault(turn, []).append((ns, ew))
    return [history.get(n, []) for n in range(1, max(history, default=0) + 1)]


def pair_by_number(tournament: Tournament, number: int) -> Pair:
    try:
        return tournament.pairs.get(number=number)
    except Pair.DoesNotExist:
        raise Refused(_("Pair %(n)d does not exist in this tournament.") % {"n": number}) from None


def turn_by_number(tournament: Tournament, number: int) -> Turn:
    try:
        return tournament.turn_set.get(number=number)
    except Turn.DoesNotExist:
        raise Refused(_("Turn %(n)d is not seated.") % {"n": number}) from None


def tournament_by_slug(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise Refused(_("Unknown tournament %(slug)s.") % {"slug": slug}) from None


def create_tournament(
    *,
    slug: str,
    name: str,
    date,
    turns: int | None = None,
    deals: int = 3,
    plan: str | None = None,
    vp_scale: str = vp_rules.DEFAULT_SCALE,
    first_seating: str = Tournament.FirstSeating.REGISTRATION,
    seed: int | None = None,
    **settings,
) -> Tournament:
    """Create a tournament with the Codice di Gara's defaults for what is not given."""
    from django.core.exceptions import ValidationError

    if deals not in (2, 3, 4):
        raise Refused(_("A turn has 2, 3 or 4 deals, not %(n)s.") % {"n": deals})
    words = parse_plan(plan) if plan else ["mitchell"] * (turns or 0)
    if turns is None:
        if not words:
            raise Refused(_("Give the number of turns or a plan."))
        turns = len(words)
    if not 1 <= turns <= 30:
        raise Refused(_("A tournament has between 1 and 30 turns, not %(n)d.") % {"n": turns})
    if len(words) != turns:
        raise Refused(
            _("The plan has %(plan)d turns but --turns says %(turns)d.")
            % {"plan": len(words), "turns": turns}
        )
    resolve_scale(vp_scale)
    if first_seating not in Tournament.FirstSeating.values:
        raise Refused(
            _("The first seating is by registration or draw, not %(v)s.") % {"v": first_seating}
        )
    if first_seating == Tournament.FirstSeating.DRAW and seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)  # recorded, so the draw can be replayed
    if Tournament.objects.filter(slug=slug).exists():
        raise Refused(_("A tournament with slug %(slug)s already exists.") % {"slug": slug})
    settings.setdefault("minutes_per_turn", vp_rules.default_minutes(deals))
    settings.setdefault("bye_percentage", vp_rules.default_bye_percentage(deals))
    tournament = Tournament(
        slug=slug,
        name=name,
        date=date,
        turns=turns,
        deals=deals,
        plan=words,
        vp_scale=vp_scale,
        first_seating=first_seating,
        seed=seed,
        **settings,
    )
    try:
        tournament.full_clean()
    except ValidationError as exc:
        field, errors = next(iter(exc.message_dict.items()))
        raise Refused(f"{field}: {errors[0]}") from None
    tournament.save()
    return tournament

"""Setting a tournament up: its settings with the Codice di Gara's defaults, and its pairs."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import vp as vp_rules
from tournaments.adapter import resolve_scale
from tournaments.errors import Refused
from tournaments.imports import PairRow
from tournaments.models import MOVEMENT_WORDS, Pair, Player, Tournament


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

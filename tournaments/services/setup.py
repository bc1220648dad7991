"""Setting a tournament up: its settings with the Codice di Gara's defaults, and its pairs."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Refused, rule_refusal
from tournaments.kinds import all_settings, kind_of
from tournaments.models import (
    MOVEMENT_WORDS,
    MOVEMENTS,
    Pair,
    Player,
    Tournament,
    audit,
    new_pin,
)
from tournaments.movements import groups as groups_rules
from tournaments.rules import vp as vp_rules
from tournaments.rules.messages import RuleError
from tournaments.rules.text import clean_code, clean_text
from tournaments.services.imports import PairRow
from tournaments.services.scales import resolve_scale


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
    try:
        groups_rules.check_plan(plan)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    return plan


def create_tournament(
    *,
    slug: str,
    name: str,
    date,
    turns: int | None = None,
    deals: int = 3,
    plan: str | None = None,
    vp_scale: str | None = None,
    first_seating: str = Tournament.FirstSeating.REGISTRATION,
    game_variant: str = "feburit-2007",
    level: str = Tournament.Level.CIRCOLO,
    seed: int | None = None,
    kind: str = Tournament.Kind.PAIRS,
    **settings,
) -> Tournament:
    """Create a tournament with the Codice di Gara's defaults for what is not given."""
    from django.core.exceptions import ValidationError

    if deals not in (2, 3, 4):
        raise Refused(_("A turn has 2, 3 or 4 deals, not %(n)s.") % {"n": deals})
    check_kind(kind, settings)
    check_kind_settings(kind, settings)
    turns, words = _turns_and_plan(kind, turns, plan)
    vp_scale = _checked_rules(game_variant, level, vp_scale, deals)
    if first_seating not in Tournament.FirstSeating.values:
        raise Refused(
            _("The first seating is by registration, draw, alphabetical or spread, not %(v)s.")
            % {"v": first_seating}
        )
    if first_seating != Tournament.FirstSeating.REGISTRATION and seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)  # recorded, so the draw can be replayed
    if Tournament.objects.filter(slug=slug).exists():
        raise Refused(_("A tournament with slug %(slug)s already exists.") % {"slug": slug})
    settings.setdefault("minutes_per_turn", vp_rules.default_minutes(deals))
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
        game_variant=game_variant,
        level=level,
        kind=kind,
        **settings,
    )
    try:
        tournament.full_clean()
    except ValidationError as exc:
        field, errors = next(iter(exc.message_dict.items()))
        raise Refused(errors[0] if field == "__all__" else f"{field}: {errors[0]}") from None
    tournament.save()
    return tournament


def _turns_and_plan(kind: str, turns: int | None, plan: str | None) -> tuple[int, list[str]]:
    """The number of turns and one movement word per turn: from the plan when given (then
    `turns`, if given too, must agree), else the kind's first movement `turns` times."""
    words = parse_plan(plan) if plan else [kind_of(kind).movements[0]] * (turns or 0)
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
    return turns, words


def _checked_rules(game_variant: str, level: str, vp_scale: str | None, deals: int) -> str:
    """Check the game's rules and the level; return the VP scale (the rules' own by default),
    checked against the number of deals."""
    if game_variant not in vp_rules.RULES_SCALES:
        raise Refused(
            _("Unknown rules %(v)s (known: %(known)s).")
            % {"v": game_variant, "known": ", ".join(vp_rules.RULES_SCALES)}
        )
    if level not in Tournament.Level.values:
        raise Refused(
            _("Unknown level %(v)s (known: %(known)s).")
            % {"v": level, "known": ", ".join(Tournament.Level.values)}
        )
    if vp_scale is None:
        vp_scale = vp_rules.RULES_SCALES[game_variant]
    resolve_scale(vp_scale, deals)
    return vp_scale


def check_kind(kind: str, settings: dict) -> None:
    """The kind of event (Art. 2) and the settings only team events have."""
    if kind not in Tournament.Kind.values:
        raise Refused(
            _("Unknown kind of event %(v)s (known: %(known)s).")
            % {"v": kind, "known": ", ".join(Tournament.Kind.values)}
        )
    scoring = settings.get("team_scoring")
    if scoring is not None and scoring not in Tournament.TeamScoring.values:
        raise Refused(
            _("Unknown team scoring %(v)s (known: %(known)s).")
            % {"v": scoring, "known": ", ".join(Tournament.TeamScoring.values)}
        )
    size = settings.get("team_group_size")
    if not kind_of(kind).plays_matches and (scoring is not None or size is not None):
        raise Refused(_("Team scoring and round-robin groups are for team events only."))
    if size is not None and not 2 <= size <= 40:
        raise Refused(_("A round-robin group has between 2 and 40 teams, not %(n)d.") % {"n": size})


def check_kind_settings(kind: str, settings: dict) -> None:
    """The referee's choices of the kind's `settings` (tournaments/kinds): one another kind
    has, or a value outside the choices, is refused."""
    allowed = kind_of(kind).settings
    for name in all_settings():
        if name not in settings:
            continue
        field = Tournament._meta.get_field(name)
        if name not in allowed:
            raise Refused(
                _("“%(setting)s” is not a setting of %(kind)s events.")
                % {"setting": field.verbose_name, "kind": kind_of(kind).adjective}
            )
        known = [str(code) for code, _label in field.choices or ()]
        if known and settings[name] not in known:
            raise Refused(
                _("Unknown value %(v)s for “%(setting)s” (known: %(known)s).")
                % {"v": settings[name], "setting": field.verbose_name, "known": ", ".join(known)}
            )


def fresh_pin(taken: set[str]) -> str:
    """A PIN no other pair of the tournament has (two pairs at a table never share one)."""
    for _attempt in range(1000):
        pin = new_pin()
        if pin not in taken:
            taken.add(pin)
            return pin
    raise Refused(_("No free PIN is left for a new pair."))


def check_against_tournament(tournament: Tournament, rows: list[PairRow]) -> list[PairRow]:
    """Add to each row the problems it has with the pairs already registered."""
    taken = dict(
        tournament.players.exclude(membership_number="").values_list("membership_number", "name")
    )
    numbers = set(tournament.lines.values_list("number", flat=True))
    for row in rows:
        for number in (row.membership1, row.membership2):
            if number and number in taken:
                row.problems.append(
                    _("Membership number %(num)s already belongs to %(name)s.")
                    % {"num": number, "name": taken[number]}
                )
        if row.number is not None and row.number in numbers:
            row.problems.append(
                _("Pair number %(n)d is already taken in this tournament.") % {"n": row.number}
            )
    return rows


def import_pairs(tournament: Tournament, rows: list[PairRow], user=None) -> list[Pair]:
    """Save the rows as new pairs, all or nothing. A row's own number (a `number` column) is
    kept; the others are numbered in file order after the highest number in use."""
    if kind_of(tournament).plays_matches:  # a team event registers teams (teams_import)
        raise Refused(_("This is a team event: register its teams (teams_import), not pairs."))
    if tournament.turn_set.exists():
        raise Refused(_("Pairs cannot be added once turn 1 is seated (Art. 33)."))
    bad = [row for row in check_against_tournament(tournament, rows) if row.problems]
    if bad:
        raise Refused(
            _("Line %(line)d: %(problem)s") % {"line": bad[0].line, "problem": bad[0].problems[0]}
        )
    created = []
    with transaction.atomic():
        top = tournament.lines.order_by("-number").values_list("number", flat=True).first() or 0
        top = max([top] + [row.number for row in rows if row.number is not None])
        pins = set(tournament.lines.values_list("pin", flat=True))
        for row in rows:
            if row.number is None:
                top += 1
            number = top if row.number is None else row.number
            p1, p2 = (
                Player.objects.create(
                    tournament=tournament,
                    name=getattr(row, f"player{i}"),
                    surname=getattr(row, f"surname{i}"),
                    given_name=getattr(row, f"given{i}"),
                    membership_number=getattr(row, f"membership{i}"),
                    club=row.club_of(i),
                )
                for i in (1, 2)
            )
            created.append(
                Pair.objects.create(
                    tournament=tournament,
                    number=number,
                    player1=p1,
                    player2=p2,
                    province=row.province,
                    region=row.region,
                    pin=fresh_pin(pins),
                )
            )
        audit(
            tournament,
            "import",
            user=user,
            target=f"{len(created)} pairs",
            new=[_pair_record(p) for p in created],
        )
    return created


def plan_summary(plan: list[str]) -> str:
    """["mitchell"]*4 + ["danish"]*3 -> "Mitchell turns 1–4, Danish (pure) turns 5–7"."""
    labels = dict(MOVEMENTS)
    parts, start = [], 1
    for number in range(1, len(plan) + 1):
        if number == len(plan) or plan[number] != plan[number - 1]:
            word = plan[number - 1]
            if start == number:
                span = _("turn %(n)d") % {"n": number}
            else:
                span = _("turns %(a)d–%(b)d") % {"a": start, "b": number}
            parts.append(f"{labels[word]} {span}")
            start = number + 1
    return ", ".join(parts)


def plan_text(plan: list[str]) -> str:
    """The inverse of parse_plan: ["mitchell"]*4 + ["danish"]*3 -> "mitchell:4,danish:3"."""
    parts: list[list] = []
    for word in plan:
        if parts and parts[-1][0] == word:
            parts[-1][1] += 1
        else:
            parts.append([word, 1])
    return ",".join(f"{w}:{n}" for w, n in parts)


def _pair_record(pair: Pair) -> dict:
    record = {
        "number": pair.number,
        "players": [[p.name, p.membership_number, p.club] for p in (pair.player1, pair.player2)],
    }
    if pair.province or pair.region:
        record["province"], record["region"] = pair.province, pair.region
    return record


def save_pair(
    tournament: Tournament,
    data: dict,
    pair: Pair | None = None,
    *,
    late: bool = False,
    user=None,
) -> Pair:
    """Add a pair, or correct one. Numbers change only before turn 1; names any time.
    `late`: a pair arriving during turn 1, placed by `scoring.services.decisions.seat_late_pair`."""
    number = _pair_number(tournament, data.get("number"), pair, late)
    data = _checked_memberships(tournament, data, pair)
    old = _pair_record(pair) if pair is not None else None
    with transaction.atomic():
        if pair is None:
            p1 = Player(tournament=tournament)
            p2 = Player(tournament=tournament)
        else:
            p1, p2 = pair.player1, pair.player2
        _save_player(p1, data, "1")
        _save_player(p2, data, "2")
        if pair is None:
            pair = Pair(
                tournament=tournament,
                player1=p1,
                player2=p2,
                pin=fresh_pin(set(tournament.lines.values_list("pin", flat=True))),
            )
        pair.number = number
        for key in ("province", "region"):
            if key in data:
                setattr(pair, key, clean_text(data[key]))
        pair.save()
        audit(
            tournament,
            "pair-late" if late else ("pair-add" if old is None else "pair-edit"),
            user=user,
            target=f"pair {pair.number}",
            old=old,
            new=_pair_record(pair),
        )
    return pair


def _pair_number(tournament: Tournament, number: int | None, pair: Pair | None, late: bool) -> int:
    """The number the pair will have: the one asked, else its own, else the next free one.
    Refused once turn 1 is seated (a new pair, unless late; a new number) or when taken."""
    seated = tournament.turn_set.exists()
    if pair is None and seated and not late:
        raise Refused(_("Pairs cannot be added once turn 1 is seated (Art. 33)."))
    if pair is not None and seated and number not in (None, pair.number):
        raise Refused(_("Pair numbers cannot change once turn 1 is seated."))
    others = tournament.lines.exclude(pk=getattr(pair, "pk", None))
    if number is None:
        number = (
            pair.number
            if pair
            else (others.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        )
    if others.filter(number=number).exists():
        raise Refused(_("Pair number %(n)d is already taken.") % {"n": number})
    return number


def _checked_memberships(tournament: Tournament, data: dict, pair: Pair | None) -> dict:
    """`data` with its membership numbers cleaned; refused when one belongs to another player
    of the tournament or both players have the same."""
    mine = [pair.player1_id, pair.player2_id] if pair else []
    data = {
        **data,
        "membership1": clean_code(data.get("membership1", "")),
        "membership2": clean_code(data.get("membership2", "")),
    }
    for key in ("membership1", "membership2"):
        value = data.get(key, "")
        if (
            value
            and tournament.players.exclude(pk__in=mine).filter(membership_number=value).exists()
        ):
            raise Refused(
                _("Membership number %(num)s already belongs to another player.") % {"num": value}
            )
    if data.get("membership1") and data.get("membership1") == data.get("membership2"):
        raise Refused(_("The two players have the same membership number."))
    return data


def _save_player(player: Player, data: dict, i: str) -> None:
    """Player `i` ("1" or "2") of the pair from `data`: name (or surname and given name),
    membership number, club (the player's own, else the pair's)."""
    name = clean_text(data.get(f"player{i}", ""))
    if f"surname{i}" in data:
        player.surname = clean_text(data[f"surname{i}"])
        player.given_name = clean_text(data.get(f"given{i}", ""))
    elif name != player.name:  # a new name: its surname is not known apart
        player.surname = player.given_name = ""
    whole = f"{player.surname} {player.given_name}".strip()
    player.name = whole or name
    player.membership_number = clean_code(data.get(f"membership{i}", ""))
    player.club = clean_text(data.get(f"club{i}") or data.get("club", ""))
    player.save()


def delete_pair(tournament: Tournament, pair: Pair, user=None) -> None:
    if tournament.turn_set.exists():
        raise Refused(_("A pair cannot be removed once turn 1 is seated: withdraw it instead."))
    with transaction.atomic():
        players = [pair.player1, pair.player2]
        audit(
            tournament,
            "pair-delete",
            user=user,
            target=f"pair {pair.number}",
            old=_pair_record(pair),
        )
        pair.delete()
        for player in players:
            player.delete()

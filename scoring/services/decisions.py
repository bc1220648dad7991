"""The referee's rulings applied to the models: penalties, warnings, adjusted scores,
withdrawals and late arrivals, each written to the referee's log (registro arbitrale).

Part of the scoring adapter: the effects themselves are computed by the pure
`scoring.rules.rulings`; this module reads and writes the models around them.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.models import Penalty, ResultChange, Ruling
from scoring.rules import display, rulings
from scoring.services.logtext import write_log
from scoring.services.results import MAX_POINTS, after_results, check_points, overrule_reports
from scoring.services.versions import refuse_new_penalties, refuse_table_changed
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.kinds.individual.registration import owner_fields, penalised, who
from tournaments.models import Pair, Player, Table, Tournament, Turn, audit
from tournaments.rules import vp as vp_rules
from tournaments.services.lookup import turn_by_number
from tournaments.services.scales import bye_score, resolve_scale
from tournaments.services.setup import save_pair

TABLE_EFFECTS = {
    Ruling.Effect.LATE_AWARDED,
    Ruling.Effect.ABANDONMENT,
    Ruling.Effect.ABANDONMENT_JUSTIFIED,
}


def catalogue(tournament: Tournament):
    """The active rulings a tournament may use: the federation's and its own."""
    return Ruling.objects.for_tournament(tournament).filter(active=True)


def ruling_by_code(tournament: Tournament, code: str) -> Ruling:
    """A ruling of the tournament's catalogue by its code (its own entry first)."""
    found = sorted(
        catalogue(tournament).filter(code=str(code)[:40]),
        key=lambda r: r.tournament_id is None,
    )
    if not found:
        known = ", ".join(catalogue(tournament).order_by("code").values_list("code", flat=True))
        raise Refused(
            _("Unknown ruling %(code)s (known: %(known)s).")
            % {"code": str(code)[:40], "known": known}
        )
    return found[0]


def add_ruling(tournament: Tournament, data: dict, user=None) -> Ruling:
    """A referee's own entry of the catalogue: it belongs to this tournament only."""
    code = data["code"]
    if Ruling.objects.for_tournament(tournament).filter(code=code).exists():
        raise Refused(_("The catalogue already has a ruling %(code)s.") % {"code": code})
    ruling = Ruling.objects.create(tournament=tournament, **data)
    audit(tournament, "ruling-add", user=user, target=f"ruling {code}", new=data)
    return ruling


def clean_reason(reason: str | None, required: bool = True) -> str:
    """A ruling's reason on one line, at most 500 characters; refused when required and empty."""
    reason = " ".join((reason or "").split())[:500]
    if required and not reason:
        raise Refused(_("A ruling needs a reason."))
    return reason


def penalty_turn(tournament: Tournament, turn_number: int | None) -> Turn:
    """The turn a penalty belongs to: the one named, else the last seated."""
    if turn_number is None:
        turn = tournament.turn_set.order_by("-number").first()
        if turn is None:
            raise Refused(_("No turn is seated yet: a penalty belongs to a turn."))
        return turn
    return turn_by_number(tournament, turn_number)


TWICE_WINDOW = datetime.timedelta(seconds=30)


def refuse_twice(tournament: Tournament, **decision) -> None:
    """A desk form sent twice (a double click, a retry on a slow network) records one penalty: the
    same decision on the same player, pair or team within 30 seconds is refused. The
    tournament's row is locked first, so two copies arriving together are seen in turn."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    since = timezone.now() - TWICE_WINDOW
    if Penalty.objects.filter(tournament=tournament, created_at__gte=since, **decision).exists():
        raise Refused(
            _(
                "This decision was recorded a moment ago (the form was sent twice): it is "
                "not recorded again. See the rulings page."
            )
        )


def add_penalty(
    tournament: Tournament,
    entrant: Pair | Player,
    *,
    vp: int | None = None,
    mp: int | None = None,
    turn_number: int | None = None,
    reason: str,
    ruling: str | None = None,
    table_number: int | None = None,
    user=None,
    once: bool = False,
    version: int | None = None,
) -> Penalty | None:
    """A penalty or warning for an entrant in the general ranking (Art. 23): never a gift to the
    opponents. With a ruling, its defaults fill the VP/MP not given; a warning that is the
    entrant's second (fourth, ...) brings an automatic 1 VP penalty. A ruling with the "note"
    effect (Art. 4: the hand started early is cancelled) is only written to the log: None.
    `version`: the penalties' version the form was read at (`scoring.services.versions`)."""
    rule = ruling_by_code(tournament, ruling) if ruling else None
    if rule is not None and rule.effect in TABLE_EFFECTS:
        raise Refused(
            _("Ruling %(code)s sets a table's score: use score_adjust or the table's page.")
            % {"code": rule.code}
        )
    reason = clean_reason(reason)
    _refuse_note_amounts(rule, vp, mp)
    if rule is not None and rule.effect == Ruling.Effect.NOTE:
        turn = penalty_turn(tournament, turn_number)
        write_log(
            tournament,
            user=user,
            turn=turn.number,
            table=table_number,
            pairs=[entrant.number],
            ruling=rule,
            event="note",
            params={"reason": reason, "title": rule.title},
        )
        return None
    # A warning's ruling with VP or MP typed is a penalty of those (the referee's choice).
    warning = rule is not None and rule.effect == Ruling.Effect.WARNING and not (vp or mp)
    vp = (rule.vp if rule else 0) if vp is None else vp
    mp = (rule.mp if rule else 0) if mp is None else mp
    check_penalty_amounts(tournament, vp, mp, warning)
    turn = penalty_turn(tournament, turn_number)
    kind = Penalty.Kind.WARNING if warning else Penalty.Kind.PENALTY
    decision = {
        **owner_fields(entrant),  # a Player in individual events
        "turn": turn,
        "vp": 0 if warning else vp,
        "mp": 0 if warning else mp,
        "reason": reason,
        "kind": kind,
        "ruling": rule,
        "table_number": table_number,
    }
    with transaction.atomic():
        once and refuse_twice(tournament, **decision)
        refuse_new_penalties(tournament, owner_fields(entrant), entrant.number, version)
        penalty = Penalty.objects.create(tournament=tournament, **decision, created_by=user)
        write_log(
            tournament,
            user=user,
            turn=turn.number,
            table=table_number,
            pairs=[entrant.number],
            ruling=rule,
            code="penalty",
            event="penalty",
            params={
                "reason": reason,
                "vp": decision["vp"],
                "mp": decision["mp"],
                "warning": warning,
            },
        )
        if warning:
            _warnings_cost(tournament, entrant, turn, user)
    return penalty


def penalty_command(tournament: Tournament, opts: dict) -> str:
    """`penalty_add` on a pairs or individual event (a pair, or a player alone: Art. 23);
    its one-line answer (English, as the contract's)."""
    owner = penalised(tournament, opts.get("pair"), opts.get("player"))
    p = add_penalty(
        tournament,
        owner,
        vp=opts.get("vp"),
        mp=opts.get("mp"),
        turn_number=opts.get("turn"),
        reason=opts["reason"],
        ruling=opts.get("ruling"),
        table_number=opts.get("table"),
    )
    if p is None:
        return f"{who(owner)}: ruling {opts.get('ruling')} logged, no sanction"
    what = "warning" if p.kind == "warning" else f"-{p.vp} VP -{p.mp} MP"
    return f"{who(owner)}: {what} from turn {p.turn.number} ({p.reason})"


def _refuse_note_amounts(rule, vp, mp) -> None:
    """Amounts typed with a ruling that is only written to the log: refused, never dropped."""
    if rule is not None and rule.effect == Ruling.Effect.NOTE and (vp or mp):
        raise Refused(
            _(
                "Ruling %(code)s is only written to the log, it takes nothing away: leave the "
                "VP and MP empty, or choose a penalty."
            )
            % {"code": rule.code}
        )


def check_penalty_amounts(tournament: Tournament, vp: int, mp: int, warning: bool) -> None:
    if vp < 0 or mp < 0:
        raise Refused(_("Give the VP and MP to take away as positive numbers."))
    if not warning and not vp and not mp:
        raise Refused(_("A penalty takes away some VP or some MP."))
    if vp > vp_rules.TOTAL_VP * tournament.turns:
        raise Refused(_("%(vp)d VP is more than the whole tournament is worth.") % {"vp": vp})
    if mp > MAX_POINTS:
        raise Refused(_("%(mp)d MP is not a plausible penalty.") % {"mp": mp})


def _warnings_cost(tournament: Tournament, entrant: Pair | Player, turn: Turn, user) -> None:
    warnings = Penalty.objects.filter(
        tournament=tournament, **owner_fields(entrant), kind=Penalty.Kind.WARNING
    ).count()
    given = Penalty.objects.filter(
        tournament=tournament, **owner_fields(entrant), automatic=True
    ).count()
    for _n in range(rulings.warning_penalties(warnings) - given):
        with translation.override(settings.LANGUAGE_CODE):  # the tournament's language
            reason = _("Two warnings: 1 VP in the general ranking (Art. 23)")
        Penalty.objects.create(
            tournament=tournament,
            **owner_fields(entrant),
            turn=turn,
            vp=1,
            mp=0,
            reason=reason,
            automatic=True,
            created_by=user,
        )
        write_log(
            tournament,
            user=user,
            turn=turn.number,
            pairs=[entrant.number],
            code="warnings",
            article="Art. 23",
            event="warnings",
            params={},
        )


def table_of(
    tournament: Tournament, turn_number: int, table_number: int, *, lock: bool = True
) -> Table:
    """A match of a turn (locked for the change to come unless `lock` is off)."""
    turn = turn_by_number(tournament, turn_number)
    tables = Table.objects.select_for_update() if lock else Table.objects
    table = tables.select_related("ns", "ew", "turn").filter(turn=turn, number=table_number).first()
    if table is None:
        raise Refused(
            _("Table %(t)d is not a match of turn %(turn)d.")
            % {"t": table_number, "turn": turn_number}
        )
    return table


def adjust_score(
    tournament: Tournament,
    turn_number: int,
    table_number: int,
    *,
    ns_vp: int,
    ew_vp: int,
    ns_mp: int | None = None,
    ew_mp: int | None = None,
    reason: str,
    user=None,
    ruling: Ruling | None = None,
    version: int | None = None,
) -> Table:
    """An arbitral score (Art. 15, 32): VP and MP of each line set by the referee.

    The MP default to the lowest difference that earns the VP on the scale (and its opposite);
    the two lines' VP need not add up to 20. The points entered, if any, stay on record.
    `version`: the table's version the form was read at (`scoring.services.versions`).
    """
    reason = clean_reason(reason)
    for vp in (ns_vp, ew_vp):
        if not 0 <= vp <= vp_rules.TOTAL_VP:
            raise Refused(_("VP go from 0 to 20, not %(vp)d.") % {"vp": vp})
    scale = resolve_scale(tournament.vp_scale, tournament.deals)
    if ns_mp is None or ew_mp is None:
        if ns_mp is not None or ew_mp is not None:
            raise Refused(_("Give the MP of both lines, or neither."))
        diff = scale.min_difference_for(max(ns_vp, ew_vp)) if ns_vp != ew_vp else 0
        ns_mp, ew_mp = (diff, -diff) if ns_vp >= ew_vp else (-diff, diff)
    for value, line in ((ns_mp, _("N-S")), (ew_mp, _("E-W"))):
        check_points(value, line)
    with transaction.atomic():
        table = table_of(tournament, turn_number, table_number)
        refuse_table_changed(table, version)
        ResultChange.objects.create(
            table=table,
            by=user,
            source="adjusted",
            reason=_("%(reason)s [VP %(vp)s, MP %(mp)s]")
            % {
                "reason": reason,
                "vp": display.score(ns_vp, ew_vp),
                "mp": f"{display.signed(ns_mp)}/{display.signed(ew_mp)}",
            },
            old_ns_points=table.ns_points,
            old_ew_points=table.ew_points,
            new_ns_points=table.ns_points,
            new_ew_points=table.ew_points,
            old_ns_vp=table.ns_vp,
            old_ew_vp=table.ew_vp,
            new_ns_vp=ns_vp,
            new_ew_vp=ew_vp,
        )
        table.ns_vp, table.ew_vp, table.ns_mp, table.ew_mp = ns_vp, ew_vp, ns_mp, ew_mp
        table.adjusted = True
        table.entered_by, table.entered_at = user, timezone.now()
        table.version += 1
        table.save()
        overrule_reports([table])
        after_results(tournament, table.turn)
        write_log(
            tournament,
            user=user,
            turn=turn_number,
            table=table_number,
            pairs=[table.ns.number, table.ew.number],
            ruling=ruling,
            code="adjusted",
            article="Art. 15",
            event="adjusted",
            params={
                "reason": reason,
                "ns_vp": ns_vp,
                "ns_mp": ns_mp,
                "ew_vp": ew_vp,
                "ew_mp": ew_mp,
            },
        )
    return table


def table_ruling(
    tournament: Tournament,
    turn_number: int,
    table_number: int,
    guilty: int,
    code: str,
    *,
    reason: str,
    user=None,
    version: int | None = None,
) -> Table:
    """Apply a ruling that sets a table's score (late arrival beyond 10', abandonment) against
    the line of the guilty entrant `guilty` (a pair; a player in an individual event: the kind
    finds his line, `guilty_line`), from the points played when they were entered."""
    rule = ruling_by_code(tournament, code)
    if rule.effect not in TABLE_EFFECTS:
        raise Refused(_("Ruling %(code)s does not set a table's score.") % {"code": code})
    table = table_of(tournament, turn_number, table_number, lock=False)
    line = kind_of(tournament).guilty_line(tournament, turn_number, table_number, guilty)
    scale = resolve_scale(tournament.vp_scale, tournament.deals)
    ns_guilty = line.pk == table.ns_id
    pts = (table.ns_points, table.ew_points) if not table.adjusted else (None, None)
    innocent_pts = pts if not ns_guilty else pts[::-1]
    innocent_played = rulings.played(scale, *innocent_pts)
    guilty_played = rulings.played(scale, *innocent_pts[::-1])
    if rule.effect == Ruling.Effect.LATE_AWARDED:
        innocent, culprit = rulings.late_beyond_10(
            bye_score(tournament), innocent_played, guilty_played
        )
    else:
        justified = rule.effect == Ruling.Effect.ABANDONMENT_JUSTIFIED
        innocent, culprit = rulings.abandonment(
            scale, innocent_played, justified, bye_score(tournament)
        )
    ns, ew = (culprit, innocent) if ns_guilty else (innocent, culprit)
    return adjust_score(
        tournament,
        turn_number,
        table_number,
        ns_vp=ns.vp,
        ew_vp=ew.vp,
        ns_mp=ns.mp,
        ew_mp=ew.mp,
        reason=f"{rule.title}: {reason}".strip(),
        user=user,
        ruling=rule,
        version=version,
    )


def pair_at_table(tournament: Tournament, turn_number: int, table_number: int, number: int):
    """The pair `number` at a table of a turn (refused when it does not play there)."""
    table = table_of(tournament, turn_number, table_number, lock=False)
    for line in (table.ns, table.ew):
        if line.number == number:
            return line
    raise Refused(_("Pair %(p)d does not play at table %(t)d.") % {"p": number, "t": table_number})


def withdraw_pair(tournament: Tournament, pair: Pair, *, reason: str, user=None) -> int:
    """The pair leaves (Art. 32, 33): absent from the next turn to be seated on."""
    return withdraw_entrant(tournament, pair, reason=reason, user=user)


def withdraw_entrant(tournament: Tournament, entrant, *, reason: str, user=None) -> int:
    """An entrant leaves (Art. 32, 33): a pair, a player or a team, any row with
    `withdrawn_after_turn`. Absent from the next turn to be seated on; its results so far stay,
    and the seating leaves it out (its opponents meet others, or rest with the bye score).
    Returns the last turn it plays."""
    kind = kind_of(tournament)
    reason = clean_reason(reason)
    if entrant.withdrawn_after_turn is not None:
        raise Refused(
            kind.withdrawn_twice % {"n": entrant.number, "t": entrant.withdrawn_after_turn}
        )
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first() or 0
    if last >= tournament.turns:
        raise Refused(_("Every turn is already seated: there is nothing to withdraw from."))
    with transaction.atomic():
        entrant.withdrawn_after_turn = last
        fields = ["withdrawn_after_turn"]
        if hasattr(entrant, "withdrawal_reason"):  # a player keeps his in the log only
            entrant.withdrawal_reason = reason
            fields.append("withdrawal_reason")
        entrant.save(update_fields=fields)
        audit(
            tournament,
            "withdraw",
            user=user,
            target=f"{kind.entrant_key} {entrant.number}",
            reason=reason,
        )
        write_log(
            tournament,
            user=user,
            turn=last or None,
            pairs=[entrant.number],
            code="withdrawal",
            article="Art. 32",
            event="withdrawal",
            params={"reason": reason, "from_turn": last + 1},
        )
    return last


def seat_late_pair(tournament: Tournament, data: dict, *, user=None) -> Table:
    """Art. 33: during turn 1 a late pair may complete the incomplete table, meeting the pair
    that would have rested. It joins the movement as the missing pair."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turns = list(tournament.turn_set.all())
        if len(turns) != 1:
            raise Refused(_("A late pair can join only while turn 1 is being played (Art. 33)."))
        turn = turns[0]
        bye = turn.byes.select_related("pair").first()
        if bye is None:
            raise Refused(_("Turn 1 has no incomplete table: the late pair cannot play (Art. 33)."))
        pair = save_pair(tournament, data, late=True, user=user)
        number = bye.table_number or (
            max(turn.tables.values_list("number", flat=True), default=0) + 1
        )
        table = Table.objects.create(turn=turn, number=number, ns=bye.pair, ew=pair)
        resting = bye.pair.number
        bye.delete()
        turn.order = list(turn.order) + [pair.number]
        turn.save(update_fields=["order"])
        write_log(
            tournament,
            user=user,
            turn=1,
            table=number,
            pairs=[resting, pair.number],
            code="late-pair",
            article="Art. 33",
            event="late-pair",
            params={"pair": pair.number, "table": number, "resting": resting},
        )
    return table

"""The one place where scoring models meet the VP and standings rules.

Score entry, penalties and the standings: views and commands call these
functions, which validate everything before writing and write atomically.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import standings as rules
from scoring import vp as vp_rules
from scoring.models import Penalty, ResultChange
from tournaments.adapter import resolve_scale, turn_by_number
from tournaments.errors import NeedsReason, Refused
from tournaments.models import Bye, Table, Tournament, touch

MAX_POINTS = 50_000  # far beyond any real line total; keeps typing slips out


@dataclass(frozen=True)
class Entry:
    table: int
    ns: int
    ew: int
    deals: tuple = ()  # the score sheet deal by deal (see deals_record), when entered so


def check_points(value: object, line: str) -> int:
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text)
        except ValueError:
            raise Refused(
                _("%(line)s: %(value)s is not a whole number of points.")
                % {"line": line, "value": text or '""'}
            ) from None
    try:
        points = vp_rules.check_points(value)
    except vp_rules.ScaleError:
        raise Refused(
            _("%(line)s: %(value)s is not a multiple of 5.") % {"line": line, "value": value}
        ) from None
    if abs(points) > MAX_POINTS:
        raise Refused(
            _("%(line)s: %(value)s points is not a plausible total.")
            % {"line": line, "value": points}
        )
    return points


def record_scores(
    tournament: Tournament,
    turn_number: int,
    entries: Sequence[Entry],
    *,
    user=None,
    reason: str = "",
    source: str = "referee",
    reason_for_corrections: bool = False,
    expected_versions: dict[int, int] | None = None,
) -> list[Table]:
    """Record the line totals of some tables of a turn: all of them or none.

    Each table gets its VP from the tournament's scale; a table that already had
    a result keeps the old values in its history with the reason given. With
    `reason_for_corrections` a correction without a reason is refused (the
    referee's desk); `expected_versions` (table -> version seen) refuses a change
    to a table that someone else changed meanwhile.
    """
    if not entries:
        raise Refused(_("No result to record."))
    turn = turn_by_number(tournament, turn_number)
    scale = resolve_scale(tournament.vp_scale)
    seen: set[int] = set()
    for e in entries:
        if e.table in seen:
            raise Refused(_("Table %(t)d appears twice.") % {"t": e.table})
        seen.add(e.table)
        check_points(e.ns, _("N-S"))
        check_points(e.ew, _("E-W"))
    with transaction.atomic():
        tables = {
            t.number: t
            for t in Table.objects.select_for_update().filter(turn=turn, number__in=seen)
        }
        for e in entries:
            if e.table not in tables:
                raise Refused(
                    _("Table %(t)d is not a match of turn %(turn)d.")
                    % {"t": e.table, "turn": turn_number}
                )
            _check_change(tables[e.table], reason, reason_for_corrections, expected_versions)
        now = timezone.now()
        changes = []
        for e in entries:
            table = tables[e.table]
            new_vp = scale.split(e.ns, e.ew)
            changes.append(
                ResultChange(
                    table=table,
                    by=user,
                    source=source,
                    reason=reason,
                    old_ns_points=table.ns_points,
                    old_ew_points=table.ew_points,
                    new_ns_points=e.ns,
                    new_ew_points=e.ew,
                    old_ns_vp=table.ns_vp,
                    old_ew_vp=table.ew_vp,
                    new_ns_vp=new_vp[0],
                    new_ew_vp=new_vp[1],
                )
            )
            table.deals = list(e.deals)
            table.ns_points, table.ew_points = e.ns, e.ew
            table.ns_vp, table.ew_vp = scale.split(e.ns, e.ew)
            table.adjusted, table.ns_mp, table.ew_mp = False, None, None
            table.entered_by, table.entered_at = user, now
            table.version += 1
        Table.objects.bulk_update(
            tables.values(),
            [
                "ns_points",
                "ew_points",
                "ns_vp",
                "ew_vp",
                "adjusted",
                "ns_mp",
                "ew_mp",
                "deals",
                "entered_by",
                "entered_at",
                "version",
            ],
        )
        ResultChange.objects.bulk_create(changes)
        after_results(tournament, turn)
    return [tables[e.table] for e in entries]


def _check_change(table: Table, reason: str, need_reason: bool, versions: dict | None) -> None:
    seen_version = (versions or {}).get(table.number)
    if seen_version is not None and seen_version != table.version:
        raise Refused(
            _(
                "Table %(t)d was changed meanwhile: it now reads %(ns)s–%(ew)s. "
                "Check it and save again."
            )
            % {"t": table.number, "ns": table.ns_points, "ew": table.ew_points}
        )
    if need_reason and table.has_result and not reason.strip():
        raise NeedsReason(
            _(
                "Table %(t)d already has a result (%(ns)d–%(ew)d): give the reason for the "
                "correction."
            )
            % {"t": table.number, "ns": table.ns_points, "ew": table.ew_points}
        )


def after_results(tournament: Tournament, turn) -> None:
    """Bookkeeping after any result changes: status, players' pages, and a backup file
    written (after the commit) whenever the turn is complete."""
    _update_status(tournament)
    touch(tournament.pk)
    if not turn.tables.filter(ns_vp__isnull=True).exists():
        transaction.on_commit(lambda: _safe_backup(tournament, turn.number))


def _safe_backup(tournament: Tournament, number: int) -> None:
    import logging

    from tournaments.backup import write_automatic

    try:
        write_automatic(tournament, number)
    except OSError:  # a full disk must not stop the referee: the log says it
        logging.getLogger(__name__).exception("automatic backup of %s failed", tournament.slug)


def _update_status(tournament: Tournament) -> None:
    """Finished once the last planned turn has every result; running otherwise."""
    last = tournament.turn_set.filter(number=tournament.turns).first()
    done = last is not None and not last.tables.filter(ns_vp__isnull=True).exists()
    status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


# --- standings -----------------------------------------------------------------------------


def standing_inputs(tournament: Tournament):
    """Plain records of every match, bye and penalty of the tournament (3 queries)."""
    matches = []
    for t, ns, ew, nsv, ewv, nsp, ewp, adjusted, nsm, ewm in Table.objects.filter(
        turn__tournament=tournament, ns_vp__isnull=False
    ).values_list(
        "turn__number",
        "ns__number",
        "ew__number",
        "ns_vp",
        "ew_vp",
        "ns_points",
        "ew_points",
        "adjusted",
        "ns_mp",
        "ew_mp",
    ):
        if adjusted:  # the referee's score: each line's MP as set, not necessarily opposite
            matches.append(rules.Match(t, ns, ew, nsv, ewv, ns_mp=nsm, ew_mp=ewm))
        else:
            matches.append(rules.Match(t, ns, ew, nsv, ewv, ns_mp=nsp - ewp))
    byes = [
        rules.Bye(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Bye.objects.filter(turn__tournament=tournament).values_list(
            "turn__number", "pair__number", "vp", "mp"
        )
    ]
    penalties = [
        rules.Penalty(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Penalty.objects.filter(
            tournament=tournament, kind=Penalty.Kind.PENALTY
        ).values_list("turn__number", "pair__number", "vp", "mp")
    ]
    return matches, byes, penalties


def standings(tournament: Tournament, after_turn: int | None = None) -> list[rules.Row]:
    """The ranking counting turns up to `after_turn` (every turn when None)."""
    numbers = tournament.pairs.values_list("number", flat=True)
    matches, byes, penalties = standing_inputs(tournament)
    return rules.compute(
        numbers, matches, byes, penalties, after_turn=after_turn, tiebreaks=tournament.tiebreaks
    )


@dataclass
class StandingsReport:
    rows: list[dict]
    after_turn: int  # 0 before any result
    seated: list[int]  # every seated turn
    complete: list[int]  # turns with every result in
    final: bool


def standings_report(tournament: Tournament, after: str | int | None = None) -> StandingsReport:
    """The ranking after turn `after` (default: the last complete turn), ready to show."""
    seated, complete = turn_progress(tournament)
    try:
        after_turn = int(after) if after not in (None, "") else None
    except (TypeError, ValueError):
        after_turn = None
    if after_turn not in seated:
        after_turn = complete[-1] if complete else 0
    pairs = {p.number: p for p in tournament.pairs.select_related("player1", "player2")}
    rows = [
        {
            "rank": r.rank,
            "pair": r.pair,
            "players": f"{pairs[r.pair].player1.name} – {pairs[r.pair].player2.name}",
            "club": pairs[r.pair].player1.club,
            "vp": r.vp,
            "mp": r.mp,
            "played": r.played,
            "byes": r.byes,
            "penalty_vp": r.penalty_vp,
            "penalty_mp": r.penalty_mp,
        }
        for r in standings(tournament, after_turn=after_turn)
    ]
    final = bool(complete) and after_turn == tournament.turns and complete[-1] == tournament.turns
    return StandingsReport(rows, after_turn, seated, complete, final)


def turn_progress(tournament: Tournament) -> tuple[list[int], list[int]]:
    """(seated turn numbers, turn numbers with every result in), in one query."""
    turns = (
        tournament.turn_set.annotate(missing=Count("tables", filter=Q(tables__ns_vp__isnull=True)))
        .order_by("number")
        .values_list("number", "missing")
    )
    seated = [n for n, _m in turns]
    complete = [n for n, m in turns if m == 0]
    return seated, complete


def pair_detail(tournament: Tournament, number: int, after_turn: int | None = None) -> dict | None:
    """A pair's tournament turn by turn: opponents, points, VP, byes and penalties, and its
    standing after turn `after_turn` (every turn when None). A fixed number of queries."""
    pairs = {p.number: p for p in tournament.pairs.select_related("player1", "player2")}
    pair = pairs.get(number)
    if pair is None:
        return None
    by_pk = {p.pk: p for p in pairs.values()}
    turns = []
    for t in (
        Table.objects.filter(turn__tournament=tournament)
        .filter(Q(ns=pair) | Q(ew=pair))
        .select_related("turn")
    ):
        ns_side = t.ns_id == pair.pk
        opponent = by_pk[t.ew_id if ns_side else t.ns_id]
        own, other = (t.ns_points, t.ew_points) if ns_side else (t.ew_points, t.ns_points)
        diffs = t.mp_diffs
        turns.append(
            {
                "turn": t.turn.number,
                "movement": t.turn.movement,
                "table": t.number,
                "line": _("N-S") if ns_side else _("E-W"),
                "opponent": opponent.number,
                "opponent_names": f"{opponent.player1.name} – {opponent.player2.name}",
                "points": own,
                "opponent_points": other,
                "adjusted": t.adjusted,
                "vp": t.ns_vp if ns_side else t.ew_vp,
                "mp": None if diffs is None else diffs[0 if ns_side else 1],
            }
        )
    for b in Bye.objects.filter(turn__tournament=tournament, pair=pair).select_related("turn"):
        turns.append(
            {
                "turn": b.turn.number,
                "movement": b.turn.movement,
                "bye": True,
                "table": b.table_number,
                "vp": b.vp,
                "mp": b.mp,
            }
        )
    turns.sort(key=lambda row: row["turn"])
    penalties = list(
        Penalty.objects.filter(tournament=tournament, pair=pair).select_related("turn")
    )
    row = next((r for r in standings(tournament, after_turn) if r.pair == number), None)
    return {"pair": pair, "turns": turns, "penalties": penalties, "standing": row}


def totals_from_deals(tournament: Tournament, deal_lines) -> tuple[int, int, tuple]:
    """The two line totals of a score sheet entered deal by deal, by the tournament's game
    rules, and the breakdown to keep with the result (and print on the filled sheet)."""
    from scoring import deals as rules

    try:
        variant = rules.get_variant(tournament.game_variant)
        ns, ew, scored = rules.score_deals(variant, deal_lines, tournament.deals)
    except rules.DealError as exc:
        raise Refused(deal_message(exc)) from None
    record = tuple(
        {
            "ns": {"base": a.base, "cards": a.cards, "total": a.total},
            "ew": {"base": b.base, "cards": b.cards, "total": b.total},
        }
        for a, b in scored
    )
    return ns, ew, record


def deal_message(exc) -> str:
    """A DealError of the pure rules, in the reader's language."""
    from scoring.deal_forms import KIND_LABELS

    params = {k: _(v) if isinstance(v, str) else v for k, v in exc.params.items()}
    if "kind" in params:
        params["kind"] = str(KIND_LABELS.get(exc.params["kind"], exc.params["kind"])).lower()
    text = _(exc.message) % params if params else _(exc.message)
    return _("Deal %(d)d: %(problem)s") % {"d": exc.deal, "problem": text} if exc.deal else text

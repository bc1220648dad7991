"""Individual events: standings read from the tables (each line mapped to its two players),
the rests and the penalties of players (Art. 23: a penalty hits the player alone), computed
by `scoring.rules.individual_standings`; the rows the pages and documents show; the JSON export.

A row's `pair` holds the player's number (the pure rules share the pairs' Row)."""

from __future__ import annotations

from scoring.models import Penalty
from scoring.rules import individual_standings as rules
from scoring.rules.standings import Bye as ByeRecord
from scoring.rules.standings import Penalty as PenaltyRecord
from scoring.services.standings import released_detail
from tournaments.models import Bye, Group, Table, Tournament
from tournaments.movements.groups import group_phase


def standing_inputs(tournament: Tournament):
    """(tables, rests, penalties) of the event as plain records (3 queries)."""
    tables = []
    for row in Table.objects.filter(turn__tournament=tournament, ns_vp__isnull=False).values_list(
        "turn__number",
        "ns__player1__number",
        "ns__player2__number",
        "ew__player1__number",
        "ew__player2__number",
        "ns_vp",
        "ew_vp",
        "ns_points",
        "ew_points",
        "adjusted",
        "ns_mp",
        "ew_mp",
    ):
        turn, a, b, c, d, nsv, ewv, nsp, ewp, adjusted, nsm, ewm = row
        if adjusted:
            result = rules.TableResult(turn, (a, b), (c, d), nsv, ewv, ns_mp=nsm, ew_mp=ewm)
        else:
            result = rules.TableResult(turn, (a, b), (c, d), nsv, ewv, ns_mp=nsp - ewp)
        tables.append(result)
    rests = [
        ByeRecord(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Bye.objects.filter(
            turn__tournament=tournament, player__isnull=False
        ).values_list("turn__number", "player__number", "vp", "mp")
    ]
    penalties = [
        PenaltyRecord(turn=t, pair=p, vp=v, mp=m)
        for t, p, v, m in Penalty.objects.filter(
            tournament=tournament, kind=Penalty.Kind.PENALTY, player__isnull=False
        ).values_list("turn__number", "player__number", "vp", "mp")
    ]
    return tables, rests, penalties


def player_standings(tournament: Tournament, after_turn: int | None = None):
    """The players ranked after `after_turn` (every turn when None): VP, then the tournament's
    tie-breaks (a Row's `pair` is the player's number)."""
    numbers = tournament.players.exclude(number=None).values_list("number", flat=True)
    tables, rests, penalties = standing_inputs(tournament)
    ranked = rules.individual_standings(
        numbers, tables, rests, penalties, after_turn=after_turn, tiebreaks=tournament.tiebreaks
    )
    return rules.in_groups(ranked, groups_after(tournament, after_turn))


def groups_after(tournament: Tournament, after_turn: int | None) -> dict[str, list[int]]:
    """The groups (gironi) a ranking after `after_turn` is given by: none before the ranking
    they were cut from."""
    span = group_phase(tournament.plan)
    if span is None or (after_turn is not None and after_turn < span[0] - 1):
        return {}
    return dict(
        Group.objects.filter(tournament=tournament).order_by("name").values_list("name", "pairs")
    )


def player_standings_range(tournament: Tournament, from_turn: int, to_turn: int):
    """The players ranked on turns `from_turn`..`to_turn` only (technical prizes)."""
    numbers = tournament.players.exclude(number=None).values_list("number", flat=True)
    tables, rests, penalties = standing_inputs(tournament)

    def inside(records):
        return [r for r in records if from_turn <= r.turn <= to_turn]

    return rules.individual_standings(
        numbers, inside(tables), inside(rests), inside(penalties), tiebreaks=tournament.tiebreaks
    )


def player_names(tournament: Tournament) -> dict[int, dict]:
    """An individual event's players as the standings rows name them (`players`: the player)."""
    return {
        p.number: {
            "player": p.number,
            "players": p.name,
            "club": p.club,
            "withdrawn": tournament.words.withdrawn_after(p.withdrawn_after_turn),
        }
        for p in tournament.players.exclude(number=None)
    }


def line_text(line) -> str:
    """A line as people read it: "12 Rossi Mario – 7 Bianchi Anna" (never its number)."""
    return f"{line.player1.number} {line.player1.name} – {line.player2.number} {line.player2.name}"


# --- a player's page ---------------------------------------------------------------------------


def player_detail(tournament: Tournament, number: int, after_turn: int | None = None):
    """A player's event turn by turn: partner, opponents, points, VP and MP, rests and
    penalties, and his standing after `after_turn` (every turn when None)."""
    from django.db.models import Q
    from django.utils.translation import gettext as _

    player = tournament.players.filter(number=number).first()
    if player is None:
        return None
    turns = []
    mine = Q(ns__player1=player) | Q(ns__player2=player) | Q(ew__player1=player)
    for t in (
        Table.objects.filter(turn__tournament=tournament)
        .filter(mine | Q(ew__player2=player))
        .select_related("turn", "ns__player1", "ns__player2", "ew__player1", "ew__player2")
    ):
        ns_side = player.pk in (t.ns.player1_id, t.ns.player2_id)
        own, other = (t.ns, t.ew) if ns_side else (t.ew, t.ns)
        partner = own.player2 if own.player1_id == player.pk else own.player1
        diffs = t.mp_diffs
        turns.append(
            {
                "turn": t.turn.number,
                "table": t.number,
                "line": _("N-S") if ns_side else _("E-W"),
                "partner": f"{partner.number} {partner.name}",
                "partner_number": partner.number,
                "opponent_names": line_text(other),
                "points": t.ns_points if ns_side else t.ew_points,
                "opponent_points": t.ew_points if ns_side else t.ns_points,
                "adjusted": t.adjusted,
                "vp": t.ns_vp if ns_side else t.ew_vp,
                "mp": None if diffs is None else diffs[0 if ns_side else 1],
            }
        )
    for b in Bye.objects.filter(turn__tournament=tournament, player=player).select_related("turn"):
        turns.append({"turn": b.turn.number, "bye": True, "vp": b.vp, "mp": b.mp})
    turns.sort(key=lambda row: row["turn"])
    penalties = list(
        Penalty.objects.filter(tournament=tournament, player=player).select_related("turn")
    )
    row = next((r for r in player_standings(tournament, after_turn) if r.pair == number), None)
    return {"player": player, "turns": turns, "penalties": penalties, "standing": row}


def public_player(tournament: Tournament, number: int, state) -> dict | None:
    """A player's public page: released turns only, penalties (not warnings) of those turns,
    his standing once a turn is complete."""
    return released_detail(player_detail(tournament, number, state.after_turn), state)


def player_slips(tables, byes) -> list[dict]:
    """A slip per player of the turn: table, line, partner, opponents and his line's PIN (the
    PIN that confirms a result entered at the table), in player number order."""
    from django.utils.translation import gettext as _

    slips = []
    for t in tables:
        for line, other, side in ((t.ns, t.ew, _("N-S")), (t.ew, t.ns, _("E-W"))):
            for me, mate in ((line.player1, line.player2), (line.player2, line.player1)):
                slips.append(
                    {
                        "player": me,
                        "partner": f"{mate.number} {mate.name}",
                        "pin": line.pin,
                        "table": t.number,
                        "line": side,
                        "opponent": line_text(other),
                    }
                )
    for b in byes:
        slips.append({"player": b.player, "table": None, "line": "", "opponent": None})
    slips.sort(key=lambda s: s["player"].number)
    return slips


def rests_again(tournament: Tournament) -> dict[int, list[int]]:
    """Turn number -> players resting there who had rested before (Art. 33)."""
    seen: set[int] = set()
    again: dict[int, list[int]] = {}
    for number, player in (
        Bye.objects.filter(turn__tournament=tournament, player__isnull=False)
        .order_by("turn__number", "player__number")
        .values_list("turn__number", "player__number")
    ):
        if player in seen:
            again.setdefault(number, []).append(player)
        seen.add(player)
    return again

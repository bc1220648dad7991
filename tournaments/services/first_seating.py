"""Turn 1's order (Art. 2), one pipeline for every kind of event: registration order, a draw
reproducible from the seed, the alphabetical order, or clubs kept apart (`spread`). The kind
of event answers what an entrant is to the rule (`seating_entries`: a pair, a player, a team)
and how its first turn makes meetings (`first_turn_spread`: a Mitchell block, a Danish turn, a
table of four players, a team match); the pure rules are in
`tournaments.movements.first_seating`. The criterion and, for `spread`, its report are
recorded on the tournament (`seating_report`): the seating page and `turn_seat --json` show
them. See docs/national.md and docs/individual-and-teams.md.
"""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import Tournament
from tournaments.movements import first_seating as rules


def first_seating_order(tournament: Tournament, numbers: list[int]) -> list[int]:
    """The entrants `numbers` in turn 1's order by the tournament's criterion; the criterion
    (and the spread's report) is recorded on the tournament."""
    order = sorted(numbers)
    criterion = tournament.first_seating
    report: dict = {"criterion": criterion, "seed": tournament.seed}
    if criterion == Tournament.FirstSeating.DRAW:
        random.Random(tournament.seed).shuffle(order)
    elif criterion in (Tournament.FirstSeating.ALPHABETICAL, Tournament.FirstSeating.SPREAD):
        entries = kind_of(tournament).seating_entries(tournament, set(numbers))
        if criterion == Tournament.FirstSeating.ALPHABETICAL:
            order = rules.alphabetical(entries)
        else:
            order, found = spread_order(tournament, entries)
            report.update(found)
    tournament.seating_report = report
    Tournament.objects.filter(pk=tournament.pk).update(seating_report=report)
    return order


def first_seating_label(tournament: Tournament) -> dict | None:
    """How turn 1 was seated, for the seating page: the criterion's name and the seed of a
    draw. None for `spread`, whose own report says it (clubs kept apart)."""
    criterion = tournament.seating_report.get("criterion") or tournament.first_seating
    if criterion == Tournament.FirstSeating.SPREAD:
        return None
    try:
        label = Tournament.FirstSeating(criterion).label
    except ValueError:  # an unknown word in an old report: nothing to name
        return None
    seed = tournament.seating_report.get("seed", tournament.seed)
    return {"label": label, "seed": seed if criterion == Tournament.FirstSeating.DRAW else None}


def spread_order(tournament: Tournament, entries: list) -> tuple[list[int], dict]:
    """The order keeping clubs, provinces and regions apart in the first turn (or block) as
    the kind of event makes its meetings, and the report of what no seating avoided."""
    try:
        how = kind_of(tournament).first_turn_spread(tournament, len(entries))
        block_turns, layout = how.pop("block_turns"), how.pop("layout")
        seating = rules.spread(entries, seed=tournament.seed or 0, **how)
    except rules.RuleError as exc:
        raise Refused(_(exc.message) % exc.params if exc.params else _(exc.message)) from None
    found = {
        "block_turns": block_turns,
        "layout": layout,
        "proven": seating.proven,
        "counts": seating.counts,
        "meetings": [
            {
                "turn": m.turn,
                "table": m.table,
                "ns": m.ns,
                "ew": m.ew,
                "level": m.level,
                "shared": m.shared,
            }
            for m in seating.meetings
        ],
    }
    return list(seating.order), found


def report_lines(report: dict) -> list[str]:
    """Turn 1's criterion and the spread's meetings as the commands print them (English: the
    scripting contract's text output), for every kind of event."""
    seed = f", seed {report['seed']}" if report.get("seed") is not None else ""
    lines = [f"  first seating: {report.get('criterion', '')}{seed}"]
    for m in report.get("meetings", []):
        lines.append(
            f"  same {m['level']} ({m['shared']}), no seating avoids it: turn "
            f"{m['turn']} table {m['table']}: {m['ns']} v {m['ew']}"
        )
    return lines


def recorded_report(tournament_id: int) -> dict:
    """The first seating's report as recorded on the tournament (read afresh)."""
    found = Tournament.objects.filter(pk=tournament_id).values_list("seating_report", flat=True)
    return found.first() or {}

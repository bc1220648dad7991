"""A seated turn on the command line (`turn_seat`, the scripting contract's text and JSON):
a pairs event's tables and rests, a team event's matches. An individual event's lines of
players: `tournaments.kinds.individual.report`. Each kind of event chooses its writer
(`write_seating`)."""

from __future__ import annotations

import json

from tournaments.kinds.teams import setup as team_setup
from tournaments.services.first_seating import report_lines


def write_team_seating(stdout, tournament, out, as_json: bool) -> None:
    """A team event's matches of two tables, lines by their players."""
    data = team_setup.outcome_data(out)
    stdout.write(json.dumps(data) if as_json else "\n".join(team_setup.outcome_text(out)))


def write_pairs_seating(stdout, tournament, out, as_json: bool) -> None:
    """A pairs event's seated turn on the command line (the scripting contract's text and
    JSON)."""
    turn = out.turn
    if turn.number == 1:
        tournament.refresh_from_db(fields=["seating_report"])
    if as_json:
        stdout.write(
            json.dumps(
                {
                    "turn": turn.number,
                    "movement": turn.movement,
                    "tables": [
                        {"table": t.number, "ns": t.ns.number, "ew": t.ew.number}
                        for t in out.tables
                    ],
                    "byes": [{"pair": b.pair.number, "vp": b.vp, "mp": b.mp} for b in out.byes],
                    "repeats": [list(r) for r in out.repeats],
                    "rest_again": out.rest_again,
                    **({"first_seating": tournament.seating_report} if turn.number == 1 else {}),
                }
            )
        )
        return
    stdout.write(f"Turn {turn.number} ({turn.movement}): {len(out.tables)} tables")
    for t in out.tables:
        stdout.write(f"  table {t.number:>3}: N-S {t.ns.number:>4}  E-W {t.ew.number:>4}")
    for b in out.byes:
        stdout.write(f"  rests: pair {b.pair.number} ({b.vp} VP, +{b.mp} MP)")
    for ns, ew in out.repeats:
        stdout.write(f"  meet again (no seating avoids it): {ns} v {ew}")
    for pair in out.rest_again:
        stdout.write(f"  rests again (no seating avoids it): pair {pair}")
    if turn.number == 1:
        tournament.refresh_from_db(fields=["seating_report"])
        for line in report_lines(tournament.seating_report or {}):
            stdout.write(line)

"""What the commands print for an individual event's seating (the scripting contract): tables
as the players' numbers, rests of players."""

from __future__ import annotations

import json

from tournaments.services.first_seating import report_lines


def seating_data(tournament, out) -> dict:
    turn = out.turn
    return {
        "turn": turn.number,
        "movement": turn.movement,
        "tables": [
            {
                "table": t.number,
                "ns": [t.ns.player1.number, t.ns.player2.number],
                "ew": [t.ew.player1.number, t.ew.player2.number],
            }
            for t in out.tables
        ],
        "byes": [{"player": b.player.number, "vp": b.vp, "mp": b.mp} for b in out.byes],
        "repeats": list(out.repeats),
        "rest_again": out.rest_again,
        **({"first_seating": tournament.seating_report} if turn.number == 1 else {}),
    }


def write_seating(stdout, tournament, out, as_json: bool) -> None:
    if out.turn.number == 1:
        tournament.refresh_from_db(fields=["seating_report"])
    data = seating_data(tournament, out)
    if as_json:
        stdout.write(json.dumps(data))
        return
    stdout.write(f"Turn {data['turn']} ({data['movement']}): {len(data['tables'])} tables")
    for t in data["tables"]:
        ns, ew = (f"{a}+{b}" for a, b in (t["ns"], t["ew"]))
        stdout.write(f"  table {t['table']:>3}: N-S {ns:>9}  E-W {ew:>9}")
    for b in data["byes"]:
        stdout.write(f"  rests: player {b['player']} ({b['vp']} VP, +{b['mp']} MP)")
    for r in data["repeats"]:
        a, b = r["players"]
        stdout.write(f"  {r['as']} again (no seating avoids it): {a} and {b}")
    for player in data["rest_again"]:
        stdout.write(f"  rests again (no seating avoids it): player {player}")
    for line in report_lines(data.get("first_seating", {})) if out.turn.number == 1 else []:
        stdout.write(line)

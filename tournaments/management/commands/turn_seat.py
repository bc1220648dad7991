import json

from tournaments.management.base import ContractCommand
from tournaments.services import lookup, seating, team_setup
from tournaments.services.first_seating import report_lines
from tournaments.services.individual_report import write_seating
from tournaments.services.individual_seating import seat_individual_turn


class Command(ContractCommand):
    help = "Seat the next turn of a tournament by its plan."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="print the seating as JSON")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        if tournament.is_individual:  # lines of players, rests of players (Art. 2)
            out = seat_individual_turn(tournament)
            return write_seating(self.stdout, tournament, out, opts["json"])
        out = seating.seat_next_turn(tournament)
        turn = out.turn
        if tournament.is_teams:  # matches of two tables, lines by their players
            data = team_setup.outcome_data(out)
            text = json.dumps(data) if opts["json"] else "\n".join(team_setup.outcome_text(out))
            self.stdout.write(text)
            return
        if turn.number == 1:
            tournament.refresh_from_db(fields=["seating_report"])
        if opts["json"]:
            self.stdout.write(
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
                        **(
                            {"first_seating": tournament.seating_report} if turn.number == 1 else {}
                        ),
                    }
                )
            )
            return
        self.stdout.write(f"Turn {turn.number} ({turn.movement}): {len(out.tables)} tables")
        for t in out.tables:
            self.stdout.write(f"  table {t.number:>3}: N-S {t.ns.number:>4}  E-W {t.ew.number:>4}")
        for b in out.byes:
            self.stdout.write(f"  rests: pair {b.pair.number} ({b.vp} VP, +{b.mp} MP)")
        for ns, ew in out.repeats:
            self.stdout.write(f"  meet again (no seating avoids it): {ns} v {ew}")
        for pair in out.rest_again:
            self.stdout.write(f"  rests again (no seating avoids it): pair {pair}")
        if turn.number == 1:
            tournament.refresh_from_db(fields=["seating_report"])
            for line in report_lines(tournament.seating_report or {}):
                self.stdout.write(line)

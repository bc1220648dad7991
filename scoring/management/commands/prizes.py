import json

from scoring.services import prizes
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "The prize list and the pair that takes each prize, as the standings stand now."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", help="print the list as JSON")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        rows = prizes.prize_list(tournament)
        if opts["json"]:
            self.stdout.write(json.dumps([row.as_json() for row in rows]))
            return
        for row in rows:
            where = f"group {row.group}" if row.group else "overall"
            if row.turns:
                where += f", turns {row.turns}"
            if row.club:
                where += f", {row.club}"
            who = f"pair {row.pair} {row.players}" if row.pair is not None else "not assigned"
            self.stdout.write(f"{where}, place {row.place}: {row.prize} -> {who}")

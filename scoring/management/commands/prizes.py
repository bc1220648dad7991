import json

from scoring.services import prizes
from tournaments.kinds import kind_of
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
        entrant = kind_of(tournament).entrant_key  # "pair", "player" or "team"
        if opts["json"]:
            self.stdout.write(json.dumps([named(row.as_json(), entrant) for row in rows]))
            return
        for row in rows:
            where = f"group {row.group}" if row.group else "overall"
            if row.turns:
                where += f", turns {row.turns}"
            if row.club:
                where += f", {row.club}"
            who = f"{entrant} {row.pair} {row.players}" if row.pair is not None else "not assigned"
            self.stdout.write(f"{where}, place {row.place}: {row.prize} -> {who}")


def named(row: dict, entrant: str) -> dict:
    """A prize row whose winner is named by the event's kind (`pair` stays for pairs)."""
    return {(entrant if key == "pair" else key): value for key, value in row.items()}

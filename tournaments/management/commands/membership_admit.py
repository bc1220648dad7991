from tournaments.management.base import ContractCommand
from tournaments.services import lookup, membership


class Command(ContractCommand):
    help = "Admit a player flagged by the membership check; the reason goes into the log."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--pair", type=int, required=True)
        parser.add_argument("--player", type=int, choices=(1, 2), help="omit for the pair")
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        pair = lookup.pair_by_number(tournament, opts["pair"])
        membership.admit(tournament, pair, opts["player"], opts["reason"])
        who = f"player {opts['player']} of " if opts["player"] else ""
        self.stdout.write(f"Admitted {who}pair {pair.number}: {opts['reason']}")

from scoring.services.decisions import table_ruling
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Apply a ruling that sets a table's score against the guilty pair, player or team (by "
        "the event's kind): late arrival beyond 10' (ritardo-oltre-10), abandonment "
        "(art32-abbandono, art32-forza-maggiore)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("--table", type=int, required=True)
        parser.add_argument(
            "--guilty",
            "--pair",
            dest="guilty",
            type=int,
            required=True,
            help="the guilty pair, player or team (--pair: the same, kept for scripts)",
        )
        parser.add_argument("--ruling", required=True)
        parser.add_argument("--reason", default="")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        t = table_ruling(  # the kind finds the guilty pair's, player's or team's line
            tournament,
            opts["turn"],
            opts["table"],
            opts["guilty"],
            opts["ruling"],
            reason=opts["reason"],
        )
        self.stdout.write(
            f"Turn {opts['turn']} table {t.number}: VP {t.ns_vp}-{t.ew_vp}, "
            f"MP {t.ns_mp}/{t.ew_mp} ({opts['ruling']})"
        )

from scoring.services.decisions import adjust_score
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Set an arbitral score for a table (Art. 15, 32): each line's VP and MP."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("--table", type=int, required=True)
        parser.add_argument("--ns-vp", type=int, required=True)
        parser.add_argument("--ew-vp", type=int, required=True)
        parser.add_argument("--ns-mp", type=int, help="default: the lowest difference for the VP")
        parser.add_argument("--ew-mp", type=int)
        parser.add_argument("--reason", required=True)

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        t = adjust_score(
            tournament,
            opts["turn"],
            opts["table"],
            ns_vp=opts["ns_vp"],
            ew_vp=opts["ew_vp"],
            ns_mp=opts["ns_mp"],
            ew_mp=opts["ew_mp"],
            reason=opts["reason"],
        )
        self.stdout.write(
            f"Turn {opts['turn']} table {t.number}: adjusted to VP "
            f"{t.ns_vp}-{t.ew_vp}, MP {t.ns_mp}/{t.ew_mp}"
        )

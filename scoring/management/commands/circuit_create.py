from scoring.services import circuits
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "Create a circuit (a season of tournaments ranked together): points per stage by the "
        "stage's VP or by a table of points by final rank, the best N results counted, the "
        "minimum of stages to be ranked, the finalists (docs/circuits.md)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--season", type=int, help="the year, e.g. 2026")
        parser.add_argument(
            "--points", required=True, help="vp, or placing:100,90,82,… (points by final rank)"
        )
        parser.add_argument(
            "--points-beyond", type=int, default=0, help="points of every place after the table"
        )
        parser.add_argument("--best", type=int, help="count only the best N stages played")
        parser.add_argument("--min-stages", type=int, default=1, help="stages to be ranked")
        finalists = parser.add_mutually_exclusive_group()
        finalists.add_argument("--finalists-percent", help="the best P %% of the ranked")
        finalists.add_argument("--finalists", type=int, help="the best N of the ranked")

    def run(self, **opts):
        circuit = circuits.create_circuit(
            opts["slug"],
            opts["name"],
            points=opts["points"],
            season=opts["season"],
            points_beyond=opts["points_beyond"],
            best=opts["best"],
            min_stages=opts["min_stages"],
            finalists_percent=opts["finalists_percent"],
            finalists=opts["finalists"],
        )
        self.stdout.write(f"Circuit {circuit.slug} created: {circuit.name}")

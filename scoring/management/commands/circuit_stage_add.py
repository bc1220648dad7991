from scoring.services import circuits
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "Add a stage to a circuit: a tournament's slug, or on the hub a received tournament "
        "as CLUB/SLUG (its newest package is read). A stage added twice is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the circuit")
        parser.add_argument("tournament", help="SLUG, or CLUB/SLUG on the hub")

    def run(self, **opts):
        circuit = circuits.circuit_by_slug(opts["slug"])
        stage = circuits.add_stage(circuit, opts["tournament"])
        self.stdout.write(f"Stage {stage.reference} added to {circuit.slug}")

from scoring.services import circuits
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Remove a stage from a circuit (SLUG, or CLUB/SLUG on the hub)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the circuit")
        parser.add_argument("tournament", help="SLUG, or CLUB/SLUG on the hub")

    def run(self, **opts):
        circuit = circuits.circuit_by_slug(opts["slug"])
        circuits.remove_stage(circuit, opts["tournament"])
        self.stdout.write(f"Stage {opts['tournament']} removed from {circuit.slug}")

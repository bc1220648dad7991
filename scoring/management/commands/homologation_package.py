from scoring.documents.homologation import build_package
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Make the sealed homologation package of a finished tournament: a zip with the JSON "
        "export, the workbook, the final standings PDF, the filled score sheets, the referee's "
        "log and a manifest signed with this installation's Ed25519 key."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        package = build_package(tournament)
        self.stderr.write(f"Digest {package.digest}")
        self.emit(bytes(package.data), opts["output"])

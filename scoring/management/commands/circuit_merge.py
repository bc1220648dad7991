from scoring.services import circuits
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "Follow two spellings of one player as one in a circuit (logged with the reason), "
        "or undo such a merge by its id."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the circuit")
        parser.add_argument("--keep", help="the card or the name kept")
        parser.add_argument("--merge", help="the name (or card) followed as the kept one")
        parser.add_argument("--reason")
        parser.add_argument("--undo", type=int, metavar="ID", help="undo merge ID")

    def run(self, **opts):
        circuit = circuits.circuit_by_slug(opts["slug"])
        if opts["undo"] is not None:
            if opts["keep"] or opts["merge"]:
                raise Refused("give --undo ID alone, or --keep, --merge and --reason")
            undone = circuits.undo_merge(circuit, opts["undo"])
            alone = circuits.key_label(undone.merged)
            self.stdout.write(f"Merge {undone.pk} undone: {alone} is followed alone")
            return
        if not (opts["keep"] and opts["merge"]):
            raise Refused("give --keep CARD_OR_NAME --merge NAME --reason TEXT, or --undo ID")
        made = circuits.merge(circuit, opts["keep"], opts["merge"], opts["reason"])
        merged, kept = circuits.key_label(made.merged), circuits.key_label(made.kept)
        self.stdout.write(f"Merge {made.pk}: {merged} followed as {kept}")

from scoring.documents.sheets import scoresheets_pdf, seating_alpha_pdf, seating_pdf, slips_pdf
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = "Write a turn's score sheets as PDF (empty, or --filled with the recorded results)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--turn", type=int, required=True)
        parser.add_argument("--filled", action="store_true", help="with the recorded results")
        parser.add_argument("--two-up", action="store_true", help="two A5 sheets per A4 page")
        parser.add_argument(
            "--kind",
            choices=["sheets", "seating", "seating-alpha", "slips"],
            default="sheets",
            help="sheets (default), the seating list, every player by surname, or a slip per pair",
        )
        parser.add_argument("--output", help="file to write (default: standard output)")

    def run(self, **opts):
        tournament = lookup.tournament_by_slug(opts["slug"])
        turn = lookup.turn_by_number(tournament, opts["turn"])
        if opts["kind"] == "seating":
            payload = seating_pdf(tournament, turn)
        elif opts["kind"] == "seating-alpha":
            payload = seating_alpha_pdf(tournament, turn)
        elif opts["kind"] == "slips":
            payload = slips_pdf(tournament, turn)
        else:
            payload = scoresheets_pdf(
                tournament, turn, filled=opts["filled"], two_up=opts["two_up"]
            )
        self.emit(payload, opts["output"])

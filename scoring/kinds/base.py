"""What every kind of event answers at the scoring side, beside its pages: the hooks of the
one JSON export (`scoring.services.exports`) and of the one workbook and standings PDF
(`scoring.documents.reports`). The defaults fit an event whose lines are drawn from its
players (individual, teams); `PairsEvent`, `IndividualEvent` and `TeamsEvent` set or
override what is theirs."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.documents import reports
from scoring.documents import sheets as papers
from scoring.services import decisions, exports, public
from tournaments.kinds.individual.registration import penalised
from tournaments.models import Group
from tournaments.movements.groups import group_phase


class ScoringKind:
    # The JSON export: the list of entrants, the key naming one in every row (standings,
    # byes, penalties), the field of Bye and Penalty that holds it.
    entrants_key = "pairs"
    entrant_key = "pair"
    entrant_field = "pair"
    # What a turn of the export lists ("tables"; a team event: "matches").
    turn_key = "tables"
    # The lines' players, loaded with the tables (a line is shown by its players).
    line_related: tuple[str, ...] = ("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    # Standings in groups (Danish in groups, prizes per group).
    has_groups = False
    # The workbook's sheet of the entrants (its name is the federation's, in Italian), and
    # whether it has a sheet of the players admitted despite the membership check.
    entrants_sheet = "Coppie"
    admits = False
    # The standings PDF's three columns that name an entrant.
    pdf_columns = (_("Pair"), _("Players"), _("Club"))

    def penalty_command(self, tournament, opts: dict) -> str:
        """`penalty_add` in this kind of event: a pair, or a player alone (Art. 23)."""
        return decisions.penalty_command(tournament, opts)

    # --- the rulings page (scoring.views.rulings) --------------------------------------------

    # The name its forms post an entrant's number under, and whether a penalty may be chosen
    # from the catalogue (a team event's penalties are typed as VP and MP).
    ruling_field = "pair"
    penalty_rulings = True

    def ruling_choices(self, tournament, present_only: bool = False) -> list | None:
        """The entrants the rulings forms offer (`present_only`: not withdrawn); None: the
        number is typed."""
        return None

    def record_penalty(self, tournament, number: int, *, ruling=None, **fields):
        """A penalty or warning from the rulings page (Art. 23) on entrant `number`: a pair,
        or a player alone. None where the ruling is only written to the log."""
        owner = penalised(tournament, number, number)
        return decisions.add_penalty(tournament, owner, ruling=ruling, **fields)

    def withdrawn_badges(self, tournament) -> list[str]:
        """What the rulings page says of the entrants withdrawn (nothing: the registration
        page shows them)."""
        return []

    # --- the standings -------------------------------------------------------------------

    def standings(self, tournament, after_turn=None) -> list:
        """The ranking of the entrants counting turns up to `after_turn` (every turn: None)."""
        raise NotImplementedError

    def report_names(self, tournament) -> dict[int, dict]:
        """Entrant number -> what names it in a standings row (`players`, `club`…)."""
        raise NotImplementedError

    def standings_range(self, tournament, from_turn: int, to_turn: int) -> list:
        """The entrants ranked on turns `from_turn`..`to_turn` only (technical prizes,
        `results_export --turns`); the range is checked by `standings.standings_range`."""
        raise NotImplementedError

    # --- the JSON export -------------------------------------------------------------------

    def export_head(self, tournament) -> dict:
        """What the kind adds to the export's `tournament`."""
        return {}

    def entrant_rows(self, tournament, ranked=None) -> list[dict]:
        """The export's entrants (`ranked`: the standings, when the rows tell a group)."""
        raise NotImplementedError

    def export_turns(self, tournament) -> list[dict]:
        return exports.turn_rows(
            tournament, exports.table_rows(tournament), self.rests_again(tournament)
        )

    def rests_again(self, tournament) -> dict | None:
        """Turn number -> entrants resting a second time (None: the export does not say)."""
        return None

    def table_row(self, table, late: bool) -> dict:
        return exports.table_row(self, table, late=late)

    def line_numbers(self, line):
        """A line at a table as the export shows it: its two players' numbers."""
        return [line.player1.number, line.player2.number]

    def line_entrants(self, line) -> list[int]:
        """The entrants a line stands for (the log keeps a line's own number)."""
        return [line.player1.number, line.player2.number]

    def penalty_row(self, penalty) -> dict:
        return exports.penalty_row(self.entrant_key, penalty)

    def standings_row(self, row) -> dict:
        return exports.standings_row(self.entrant_key, row, self.has_groups)

    # The export's `groups` name their entrants under this key (a documented key per kind);
    # pairs events always list `groups` (an empty list without a cut), the others only when
    # the plan has turns in groups.
    group_members_key = "pairs"
    groups_always_listed = True

    def export_extra(self, tournament) -> dict:
        """Keys the kind adds after the standings: the groups (gironi) with their entrants."""
        if not self.groups_always_listed and group_phase(tournament.plan) is None:
            return {}
        return {
            "groups": [
                {
                    "group": g.name,
                    "tables": g.tables,
                    "first_table": g.first_table,
                    "last_table": g.first_table + g.tables - 1,
                    self.group_members_key: list(g.pairs),
                }
                for g in Group.objects.filter(tournament=tournament).order_by("name")
            ]
        }

    # --- a circuit's stage ------------------------------------------------------------------

    def entrant_players(self, row: dict) -> list[dict]:
        """The players of one of the export's entrants (a pair's two, a team's)."""
        return row["players"]

    def circuit_results(self, tournament) -> list[list]:
        """Each player's result in the tournament as a circuit reads it (scoring.services.
        circuits): [membership, name, club, VP, final rank] of his pair, line or team."""
        ranked = self.standings(tournament)
        entrants = {row["number"]: row for row in self.entrant_rows(tournament, ranked)}
        return [
            [p.get("membership") or "", p["name"], p.get("club") or "", r.vp, r.rank]
            for r in ranked
            for p in self.entrant_players(entrants[r.pair])
        ]

    # --- the workbook and the standings PDF -------------------------------------------------

    def entrant_columns(self) -> list:
        """The workbook's columns naming an entrant (standings and the entrants' sheet)."""
        return [_("No."), _("Player"), _("Membership number"), _("Club")]

    def entrant_cells(self, entrants: dict, number: int) -> list:
        """Those columns' cells for entrant `number` (`entrants`: the export's, by number)."""
        p = entrants[number]
        return [number, p["name"], p["membership"], p["club"]]

    def entrant_sheet(self, entrants: dict) -> tuple[list, list]:
        """The entrants' sheet: header and rows."""
        return self.entrant_columns(), [self.entrant_cells(entrants, n) for n in sorted(entrants)]

    def match_sheet(self, data: dict, entrants: dict) -> tuple[list, list]:
        """The sheet Incontri: a row per table and bye."""
        return reports.table_sheet(self, data, entrants)

    def side_cell(self, entrants: dict, numbers):
        """A line (or a resting entrant) in the sheet Incontri: its players by number and
        name, never the line's own number."""
        numbers = numbers if isinstance(numbers, list) else [numbers]
        return " – ".join(f"{n} {entrants[n]['name']}" for n in numbers)

    def pdf_row(self, row: dict) -> dict:
        """A standings row as the PDF prints it (`players` and `club` as the pages show)."""
        return row

    def build_demo(self, slug: str, rng, referee, people):
        """This kind's demo tournament (`demo_tournament --kind`), built from `people`
        (scoring.management.demo_people.DemoPeople)."""
        raise NotImplementedError

    def demo_summary(self, tournament) -> str:
        """The command's line on the demo it built (English, as every command's output)."""
        entrants = len(self.entrant_rows(tournament))
        return (
            f"Demo tournament {tournament.slug!r}: {entrants} {self.entrants_key}, "
            f"{tournament.turn_set.count()} turns seated."
        )

    def hub_players(self, data: dict) -> dict:
        """The hub's reading of an export: entrant number -> [(player, partner's name)], a
        row per player (Art. 2: a player alone has no partner)."""
        return {p["number"]: [(p, "")] for p in data[self.entrants_key]}

    # --- the seating as people read it: the players' pages and the turn's papers ------------

    def turn_seating(self, turn, query: str = "") -> tuple[list, list]:
        """The released turn's tables and rests, filtered by what people type."""
        return public.pair_seating(turn, query)

    def label_sheets(self, tournament, sheets: list, two_up: bool) -> bool:
        """Name what the score sheets share (a match's two rooms); whether two go on a page."""
        return two_up

    def seating_pdf(self, tournament, turn, *, big: bool = True) -> bytes:
        return papers.tables_seating_pdf(tournament, turn, big=big)

    def seating_alpha_pdf(self, tournament, turn) -> bytes:
        return papers.by_surname_pdf(tournament, turn)

    def slips_pdf(self, tournament, turn) -> bytes:
        return papers.pair_slips_pdf(tournament, turn)

    def cards_pdf(self, tournament, url: str) -> bytes:
        return papers.pair_cards_pdf(tournament, url)

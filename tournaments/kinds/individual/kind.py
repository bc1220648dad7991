"""Individual events: each player registers alone and the partnership changes every turn
(Art. 2: «l'accoppiamento cambia ad ogni turno»)."""

from itertools import combinations

from django.db.models import Q
from django.utils.translation import gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.kinds.base import EventKind, entry_by_name
from tournaments.kinds.individual import lists as individual_lists
from tournaments.movements.first_seating import Entry
from tournaments.movements.individual_danish import seat_individual_danish
from tournaments.movements.rainbow import fixed_schedule


class IndividualKind(EventKind):
    code = "individual"
    label = _("Individual")
    adjective = pgettext_lazy("tournaments of this kind", "individual")
    entrant_noun = _("player")
    entrants_noun = _("players")
    entrant_title = _("Player")
    entrants_title = _("Players")
    entrant_key = "player"
    names_title = _("Player")
    registration_page = "individual_players"
    withdrawn_twice = _("Player %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Player %(n)d withdrawn: absent from turn %(t)d on.")
    settings = ("last_danish_by_ranking", "individual_table")
    movements = ("danish", "danish-modified", "rainbow", "danish-groups", "danish-modified-groups")
    entrant_page = "individual_player"
    flagged_title = _("Players")  # the players' list (it has no filter of the flagged)
    flagged_query = ""
    counted = ngettext_lazy("%(n)d player", "%(n)d players", "n")
    your_pin = _("Your line's PIN (on this turn's slip)")
    slips = _("Slips per player")
    with_problems = _("Players with problems")
    none_found = _("No player found.")
    wrong_pin = _("Wrong PIN for the line %(who)s.")
    withdrawn = pgettext_lazy("a player", "withdrawn after turn %(n)s")
    registered = "player_count"
    cards = None  # a line's PIN is on the turn's slips
    import_command = "players_import"
    created_message = _("Tournament created: now add the players.")
    partner_changes = True
    number_head = _("No.")
    search_label = _("Player number or surname")
    log_entrants_title = _("Players")
    short_label = _("individual")
    event_phrase = pgettext_lazy("an event of this kind", "an individual event")
    templates = {"seating": "tournaments/individual_seating.html"}
    registered_kpi = ngettext_lazy("%(n)s player registered", "%(n)s players registered", "n")
    add_first = _("Add the players")
    add_more = _("Add or import more players")
    registration_badge = True
    registration_links = ()
    guilty_title = _("Guilty player")
    ruling_logged = _("Ruling for player %(n)d written to the referee's log.")
    warning_recorded = _("Warning to player %(n)d recorded.")
    penalty_recorded = _("Player %(n)d: −%(vp)d VP, −%(mp)d MP.")
    withdraw_title = _("Withdraw a player")
    withdraw_help = _(
        "Absent from the next turn to be seated on: the others are seated without him (Art. 32)."
    )
    late_title = _("Late player (turn 1)")
    late_help = _(
        "During turn 1 a late player may complete a table with the three players who would "
        "rest (Art. 33)."
    )
    late_button = _("Seat the late player")

    def registered_entrants(self, tournament) -> int:
        return tournament.players.exclude(number=None).count()

    def seating_units(self, tournament) -> int:
        """Four players make a table: counted as two "pairs"."""
        return self.registered_entrants(tournament) // 2

    def seated_message(self, out) -> str:
        text = gettext("Turn %(n)d seated: %(t)d tables.") % {
            "n": out.turn.number,
            "t": len(out.tables),
        }
        said = (
            ("partners", "+", _("No seating avoided these players partnering again: %(p)s.")),
            (
                "opponents",
                "–",
                _("No seating avoided these players facing each other again: %(p)s."),
            ),
        )
        for meeting, joint, sentence in said:
            met = [r["players"] for r in out.repeats if r["as"] == meeting]
            if met:
                text += " " + sentence % {"p": ", ".join(f"{a}{joint}{b}" for a, b in met)}
        if out.rest_again:
            names = ", ".join(str(p) for p in out.rest_again)
            text += " " + gettext("No seating avoided these players resting again: %(p)s.") % {
                "p": names
            }
        return text

    def by_surname(self, tables, byes, query: str = "") -> list:
        return individual_lists.by_surname(tables, byes, query)  # with the turn's partner

    swap_numbers_missing = _("Give the numbers of the two players to swap.")

    def swapped_message(self, a: int, b: int, problems: list) -> str:
        text = gettext("Players %(a)d and %(b)d swapped.") % {"a": a, "b": b}
        if problems:
            met = ", ".join(f"{x}–{y}" for x, y in problems)
            text += " " + gettext("Accepted although they meet again: %(p)s.") % {"p": met}
        return text

    def check_membership_command(self) -> None:
        raise self.not_available("membership_check")

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """Each player alone, by his number (no place in a pair: partners change each turn)."""
        players = tournament.players.exclude(number=None).order_by("number")
        return [(player.number, None, player) for player in players]

    group_seats = 4  # a group of t tables holds 4t players
    group_rule = _("A table seats four players: a group of t tables holds 4t players.")

    def entrants_present(self, tournament, number: int) -> set[int]:
        return set(
            tournament.players.exclude(number=None)
            .filter(Q(withdrawn_after_turn__isnull=True) | Q(withdrawn_after_turn__gte=number))
            .values_list("number", flat=True)
        )

    def entrant_names(self, tournament) -> dict[int, str]:
        return dict(tournament.players.exclude(number=None).values_list("number", "name"))

    def seating_entries(self, tournament, numbers: set[int]) -> list[Entry]:
        """A player by his own surname, given name and club."""
        return [
            entry_by_name(player.number, player, clubs=(player.club,))
            for player in tournament.players.exclude(number=None).order_by("number")
            if player.number in numbers
        ]

    def first_turn_spread(self, tournament, count: int) -> dict:
        """The first turn's tables of four: players at one table meet (partners and opponents
        alike). A Danish first turn takes the order four by four (the last players rest); a
        fixed movement's first turn is its schedule's."""
        places = list(range(count))
        plan = tournament.plan
        if plan[0] == "rainbow":
            block = 1
            while block < len(plan) and plan[block] == "rainbow":
                block += 1
            tables = fixed_schedule(places, block)[0].tables
        else:
            tables = seat_individual_danish(places, table=tournament.individual_table).tables
        meetings = [
            (k, a, b)
            for k, (ns, ew) in enumerate(tables, start=1)
            for a, b in combinations((*ns, *ew), 2)
        ]
        return {"meetings": meetings, "block_turns": 1, "layout": "turn"}

"""Individual events: each player registers alone and the partnership changes every turn
(Art. 2: «l'accoppiamento cambia ad ogni turno»)."""

from itertools import combinations

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.kinds.base import EventKind
from tournaments.movements.first_seating import Entry
from tournaments.movements.individual_danish import seat_individual_danish
from tournaments.movements.rainbow import fixed_schedule
from tournaments.rules.names import split_name


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
    entrant_page = "individual_player"
    flagged_title = _("Players")  # the players' list (it has no filter of the flagged)
    flagged_query = ""

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """Each player alone, by his number (no place in a pair: partners change each turn)."""
        players = tournament.players.exclude(number=None).order_by("number")
        return [(player.number, None, player) for player in players]

    group_seats = 4  # a group of t tables holds 4t players

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
        entries = []
        for player in tournament.players.exclude(number=None).order_by("number"):
            if player.number not in numbers:
                continue
            surname, given = (
                (player.surname, player.given_name) if player.surname else split_name(player.name)
            )
            entries.append(
                Entry(player.number, surname=surname, given_name=given, clubs=(player.club,))
            )
        return entries

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

"""Team events: a match between two teams is played on two tables (open and closed room)."""

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from tournaments.kinds.base import EventKind
from tournaments.movements import roundrobin
from tournaments.movements.first_seating import Entry
from tournaments.movements.team_danish import seat_team_danish


class TeamsKind(EventKind):
    code = "teams"
    label = _("Teams")
    adjective = pgettext_lazy("tournaments of this kind", "team")
    entrant_noun = _("team")
    entrants_noun = _("teams")
    entrant_title = _("Team")
    entrants_title = pgettext_lazy("the teams of an event", "Teams")
    entrant_key = "team"
    names_title = _("Name")
    registration_page = "teams"
    settings = ("last_danish_by_ranking", "lineups_close")
    movements = (
        "round-robin",
        "danish",
        "danish-modified",
        "danish-groups",
        "danish-modified-groups",
    )
    counted = ngettext_lazy("%(n)d team", "%(n)d teams", "n")
    your_pin = _("Your team's PIN")
    slips = _("Slips per team")
    with_problems = _("Teams with problems")
    none_found = _("No team found.")
    wrong_pin = _("Wrong PIN for team %(who)s.")
    withdrawn = pgettext_lazy("a team", "withdrawn after turn %(n)s")
    registered = "team_count"
    cards = _("Team cards with PIN")
    import_command = "teams_import"
    created_message = _("Tournament created: now add the teams.")
    plays_matches = True
    short_label = _("teams")
    event_phrase = pgettext_lazy("an event of this kind", "a team event")
    templates = {
        "nav": "tournaments/_teams_nav.html",
        "settings": "tournaments/_teams_settings.html",
    }
    registered_kpi = ngettext_lazy("%(n)s team registered", "%(n)s teams registered", "n")
    add_first = _("Add the teams")
    add_more = _("Add or import more teams")
    registration_links = (("lineups", _("Line-ups of turn 1"), "?turn=1"),)
    late_title = _("Late team (turn 1)")
    late_help = _(
        "During turn 1 a late team may take the bye's place: it plays a match against the team "
        "that would rest (Art. 33). Its players in their order: 4 to 6."
    )
    late_button = _("Seat the late team")

    # The Danish in groups: a group of t tables (an even number: whole matches) holds t teams.
    group_seats = 1
    group_step = 2
    group_rule = _(
        "A match takes two tables, a team at each: a group of t tables (an even number) holds "
        "t teams."
    )

    def entrants_present(self, tournament, number: int) -> set[int]:
        return set(
            tournament.teams.filter(
                Q(withdrawn_after_turn__isnull=True) | Q(withdrawn_after_turn__gte=number)
            ).values_list("number", flat=True)
        )

    def entrant_names(self, tournament) -> dict[int, str]:
        return dict(tournament.teams.values_list("number", "name"))

    def registered_entrants(self, tournament) -> int:
        return tournament.teams.count()

    def seated_message(self, out) -> str:
        return out.summary()  # matches and teams (tournaments/kinds/teams/setup.py)

    # The rulings page: a team's penalty, a table ruling against its line, its withdrawal.
    log_entrants_title = pgettext_lazy("the teams of an event", "Teams")
    penalty_recorded = _("Team %(n)d: −%(vp)d VP, −%(mp)d MP.")
    warning_recorded = _("Warning to team %(n)d recorded.")
    ruling_logged = _("Ruling for team %(n)d written to the referee's log.")
    guilty_title = _("Guilty team")
    penalty_title = _("Penalty on a team")
    penalty_help = _(
        "VP and/or MP taken away from the team in the general ranking: never a gift to the "
        "opponents (Art. 23)."
    )
    penalty_button = _("Apply")
    table_ruling_title = _("Late arrival beyond 10', abandonment or force majeure at a table")
    table_ruling_help = _(
        "Sets the score of the guilty team's line at that table from the catalogue (Art. 32); "
        "the match follows from its two tables."
    )
    adjust_title = _("Adjusted score at a table")
    adjust_help = _(
        "The referee sets each line's VP and MP at one table (Art. 15); the match follows from "
        "its two tables."
    )
    withdraw_title = _("Withdraw a team")
    withdraw_help = _(
        "Absent from the next turn to be seated on; a team that would have met it rests with "
        "the bye score (Art. 32, 33). Its results so far stay."
    )
    withdrawn_twice = _("Team %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Team %(n)d withdrawn: absent from turn %(t)d on.")
    no_such_member = _("A team's players are numbered 1 to 6 in the team's order.")
    entrant_page = "team_detail"
    flagged_title = pgettext_lazy("the teams of an event", "Teams")  # the teams' page
    flagged_query = ""

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """Each team's players with their place in the team (1-6, the team's order)."""
        return [
            (player.team.number, player.team_order, player)
            for player in tournament.players.filter(team__isnull=False)
            .select_related("team")
            .order_by("team__number", "team_order", "number")
        ]

    def seating_entries(self, tournament, numbers: set[int]) -> list[Entry]:
        """A team by its name (the alphabetical order is by team name) and its players'
        clubs."""
        clubs: dict[int, list[str]] = {}
        for team, club in tournament.players.filter(team__isnull=False).values_list(
            "team__number", "club"
        ):
            clubs.setdefault(team, []).append(club)
        return [
            Entry(number, surname=name, clubs=tuple(clubs.get(number, ())))
            for number, name in tournament.teams.order_by("number").values_list("number", "name")
            if number in numbers
        ]

    def first_turn_spread(self, tournament, count: int) -> dict:
        """The first turn's matches: the round robin's first round in the groups dealt from
        the order, or a Danish turn (the 1st against the 2nd…). A match is numbered by its
        open-room table."""
        places = list(range(count))
        if tournament.plan[0] == "round-robin":
            size = tournament.team_group_size
            groups = roundrobin.split_teams(places, **({"size": size} if size else {"count": 1}))
            matches = [(k, a, b) for k, _g, a, b in roundrobin.seat_round_robin(groups, 0).matches]
        else:
            matches = list(seat_team_danish(places, []).matches)
        meetings = [(2 * k - 1, a, b) for k, a, b in matches]
        return {"meetings": meetings, "block_turns": 1, "layout": "turn"}

"""What a kind of event is, seen from the tournament's side: what an entrant is and what the
pages call it. One subclass per kind (pairs, individual, teams), registered in one place
(`tournaments.kinds`); the scoring app extends each with its pages, results and standings
(`scoring.kinds`) and registers the extended kind in its place when Django starts."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Refused
from tournaments.movements.first_seating import Entry
from tournaments.rules.names import split_name
from tournaments.services import seating_lists


class EventKind:
    """The hooks every kind answers. Code never asks `if kind == …`: it asks the kind."""

    code = ""
    label = _("Pairs")
    # What an entrant is called, in the reader's language.
    entrant_noun = _("pair")
    entrants_noun = _("pairs")
    entrant_title = _("Pair")
    entrants_title = _("Pairs")
    # Where the referee registers the entrants (a desk page name).
    registration_page = "pairs"
    # The key that names an entrant in the rows of the JSON (prizes, standings): a code word.
    entrant_key = "pair"

    # The column that names an entrant beside its number (prizes).
    names_title = _("Players")
    # Sentences whose words agree with the entrant (Italian: la coppia ritirata, il giocatore
    # ritirato): %(n)d is the entrant's number, %(t)d a turn.
    withdrawn_twice = _("Pair %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Pair %(n)d withdrawn: absent from turn %(t)d on.")
    # Refusal of an admission naming a place the entrant has not.
    no_such_member = _("A pair has players 1 and 2.")

    # The desk page that edits one entrant (it takes the entrant's number).
    entrant_page = "pair_edit"
    # The registration page's list of the entrants the membership check flags.
    flagged_title = _("Pairs with problems")
    flagged_query = "?flag=problems"

    # The kind's words for pages, documents and messages (`tournament.words` is the kind).
    counted = ngettext_lazy("%(n)d pair", "%(n)d pairs", "n")  # `count(n)`
    your_pin = _("Your pair's PIN")  # the phone's PIN field
    slips = _("Slips per pair")  # the document of one slip each
    with_problems = _("Pairs with problems")  # the membership page's filter
    none_found = _("No pair found.")  # the players' search finds nobody
    wrong_pin = _("Wrong PIN for pair %(who)s.")  # a pair's number, a line's players, a team
    withdrawn = pgettext_lazy("a pair", "withdrawn after turn %(n)s")  # `withdrawn_after(n)`
    registered = "pair_count"  # the annotation the home list counts (HomeView)
    cards = _("Pair cards with PIN")  # a card with PIN each; None: the kind has none

    def count(self, n: int) -> str:
        return self.counted % {"n": n}

    def withdrawn_after(self, turn: int | None) -> str:
        """ "withdrawn after turn 2" (its gender in Italian); "" for one still playing."""
        return "" if turn is None else self.withdrawn % {"n": turn}

    def membership_entrants(self, tournament) -> list[tuple[int, int | None, object]]:
        """The players the membership check reads, in number order: (the entrant's number,
        the player's place in it — 1, 2… or None where the player is the entrant —, the
        Player)."""
        found: list[tuple[int, int | None, object]] = []
        for pair in tournament.pairs.select_related("player1", "player2").order_by("number"):
            found += [(pair.number, 1, pair.player1), (pair.number, 2, pair.player2)]
        return found

    def __str__(self) -> str:
        return str(self.label)

    # The command that imports this kind's entrants, and the message after creating an event.
    import_command = "pairs_import"
    created_message = _("Tournament created: now add the pairs.")
    # A turn is matches of two tables (team scoring, round-robin groups: Tournament fields).
    plays_matches = False
    # The partner changes every turn (Art. 2): the lists by surname name the turn's partner
    # and number each player alone (their column head: `number_head`).
    partner_changes = False
    number_head = _("Pair")
    search_label = _("Pair number or surname")  # the players' "where do I play"
    # The referee's log's column of the entrants a decision touches.
    log_entrants_title = _("Pairs")
    # An event of this kind in a sentence ("Coppie is a pairs event, …").
    event_phrase = pgettext_lazy("an event of this kind", "a pairs event")
    # The short word of the kind in the hub's lists.
    short_label = _("pairs")
    # The templates that differ by kind (a key missing: the kind shows nothing there):
    # `nav` (links beside the registration page's), `seating` (the desk's seating page),
    # `settings` (the settings card's lines).
    templates = {"seating": "tournaments/seating.html"}
    # The dashboard before turn 1: how many are registered, the registration page's links.
    registered_kpi = ngettext_lazy("%(n)s pair registered", "%(n)s pairs registered", "n")
    add_first = _("Add the pairs")
    add_more = _("Add or import more pairs")
    registration_badge = False  # the kind's name beside the count
    # More links beside the registration page's: (desk page, text, query string).
    registration_links = (("membership", _("Check the memberships"), ""),)
    # The rulings page: the guilty entrant of a table ruling, what a decision answers.
    guilty_title = _("Guilty pair")
    ruling_logged = _("Ruling for pair %(n)d written to the referee's log.")
    warning_recorded = _("Warning to pair %(n)d recorded.")
    penalty_recorded = _("Pair %(n)d: −%(vp)d VP, −%(mp)d MP.")
    # The rulings page's cards: the penalty (Art. 23), the table ruling from the catalogue
    # (Art. 32) and the adjusted score (Art. 15), as they apply to this kind's tables.
    penalty_title = _("Penalty or warning")
    penalty_help = _(
        "In the general ranking: never a gift to the opponents (Art. 23). Two warnings cost 1 VP."
    )
    penalty_button = _("Record")
    table_ruling_title = _("Late arrival beyond 10' or abandonment")
    table_ruling_help = _(
        "Sets the table's score from the catalogue: bye score to the present pair, at least "
        "14–6 to the innocent pair of an abandonment (Art. 32)."
    )
    adjust_title = _("Adjusted score")
    adjust_help = _("The referee sets each line's VP and MP (Art. 15).")
    # The rulings page's withdrawal and late arrival (Art. 32, 33).
    withdraw_title = _("Withdraw a pair")
    withdraw_help = _(
        "Absent from the next turn to be seated on; its opponents get the bye score (Art. 33)."
    )
    late_title = _("Late pair (turn 1)")
    late_help = _(
        "During turn 1 a late pair may complete the incomplete table and play against the pair "
        "that would rest (Art. 33)."
    )
    late_button = _("Seat the late pair")

    def registered_entrants(self, tournament) -> int:
        """How many entrants are registered: the pairs."""
        return tournament.pairs.count()

    def registered_text(self, tournament) -> str:
        """ "12 pairs registered", for the dashboard before turn 1."""
        return self.registered_kpi % {"n": self.registered_entrants(tournament)}

    def seating_units(self, tournament) -> int:
        """What the desk's state counts before turn 1 (two make a table): the entrants."""
        return self.registered_entrants(tournament)

    def seated_message(self, out) -> str:
        """The referee's message once a turn is seated (`out`: the seating's outcome)."""
        text = gettext("Turn %(n)d seated: %(t)d tables.") % {
            "n": out.turn.number,
            "t": len(out.tables),
        }
        if out.repeats:
            pairs = ", ".join(f"{a}–{b}" for a, b in out.repeats)
            text += " " + gettext("No seating avoided these pairs meeting again: %(p)s.") % {
                "p": pairs
            }
        if out.rest_again:
            pairs = ", ".join(str(p) for p in out.rest_again)
            text += " " + gettext("No seating avoided these pairs resting again: %(p)s.") % {
                "p": pairs
            }
        return text

    def by_surname(self, tables, byes, query: str = "") -> list:
        """Every player of the turn by surname, with the pair's number, table and line."""
        return seating_lists.by_surname(tables, byes, query)

    # The desk's swap of two entrants' seats in the last seated turn.
    swap_numbers_missing = _("Give the numbers of the two pairs to swap.")

    def swap_seats(self, tournament, a: int, b: int, *, confirmed=False, user=None) -> list:
        """Swap the seats of entrants `a` and `b`; the problems accepted (the scoring app's
        kinds answer: the seating reads the results)."""
        raise NotImplementedError("the scoring app's kinds swap seats")

    def swapped_message(self, a: int, b: int, problems: list) -> str:
        text = gettext("Pairs %(a)d and %(b)d swapped.") % {"a": a, "b": b}
        if problems:
            text += " " + gettext("Accepted against the rules: %(p)s") % {"p": " ".join(problems)}
        return text

    def check_membership_command(self) -> None:
        """`membership_check` reads this kind's players (a kind not wired refuses)."""

    # The seating of the next turn and its report on the command line: the scoring app's
    # kinds answer (the seating asks the results for its ranking).
    def seat_next(self, tournament, user=None):
        raise NotImplementedError("the scoring app's kinds seat a turn")

    def write_seating(self, stdout, tournament, out, as_json: bool) -> None:
        raise NotImplementedError("the scoring app's kinds write a seating")

    def desk_seating(self, tournament, turn) -> dict:
        """The desk's seating page of `turn`: its `tables` and `byes` and what this kind's
        page shows beside them (ranks, rests again, the Danish's skips…)."""
        raise NotImplementedError("the scoring app's kinds read a seating")

    # The tournament settings that apply to this kind (Tournament field names): the settings
    # form and page, `tournament_create` and the JSON export's "tournament" read them here.
    settings: tuple[str, ...] = ("last_danish_by_ranking",)
    # The plan words this kind accepts, the default first (Art. 2; docs/individual-and-teams.md).
    movements: tuple[str, ...] = (
        "mitchell",
        "danish",
        "danish-modified",
        "danish-groups",
        "danish-modified-groups",
    )

    def settings_shown(self, tournament) -> list[tuple[str, str]]:
        """(label, value) of this kind's settings, in the reader's language."""
        shown = []
        for name in self.settings:
            field = tournament._meta.get_field(name)
            value = getattr(tournament, name)
            if field.choices:
                value = getattr(tournament, f"get_{name}_display")()
            elif isinstance(value, bool):
                value = _("yes") if value else _("no")
            shown.append((str(field.verbose_name), str(value)))
        return shown

    def settings_data(self, tournament) -> dict:
        """This kind's settings as the JSON export's "tournament" holds them."""
        return {name: getattr(tournament, name) for name in self.settings}

    # How an event of this kind is called in a sentence ("not used in team events").
    adjective = pgettext_lazy("tournaments of this kind", "pairs")
    # The pages of this kind: page name -> view class (the scoring app's kinds fill them).
    desk_pages: dict = {}
    public_pages: dict = {}

    # What the seating needs from the results. The seating lives here, the results in the
    # scoring app, which builds on this one: the scoring app's kinds (scoring.kinds) answer
    # these hooks, so that `tournaments` never imports `scoring`.
    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        """The standings rows after turn `after_turn`, best first: each row's `pair` is the
        entrant's number (pair, player or team) and `vp` its VP. A Danish turn and the cut
        into groups start from it."""
        raise NotImplementedError("the scoring app's kinds rank the entrants")

    # The Danish in groups (docs/national.md): how many entrants a table seats, and who is
    # present for turn `number` (the groups are cut from them).
    group_seats = 2
    group_step = 1  # the tables one meeting takes (a team match: 2); a group's size in tables
    # is a multiple of it
    group_rule = _("A table seats two pairs: a group of t tables holds 2t pairs.")

    def entrants_present(self, tournament, number: int) -> set[int]:
        """The numbers of the entrants playing turn `number` (not withdrawn before it)."""
        return set(
            tournament.pairs.filter(
                Q(withdrawn_after_turn__isnull=True) | Q(withdrawn_after_turn__gte=number)
            ).values_list("number", flat=True)
        )

    def entrant_names(self, tournament) -> dict[int, str]:
        """Entrant number -> how the pages name it beside its number (a pair: its players)."""
        return {
            p.number: f"{p.player1.name} – {p.player2.name}"
            for p in tournament.pairs.select_related("player1", "player2")
        }

    # The first seating (Art. 2; tournaments.services.first_seating asks these two hooks).
    def seating_entries(self, tournament, numbers: set[int]) -> list:
        """The `first_seating.Entry` rows of the entrants `numbers`, in number order: what the
        alphabetical order sorts and what `spread` keeps apart."""
        raise NotImplementedError

    def first_turn_spread(self, tournament, count: int) -> dict:
        """How the first turn's places meet, as `first_seating.spread` takes it (keyword
        arguments) for a field of `count` entrants; "block_turns" and "layout" are for the
        report."""
        raise NotImplementedError

    def bye_score(self, tournament):
        """The score of an entrant without opponent in a turn (`vp`, `mp`; Art. 33)."""
        raise NotImplementedError("the scoring app's kinds score a bye")

    def desk_view(self, name: str):
        """This kind's view for a desk page, or None when the page has no meaning here."""
        return self.view_of(self.desk_pages, name)

    def public_view(self, name: str):
        """This kind's view for a players' page, or None."""
        return self.view_of(self.public_pages, name)

    def view_of(self, pages: dict, name: str):
        found = pages.get(name)
        if found is None:
            return None
        views = self.__dict__.setdefault("views", {})
        key = (id(pages), name)
        if key not in views:
            view_class, initkwargs = found if isinstance(found, tuple) else (found, {})
            views[key] = view_class.as_view(**initkwargs)
        return views[key]

    # The commands every kind answers (withdraw, swap, table_ruling --guilty,
    # membership_admit --entrant): each scoring kind implements them over its own services;
    # a kind that has not got one yet refuses in one line.

    def not_available(self, action) -> Refused:
        return Refused(
            gettext("%(action)s is not available for %(kind)s events yet.")
            % {"action": action, "kind": self.adjective}
        )

    def withdraw(self, tournament, number: int, *, reason: str, after_turn=None, user=None) -> int:
        """The entrant `number` leaves: absent from the next turn to be seated on. Returns the
        last turn it plays."""
        raise self.not_available(gettext("Withdrawal"))

    def swap(self, tournament, turn_number: int, a: int, b: int, *, reason, force=False, user=None):
        """Exchange the seats of entrants `a` and `b` in the seated turn `turn_number`, before
        any result; against the rules only with `force`. Returns the problems accepted."""
        raise self.not_available(gettext("A swap"))

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line at that table that belongs to entrant `number` (for a table ruling)."""
        raise self.not_available(gettext("A table ruling"))

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """The membership check's admission of entrant `number` (or of its `member`-th player)."""
        raise self.not_available(gettext("Admission"))


def entry_by_name(number: int, person, **fields) -> Entry:
    """Entrant `number`'s first-seating entry, named by `person`'s surname and given name (a
    name not given in parts is split), with the kind's other `fields` (partner, clubs…)."""
    surname, given = (
        (person.surname, person.given_name) if person.surname else split_name(person.name)
    )
    return Entry(number, surname=surname, given_name=given, **fields)

"""What a kind of event is, seen from the tournament's side: what an entrant is and what the
pages call it. One subclass per kind (pairs, individual, teams), registered in one place
(`tournaments.kinds`); the scoring app extends each with its pages, results and standings
(`scoring.kinds`) and registers the extended kind in its place when Django starts."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Refused


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

    # The tournament settings that apply to this kind (Tournament field names): the settings
    # form and page, `tournament_create` and the JSON export's "tournament" read them here.
    settings: tuple[str, ...] = ("last_danish_by_ranking",)

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

    def entrants_present(self, tournament, number: int) -> set[int]:
        """The numbers of the entrants playing turn `number` (not withdrawn before it)."""
        return set(
            tournament.pairs.filter(line_turn__isnull=True)
            .filter(Q(withdrawn_after_turn__isnull=True) | Q(withdrawn_after_turn__gte=number))
            .values_list("number", flat=True)
        )

    def entrant_names(self, tournament) -> dict[int, str]:
        """Entrant number -> how the pages name it beside its number (a pair: its players)."""
        return {
            p.number: f"{p.player1.name} – {p.player2.name}"
            for p in tournament.pairs.filter(line_turn__isnull=True).select_related(
                "player1", "player2"
            )
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

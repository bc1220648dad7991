"""What a kind of event is, seen from the tournament's side: what an entrant is and what the
pages call it. One subclass per kind (pairs, individual, teams), registered in one place
(`tournaments.kinds`); the scoring app extends each with its pages, results and standings
(`scoring.kinds`) and registers the extended kind in its place when Django starts."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


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
    # The column that names an entrant beside its number (prizes).
    names_title = _("Players")
    # The key that names an entrant in the contract's JSON rows (prizes, problems).
    entrant_key = "pair"
    # Sentences whose words agree with the entrant (Italian: la coppia ritirata, il giocatore
    # ritirato): %(n)d is the entrant's number, %(t)d a turn.
    withdrawn_twice = _("Pair %(n)d already withdrew after turn %(t)d.")
    withdrawn_done = _("Pair %(n)d withdrawn: absent from turn %(t)d on.")

    def __str__(self) -> str:
        return str(self.label)

    # How an event of this kind is called in a sentence ("not used in team events").
    adjective = pgettext_lazy("tournaments of this kind", "pairs")
    # The pages of this kind: page name -> view class (the scoring app's kinds fill them).
    desk_pages: dict = {}
    public_pages: dict = {}

    # Where the membership page links an entrant (a desk page taking its number).
    entrant_page = "pair_edit"
    # Refusal of an admission naming a place the entrant has not.
    no_such_member = _("A pair has players 1 and 2.")

    def members(self, tournament) -> list[tuple[int, int, object]]:
        """(entrant number, the player's place in it, the player) of every registered player,
        as the membership check reads them: here the two players of each pair."""
        return [
            (pair.number, place, player)
            for pair in tournament.pairs.filter(line_turn__isnull=True)
            .select_related("player1", "player2")
            .order_by("number")
            for place, player in ((1, pair.player1), (2, pair.player2))
        ]

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

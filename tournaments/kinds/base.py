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

    def __str__(self) -> str:
        return str(self.label)

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

"""A score sheet entered deal by deal: the totals by the tournament's game rules
(`scoring.rules.deals`) and the rules' messages in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.rules import deals as rules
from tournaments.errors import Refused
from tournaments.models import Tournament

KIND_LABELS = {
    "royal": gettext_lazy("Royal"),
    "super": gettext_lazy("Super"),
    "clean": gettext_lazy("Clean"),
    "semi_clean": gettext_lazy("Semi-clean"),
    "dirty": gettext_lazy("Dirty"),
}


def totals_from_deals(tournament: Tournament, deal_lines) -> tuple[int, int, tuple]:
    """The two line totals of a score sheet entered deal by deal, by the tournament's game
    rules, and the breakdown to keep with the result (and print on the filled sheet)."""
    try:
        variant = rules.get_variant(tournament.game_variant)
        ns, ew, scored = rules.score_deals(variant, deal_lines, tournament.deals)
    except rules.DealError as exc:
        raise Refused(deal_message(exc)) from None
    record = tuple(
        {
            "ns": {"base": a.base, "cards": a.cards, "total": a.total},
            "ew": {"base": b.base, "cards": b.cards, "total": b.total},
        }
        for a, b in scored
    )
    return ns, ew, record


def deal_message(exc) -> str:
    """A DealError of the pure rules, in the reader's language."""
    params = {k: _(v) if isinstance(v, str) else v for k, v in exc.params.items()}
    if "kind" in params:
        params["kind"] = str(KIND_LABELS.get(exc.params["kind"], exc.params["kind"])).lower()
    text = _(exc.message) % params if params else _(exc.message)
    return _("Deal %(d)d: %(problem)s") % {"d": exc.deal, "problem": text} if exc.deal else text

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


LINE_KEYS = {"burracos", "closed", "pot_taken", "on_table", "in_hand", "clean_lengths"}


def deals_from_json(data) -> list[tuple[rules.LineDeal, rules.LineDeal]]:
    """The scripting contract's deals: a list with one object per deal, {"ns": LINE, "ew":
    LINE}, each LINE {"burracos": {"clean": 1, "semi_clean": 0, "dirty": 1}, "closed": true,
    "pot_taken": true, "on_table": 455, "in_hand": 0}. Shapes only: the rules check values."""
    if not isinstance(data, list) or not data:
        raise Refused(_("The deals are a list with one object per deal."))
    out = []
    for number, deal in enumerate(data, start=1):
        if not isinstance(deal, dict) or set(deal) != {"ns", "ew"}:
            raise Refused(
                _('Deal %(d)d: give exactly the two lines, "ns" and "ew".') % {"d": number}
            )
        out.append(tuple(_line(number, deal[key]) for key in ("ns", "ew")))
    return out


def _line(number: int, line) -> rules.LineDeal:
    if not isinstance(line, dict):
        raise Refused(_("Deal %(d)d: a line is an object.") % {"d": number})
    unknown = sorted(set(line) - LINE_KEYS)
    if unknown:
        raise Refused(
            _("Deal %(d)d: unknown key %(key)s (known: %(known)s).")
            % {"d": number, "key": unknown[0], "known": ", ".join(sorted(LINE_KEYS))}
        )
    burracos = line.get("burracos", {})
    if not isinstance(burracos, dict):
        raise Refused(_('Deal %(d)d: "burracos" maps each kind to a count.') % {"d": number})
    for key in ("closed", "pot_taken"):
        if key in line and not isinstance(line[key], bool):
            raise Refused(_("Deal %(d)d: %(key)s is true or false.") % {"d": number, "key": key})
    lengths = line.get("clean_lengths", [])
    if not isinstance(lengths, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in lengths
    ):
        raise Refused(_("Deal %(d)d: clean_lengths is a list of numbers.") % {"d": number})
    return rules.LineDeal(
        burracos={str(k): v for k, v in burracos.items() if v != 0},  # 0: kind not used
        closed=line.get("closed", False),
        pot_taken=line.get("pot_taken", True),
        on_table=line.get("on_table", 0),
        in_hand=line.get("in_hand", 0),
        clean_lengths=tuple(lengths),
    )

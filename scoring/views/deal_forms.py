"""The score sheet deal by deal, as a form: one set of fields per deal and line.

Used by the referee's entry and by the table's phone page. The arithmetic and the rules are
in `scoring.rules.deals`; this form only reads numbers and ticks.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from scoring.rules import deals as rules
from scoring.services.deal_entry import KIND_LABELS, deal_message, totals_from_deals
from tournaments.errors import Refused
from tournaments.rules.text import ascii_int

LINES = (("ns", gettext_lazy("N-S")), ("ew", gettext_lazy("E-W")))


class DealsForm(forms.Form):
    def __init__(self, *args, variant: rules.Variant, deals: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant, self.deals = variant, deals
        number = {
            "min_value": 0,
            "required": False,
            "widget": forms.NumberInput(attrs={"class": "small", "inputmode": "numeric"}),
        }
        for d in range(1, deals + 1):
            for line, _label in LINES:
                prefix = f"d{d}_{line}_"
                for kind in variant.burracos:
                    self.fields[prefix + kind] = forms.IntegerField(
                        label=KIND_LABELS[kind], max_value=12, **number
                    )
                self.fields[prefix + "closed"] = forms.BooleanField(
                    label=_("Closing"), required=False
                )
                self.fields[prefix + "no_pot"] = forms.BooleanField(
                    label=_("Pozzetto not taken"), required=False
                )
                self.fields[prefix + "table"] = forms.IntegerField(
                    label=_("Cards on the table"), max_value=rules.MAX_CARDS_ON_TABLE, **number
                )
                self.fields[prefix + "hand"] = forms.IntegerField(
                    label=_("Cards in hand"), max_value=rules.MAX_CARDS_IN_HAND, **number
                )
                if variant.long_clean_bonus:
                    self.fields[prefix + "lengths"] = forms.CharField(
                        label=_("Length of each clean burraco"),
                        required=False,
                        max_length=60,
                        widget=forms.TextInput(attrs={"class": "small", "placeholder": "9, 8"}),
                    )

    def rows(self):
        """For the template: deal number, then per line its bound fields."""
        for d in range(1, self.deals + 1):
            yield (
                d,
                [
                    (label, [self[f"d{d}_{line}_{name}"] for name in self._names()])
                    for line, label in LINES
                ],
            )

    def _names(self):
        names = list(self.variant.burracos) + ["closed", "no_pot", "table", "hand"]
        return names + (["lengths"] if self.variant.long_clean_bonus else [])

    def line_deal(self, d: int, line: str) -> rules.LineDeal | None:
        data = self.cleaned_data
        prefix = f"d{d}_{line}_"
        counts = {k: data.get(prefix + k) or 0 for k in self.variant.burracos}
        touched = (
            any(counts.values())
            or data.get(prefix + "closed")
            or data.get(prefix + "no_pot")
            or data.get(prefix + "table") is not None
            or data.get(prefix + "hand") is not None
        )
        if not touched:
            return None
        lengths = []
        for part in (data.get(prefix + "lengths") or "").replace(";", ",").split(","):
            if part.strip():
                length = ascii_int(part)
                if length is None or not 0 <= length <= 108:
                    raise rules.DealError(gettext_noop("%(v)s is not a length"), v=part[:20])
                lengths.append(length)
        return rules.LineDeal(
            burracos=counts,
            closed=bool(data.get(prefix + "closed")),
            pot_taken=not data.get(prefix + "no_pot"),
            on_table=data.get(prefix + "table") or 0,
            in_hand=data.get(prefix + "hand") or 0,
            clean_lengths=lengths,
        )

    def deal_lines(self) -> list[tuple[rules.LineDeal, rules.LineDeal]]:
        """The deals entered, in order; a deal needs both lines (an empty one ends the list)."""
        out = []
        for d in range(1, self.deals + 1):
            ns, ew = self.line_deal(d, "ns"), self.line_deal(d, "ew")
            if ns is None and ew is None:
                continue
            if ns is None or ew is None:
                raise rules.DealError(gettext_noop("enter both lines"), deal=d)
            out.append((ns, ew))
        return out


def deals_form(tournament, data=None) -> DealsForm:
    return DealsForm(
        data, variant=rules.get_variant(tournament.game_variant), deals=tournament.deals
    )


def totals(tournament, form: DealsForm):
    """(ns, ew, breakdown) from a bound, valid deals form; Refused with the reason if not."""
    try:
        lines = form.deal_lines()
    except rules.DealError as exc:
        raise Refused(deal_message(exc)) from None
    return totals_from_deals(tournament, lines)

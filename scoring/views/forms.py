from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import Ruling
from scoring.services.prizes import MAX_PRIZES
from scoring.services.results import MAX_POINTS
from tournaments.fields import CodeField, NameField
from tournaments.views.forms import PlayerNamesForm


def version_field() -> forms.IntegerField:
    """The version the form was read at (`scoring.services.versions`): hidden, optional (a
    form without one takes the current version, as the commands do)."""
    return forms.IntegerField(
        required=False,
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={
            "invalid": _("This form's version cannot be read: reload the page."),
            "min_value": _("This form's version cannot be read: reload the page."),
        },
    )


def carry_version(form, value: int):
    """Put the version read now into a form about to be shown. An empty form takes it; a form
    shown again after a refusal keeps the version its referee read, unless it was refused as
    stale (`form.stale`: the page now shows what changed, saving again applies the form)."""
    if not form.is_bound:
        form.initial["version"] = value
    elif getattr(form, "stale", False) or not form.data.get("version"):
        form.data = form.data.copy()
        form.data["version"] = value
    return form


def points_field(label, **attrs) -> forms.IntegerField:
    """A line's total: whole points, within the plausible range (the rules check the 5s)."""
    return forms.IntegerField(
        label=label,
        min_value=-MAX_POINTS,
        max_value=MAX_POINTS,
        required=False,
        widget=forms.NumberInput(attrs={"step": 5, **attrs}),
    )


class ScoreForm(forms.Form):
    """The referee's quick entry: table, N-S total, E-W total (and a reason for a correction).
    With `by_deals` the totals come from the deals instead (see scoring.views.deal_forms)."""

    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        max_value=99999,
        widget=forms.NumberInput(attrs={"autocomplete": "off"}),
    )
    ns = points_field(_("N-S points"), autocomplete="off")
    ew = points_field(_("E-W points"), autocomplete="off")
    reason = forms.CharField(label=_("Reason for the correction"), max_length=500, required=False)
    late_correction = forms.BooleanField(
        label=_("Late correction"),
        required=False,
        help_text=_(
            "The next turn is already seated: Art. 31 allows only the N-S/E-W swap. Tick to "
            "change the points anyway; the seating already made stays as it is and the "
            "correction is flagged in the history, the log and the documents."
        ),
    )
    accept_impossible = forms.BooleanField(label=_("The score is right"), required=False)
    version = version_field()

    def __init__(self, *args, by_deals: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.by_deals = by_deals

    def clean(self):
        data = super().clean()
        data["by_deals"] = self.by_deals
        if not self.by_deals:
            for name in ("ns", "ew"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Enter the points."))
                elif data.get(name) is not None and data[name] % 5:
                    self.add_error(name, _("Points are always a multiple of 5."))
        return data


class EntrantLabel:
    """A form whose `pair` field names the event's entrant as its kind does: `entrant` is
    its label (the kind's `entrant_title` or `guilty_title`), `choices` the entrants offered
    where the number is not typed (a team event's teams), `name` the field's name as posted
    ("pair"; a team event's "team"). `cleaned_data["entrant"]` is the number, by any name."""

    def __init__(self, *args, entrant=None, choices=None, name="pair", **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["pair"]
        if entrant is not None:
            field.label = entrant
        if choices is not None:
            field = forms.TypedChoiceField(label=field.label, coerce=int, choices=choices)
        self.fields = {
            (name if key == "pair" else key): (field if key == "pair" else each)
            for key, each in self.fields.items()
        }
        self.entrant_name = name

    def clean(self):
        data = super().clean()
        data["entrant"] = data.get(self.entrant_name)
        return data


class PenaltyForm(EntrantLabel, forms.Form):
    pair = forms.IntegerField(label=_("Pair"), min_value=1)
    ruling = forms.ChoiceField(label=_("Ruling"), required=False)
    vp = forms.IntegerField(
        label=_("VP taken away"),
        min_value=0,
        max_value=600,
        required=False,
        help_text=_("Empty: the ruling's default."),
    )
    mp = forms.IntegerField(
        label=_("MP taken away"),
        min_value=0,
        max_value=50000,
        required=False,
        help_text=_("Empty: the ruling's default."),
    )
    turn = forms.IntegerField(
        label=_("Turn"), min_value=1, required=False, help_text=_("Empty: the last seated turn.")
    )
    table = forms.IntegerField(label=_("Table"), min_value=1, required=False)
    reason = forms.CharField(label=_("Reason"), max_length=500)
    version = version_field()

    def __init__(self, *args, rulings=(), **kwargs):
        """`rulings`: the catalogue's penalties to choose from; None: VP and MP typed only
        (a team event's penalty)."""
        super().__init__(*args, **kwargs)
        if rulings is None:
            del self.fields["ruling"]
            for name in ("vp", "mp"):
                self.fields[name].help_text = ""
            return
        self.fields["ruling"].choices = [("", _("— free penalty —"))] + [
            (r.code, f"{r.article} {r.title}".strip()) for r in rulings
        ]


class TableRulingForm(EntrantLabel, forms.Form):
    turn = forms.IntegerField(label=_("Turn"), min_value=1)
    table = forms.IntegerField(label=_("Table"), min_value=1)
    pair = forms.IntegerField(label=_("Guilty pair"), min_value=1)
    ruling = forms.ChoiceField(label=_("Ruling"))
    reason = forms.CharField(label=_("Reason"), max_length=500, required=False)
    version = version_field()

    def __init__(self, *args, rulings=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruling"].choices = [
            (r.code, f"{r.article} {r.title}".strip()) for r in rulings
        ]


class AdjustForm(forms.Form):
    turn = forms.IntegerField(label=_("Turn"), min_value=1)
    table = forms.IntegerField(label=_("Table"), min_value=1)
    ns_vp = forms.IntegerField(label=_("N-S VP"), min_value=0, max_value=20)
    ew_vp = forms.IntegerField(label=_("E-W VP"), min_value=0, max_value=20)
    ns_mp = forms.IntegerField(
        label=_("N-S MP"), required=False, help_text=_("Empty: the lowest difference for those VP.")
    )
    ew_mp = forms.IntegerField(label=_("E-W MP"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=500)
    version = version_field()


class WithdrawForm(EntrantLabel, forms.Form):
    pair = forms.IntegerField(label=_("Pair"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=500)


class RulingForm(forms.ModelForm):
    """A referee's own ruling, for this tournament only (the federation's catalogue is edited
    by staff in the admin)."""

    class Meta:
        model = Ruling
        fields = ["code", "article", "title", "description", "effect", "vp", "mp"]

    def validate_unique(self):
        """Uniqueness is the service's (`decisions.add_ruling`): per tournament and against
        the federation's codes."""


class LatePairForm(PlayerNamesForm):
    field_order = ["surname1", "given1", "membership1", "surname2", "given2", "membership2"]
    membership1 = CodeField(label=_("Membership number 1"), max_length=40, required=False)
    membership2 = CodeField(label=_("Membership number 2"), max_length=40, required=False)
    club = NameField(label=_("Club"), max_length=120, required=False)


def prize_cell(label, size: int, maxlength: int, **attrs) -> forms.CharField:
    """One text cell of the prize table, its label read out by screen readers."""
    widget = {"aria-label": label, "size": size, "maxlength": maxlength, "autocomplete": "off"}
    return forms.CharField(
        label=label, required=False, widget=forms.TextInput(attrs={**widget, **attrs})
    )


class PrizeRowForm(forms.Form):
    """One row of the desk's prize table: every cell is text, read by the rules (which name
    the row of any problem); a comma is just a comma."""

    group = prize_cell(_("Group"), 2, 2)
    place = prize_cell(_("Place"), 3, 6, inputmode="numeric")
    prize = prize_cell(_("Prize"), 40, 200)
    turns = prize_cell(_("Turns"), 5, 9, placeholder="9-11")
    club = prize_cell(_("Club"), 16, 120)

    def cells(self) -> list[str]:
        """The row as the rules read it: group, place, prize, turns, club ("" when blank
        or removed)."""
        data = getattr(self, "cleaned_data", {})
        if data.get("DELETE"):
            return [""] * 5
        return [data.get(name) or "" for name in ("group", "place", "prize", "turns", "club")]


class BasePrizeFormSet(forms.BaseFormSet):
    def add_fields(self, form, index):
        super().add_fields(form, index)
        form.fields["DELETE"].label = _("Remove")
        form.fields["DELETE"].widget.attrs.update({"aria-label": _("Remove"), "class": "remove"})


def prize_formset(*args, extra: int = 3, **kwargs):
    """The desk's prize table: the rows given, `extra` blank ones to fill, a box to remove
    each row (a small script adds rows; without it saving brings new blank rows)."""
    formset = forms.formset_factory(
        PrizeRowForm,
        formset=BasePrizeFormSet,
        extra=extra,
        can_delete=True,
        max_num=MAX_PRIZES + 50,
        absolute_max=MAX_PRIZES + 50,
    )
    return formset(*args, prefix="prizes", **kwargs)

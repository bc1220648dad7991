from django import forms
from django.utils.translation import gettext_lazy as _


class ScoreForm(forms.Form):
    """The referee's quick entry: table, N-S total, E-W total (and a reason for a correction)."""

    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        max_value=99999,
        widget=forms.NumberInput(attrs={"autocomplete": "off"}),
    )
    ns = forms.IntegerField(
        label=_("N-S points"),
        min_value=-50000,
        max_value=50000,
        widget=forms.NumberInput(attrs={"step": 5, "autocomplete": "off"}),
    )
    ew = forms.IntegerField(
        label=_("E-W points"),
        min_value=-50000,
        max_value=50000,
        widget=forms.NumberInput(attrs={"step": 5, "autocomplete": "off"}),
    )
    reason = forms.CharField(label=_("Reason for the correction"), max_length=500, required=False)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean_ns(self):
        return self._multiple_of_5("ns")

    def clean_ew(self):
        return self._multiple_of_5("ew")

    def _multiple_of_5(self, name):
        value = self.cleaned_data[name]
        if value % 5:
            raise forms.ValidationError(_("Points are always a multiple of 5."))
        return value

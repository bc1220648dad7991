"""Form fields that read what people type the way the app's rules want it.

`ascii_integers()` (installed once by the app's `ready()`) makes every Django IntegerField of
every form, model forms included, read ASCII digits 0-9 only and refuse numbers beyond what
the database stores: Django's own field runs `int()`, which accepts Arabic-Indic or
full-width digits ("١٢٣" would be 123) and any size of number.
`NameField` / `CodeField`: names and membership numbers without invisible characters.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.rules.text import clean_code, clean_text, has_foreign_digits, parse_int

# The database's integer (PostgreSQL's and SQLite's signed 32-bit range is what the models use).
LARGEST = 2_147_483_647


def _to_python(self, value):
    value = forms.Field.to_python(self, value)
    if value in self.empty_values:
        return None
    if self.localize:
        from django.utils import formats

        value = formats.sanitize_separators(value)
    text = str(value)
    number = None if has_foreign_digits(text) or len(text) > 40 else parse_int(value)
    if number is None:
        raise ValidationError(self.error_messages["invalid"], code="invalid")
    if not -LARGEST <= number <= LARGEST:
        raise ValidationError(
            _("Enter a number between %(low)s and %(high)s."),
            code="out_of_range",
            params={"low": -LARGEST, "high": LARGEST},
        )
    return number


def ascii_integers() -> None:
    forms.IntegerField.to_python = _to_python


class NameField(forms.CharField):
    """A person's or a club's name: invisible characters removed, spaces collapsed."""

    def to_python(self, value):
        value = super().to_python(value)
        return clean_text(value) if value else value


class CodeField(NameField):
    """A membership number."""

    def to_python(self, value):
        value = forms.CharField.to_python(self, value)
        return clean_code(value) if value else value

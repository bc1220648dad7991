"""Messages of the pure rules: an English msgid and its parameters, translated by the adapter.

The rules never translate (no Django here). `_` only marks a msgid for `makemessages`; a
refusal raises :class:`RuleError`, whose `message` and `params` the adapter passes through
gettext, exactly as `scoring.rules.deals.DealError`.
"""

from __future__ import annotations


def _(message: str) -> str:
    """Marks a message for translation (the adapter translates it): no Django here."""
    return message


class RuleError(ValueError):
    """Input the rules refuse: `message` % `params`, in English until the adapter translates
    it (the parameters are plain values: numbers, text, dates)."""

    def __init__(self, message: str, **params):
        self.message, self.params = message, params
        super().__init__(message % params if params else message)

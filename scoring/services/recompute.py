"""The recomputation of a received package (`scoring.rules.recompute`) in words and as the
contract's JSON: the differences and the reasons what could not be judged, in the active
language (the rules give English msgids and their parameters)."""

from __future__ import annotations

from django.utils.translation import gettext

from scoring.rules import recompute as rules


def say(message: str, params: dict) -> str:
    """A msgid and its parameters in the active language (a parameter may be a pair)."""
    resolved = {k: say(*v) if isinstance(v, tuple) else v for k, v in params.items()}
    text = gettext(message)
    return text % resolved if resolved else text


def difference_text(difference: dict) -> str:
    return say(*rules.describe(difference))


def reason_text(reason) -> str:
    _code, message, params = reason
    return say(message, params)


def reasons_json(found: rules.Recomputation) -> list[dict]:
    """`cannot_recompute` of the contract: each reason's code and message."""
    return [{"code": r[0], "message": reason_text(r)} for r in found.cannot]

class Refused(Exception):
    """An action the rules or the data do not allow; the message says why.

    Raised before anything is written (or inside a transaction that rolls
    back), so a refusal never leaves a partial change behind.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class RowsRefused(Refused):
    """A file refused for its rows: `message` names the first problem, `lines` every one with
    its row number ("riga 33: …"), for a page that lists them all."""

    def __init__(self, message: str, lines: list[str]):
        super().__init__(message)
        self.lines = lines


class NeedsConfirmation(Refused):
    """Allowed only if the referee confirms: the message lists what the rules say against it."""


class NeedsReason(Refused):
    """A change of something already recorded: allowed with a reason."""


class NeedsLateCorrection(Refused):
    """A change of a turn whose next turn is seated (Art. 31): allowed only as a late
    correction explicitly accepted by the referee."""


def rule_refusal(exc) -> Refused:
    """A `RuleError` of the pure rules as a refusal, in the reader's language."""
    from django.utils.translation import gettext

    message = gettext(exc.message)
    return Refused(message % exc.params if exc.params else message)


class ImpossibleTotal(Refused):
    """A line total the turn's deals cannot produce (Art. 29): recorded only when the referee
    states that the score is right and gives the reason; the phones never record one."""

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


class NeedsConfirmation(Refused):
    """Allowed only if the referee confirms: the message lists what the rules say against it."""


class NeedsReason(Refused):
    """A change of something already recorded: allowed with a reason."""


class NeedsLateCorrection(Refused):
    """A change of a turn whose next turn is seated (Art. 31): allowed only as a late
    correction explicitly accepted by the referee."""

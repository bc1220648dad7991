"""What a ranking may be ordered by after the VP: pure Python, no Django import.

The tie-breaks are a tournament's setting (the organiser's choice, Codice di Gara): the
`Tournament` model validates the referee's choice against `TIEBREAKS`, and
`scoring.rules.standings` applies them. They live here, in the lower app, so that both reach
them without `tournaments` importing `scoring`.
"""

TIEBREAKS = ("mp", "h2h", "number")  # MP difference, head-to-head, entrant number
DEFAULT_TIEBREAKS = ("mp", "h2h", "number")

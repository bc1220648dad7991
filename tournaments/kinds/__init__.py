"""The registry of the kinds of event: the one place that maps a tournament's `kind` to the
object that knows how that kind behaves.

The tournaments app registers its own kinds (what an entrant is); the scoring app, which
builds on it, registers extended kinds in their place when Django starts
(`scoring.apps.ScoringConfig.ready`), so every caller gets the whole behaviour through
`kind_of` without importing the upper app.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournaments.errors import Refused
from tournaments.kinds.base import EventKind
from tournaments.kinds.individual.kind import IndividualKind
from tournaments.kinds.pairs.kind import PairsKind
from tournaments.kinds.teams.kind import TeamsKind

_REGISTRY: dict[str, EventKind] = {}


def register(kind: EventKind) -> None:
    """Make `kind` answer for its code (a later registration replaces an earlier one)."""
    _REGISTRY[kind.code] = kind


def kind_of(tournament_or_code) -> EventKind:
    """The kind of a tournament (or of a kind's code); pairs for anything unknown."""
    code = getattr(tournament_or_code, "kind", tournament_or_code)
    return _REGISTRY.get(code) or _REGISTRY["pairs"]


def require(tournament, code: str) -> None:
    """Refuse a step made for events of the kind `code` (pairs, individual, teams) in an
    event of another kind, saying what this one is and what it registers."""
    kind = kind_of(tournament)
    if kind.code != code:
        raise Refused(
            gettext(
                "%(name)s is %(this)s, not %(wanted)s: it registers %(entrants)s (%(command)s)."
            )
            % {
                "name": tournament.name,
                "this": kind.event_phrase,
                "wanted": kind_of(code).event_phrase,
                "entrants": kind.entrants_noun,
                "command": kind.import_command,
            }
        )


def registered() -> dict[str, EventKind]:
    return dict(_REGISTRY)


def all_settings() -> tuple[str, ...]:
    """Every kind's settings (Tournament field names), each once, in the kinds' order."""
    return tuple(dict.fromkeys(name for kind in _REGISTRY.values() for name in kind.settings))


for _kind in (PairsKind(), IndividualKind(), TeamsKind()):
    register(_kind)

__all__ = [
    "EventKind",
    "IndividualKind",
    "PairsKind",
    "TeamsKind",
    "all_settings",
    "kind_of",
    "register",
    "registered",
    "require",
]

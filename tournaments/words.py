"""The words each kind of event uses for what it registers: pairs, players or teams (Art. 2).

One place that knows the nouns: pages, documents and messages ask `tournament.words` (a
`KindWords`) instead of choosing a word by kind themselves."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy


@dataclass(frozen=True)
class KindWords:
    entrant: Promise  # a column's head: "Pair", "Player", "Team"
    entrants: Promise  # "Pairs", "Players", "Teams"
    counted: Promise  # "%(n)d pairs": `words.count(n)`
    your_pin: Promise  # the phone's PIN field
    slips: Promise  # the document of one slip each
    with_problems: Promise  # the membership page's filter
    none_found: Promise  # the players' search finds nobody
    wrong_pin: Promise  # "%(who)s": a pair's number, a line's players, a team
    withdrawn: Promise  # "%(n)s": a withdrawn entrant's mark, `words.withdrawn_after(n)`
    registered: str  # the annotation the home list counts (tournaments.views.desk.HomeView)
    cards: Promise | None  # the document of a card with PIN each; None: the kind has none

    def count(self, n: int) -> str:
        return self.counted % {"n": n}

    def withdrawn_after(self, turn: int | None) -> str:
        """ "withdrawn after turn 2" (its gender in Italian); "" for one still playing."""
        return "" if turn is None else self.withdrawn % {"n": turn}


PAIRS = KindWords(
    entrant=_("Pair"),
    entrants=_("Pairs"),
    counted=ngettext_lazy("%(n)d pair", "%(n)d pairs", "n"),
    your_pin=_("Your pair's PIN"),
    slips=_("Slips per pair"),
    with_problems=_("Pairs with problems"),
    none_found=_("No pair found."),
    wrong_pin=_("Wrong PIN for pair %(who)s."),
    withdrawn=pgettext_lazy("a pair", "withdrawn after turn %(n)s"),
    registered="pair_count",
    cards=_("Pair cards with PIN"),
)

INDIVIDUAL = KindWords(
    entrant=_("Player"),
    entrants=_("Players"),
    counted=ngettext_lazy("%(n)d player", "%(n)d players", "n"),
    your_pin=_("Your line's PIN (on this turn's slip)"),
    slips=_("Slips per player"),
    with_problems=_("Players with problems"),
    none_found=_("No player found."),
    wrong_pin=_("Wrong PIN for the line %(who)s."),
    withdrawn=pgettext_lazy("a player", "withdrawn after turn %(n)s"),
    registered="player_count",
    cards=None,  # a line's PIN is on the turn's slips
)

TEAMS = KindWords(
    entrant=_("Team"),
    entrants=pgettext_lazy("the teams of an event", "Teams"),
    counted=ngettext_lazy("%(n)d team", "%(n)d teams", "n"),
    your_pin=_("Your team's PIN"),
    slips=_("Slips per team"),
    with_problems=_("Teams with problems"),
    none_found=_("No team found."),
    wrong_pin=_("Wrong PIN for team %(who)s."),
    withdrawn=pgettext_lazy("a team", "withdrawn after turn %(n)s"),
    registered="team_count",
    cards=_("Team cards with PIN"),
)

WORDS = {"pairs": PAIRS, "individual": INDIVIDUAL, "teams": TEAMS}


def words_of(kind: str) -> KindWords:
    return WORDS.get(kind, PAIRS)

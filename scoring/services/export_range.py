"""The contract's JSON with the standings of a range of turns (`results_export --turns A-B`):
the rows of the whole event's standings, computed over turns A to B with the tie-breaks of
the desk's range standings (group by group once the groups are set), and the penalties of
those turns; everything else as for the whole event."""

from __future__ import annotations

from scoring.services.exports import results_data
from scoring.services.standings import standings_range, turns_span
from tournaments.kinds import kind_of
from tournaments.models import Tournament

ROW_KEYS = ("rank", "vp", "mp", "played", "byes", "penalty_vp", "penalty_mp")


def results_data_over(tournament: Tournament, text: str) -> dict:
    first, last = turns_span(tournament, text)
    ranked = standings_range(tournament, first, last)
    data = results_data(tournament)
    entrant = kind_of(tournament).entrant_key
    whole = data["standings"]
    keys = list(whole[0]) if whole else [ROW_KEYS[0], entrant, *ROW_KEYS[1:]]
    data["standings"] = [
        {key: row.pair if key == entrant else getattr(row, key, None) for key in keys}
        for row in ranked
    ]
    data["penalties"] = [p for p in data["penalties"] if first <= p["turn"] <= last]
    data["standings_turns"] = [first, last]
    return data

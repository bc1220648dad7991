"""Pairs events: two players play together all the tournament (Art. 2)."""

from django.utils.translation import gettext_lazy as _

from tournaments.kinds.base import EventKind, entry_by_name
from tournaments.movements import mitchell
from tournaments.movements.first_seating import Entry


class PairsKind(EventKind):
    code = "pairs"
    label = _("Pairs")

    def seating_entries(self, tournament, numbers: set[int]) -> list[Entry]:
        """A pair by its first player's surname and given name, its partner's name, both
        players' clubs, the pair's province and region."""
        return [
            entry_by_name(
                pair.number,
                pair.player1,
                partner=pair.player2.name,
                clubs=(pair.player1.club, pair.player2.club),
                provinces=(pair.province,),
                regions=(pair.region,),
            )
            for pair in tournament.pairs.select_related("player1", "player2").order_by("number")
            if pair.number in numbers
        ]

    def first_turn_spread(self, tournament, count: int) -> dict:
        """The first Mitchell block (as long as the field allows), or a Danish first turn."""
        plan = tournament.plan
        movement = "danish" if plan[0].startswith("danish") else "mitchell"
        turns = 1
        if movement == "mitchell":
            while turns < len(plan) and plan[turns] == "mitchell":
                turns += 1
            turns = min(turns, max(1, mitchell.table_count(count)))
        return {
            "turns": turns,
            "step": tournament.mitchell_step,
            "movement": movement,
            "block_turns": turns,
            "layout": "mitchell" if movement == "mitchell" else "turn",
        }

"""Where the tournament models meet the movements: seating, setup, imports, VP scales."""

"""The referee's desk: tournaments, pairs, seating."""

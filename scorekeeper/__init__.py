"""Spades Scorekeeper: the scorepad and house-rules companion."""

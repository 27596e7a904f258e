"""Pieces shared by screens: number chips, the score header, the sheet, the hand entry,
the pen holder's dialog."""

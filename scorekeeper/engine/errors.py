"""Errors by meaning: one base for the whole app, subclasses for each kind of trouble."""
from __future__ import annotations


class ScorekeeperError(Exception):
    """Base of every error the app raises on purpose; its message is for the user."""


class RuleOptionError(ScorekeeperError, ValueError):
    """An unknown preset, an unknown option, or an option value of the wrong kind.

    ``choices``: the valid names, when the message ends by listing them; ``short`` is the message
    without that list (for a line that has no room for it, such as the games list).
    """

    def __init__(self, message: str, choices: str = ""):
        self.short = message
        super().__init__(f"{message}; {choices}" if choices else message)


class RecordError(ScorekeeperError, ValueError):
    """A game record that breaks the spades-game/1 format or the rules.

    ``hand`` is the 1-based number of the hand at fault, or None when the
    problem is in the game's own fields.
    """

    def __init__(self, message: str, hand: int | None = None):
        self.hand = hand
        self.detail = message
        super().__init__(f"hand {hand}: {message}" if hand is not None else message)


class BidError(RecordError):
    """A bid the rules do not allow (below the minimum, blind when not behind, ...)."""


class HandError(RecordError):
    """A hand that cannot have happened (tricks that do not add up, unknown names, ...)."""

"""Errors by meaning: one base for the whole app, subclasses for each kind of trouble."""
from __future__ import annotations

from enum import StrEnum


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

    ``hand`` is the 1-based position in the record of the deal at fault, or None when the
    problem is in the game's own fields; ``number`` is that hand's number as the table counts it
    (misdeals are not hands), when it is known and differs from the position.
    """

    def __init__(self, message: str, hand: int | None = None, *, number: int | None = None):
        self.hand = hand
        self.number = number if number != hand else None
        self.detail = message
        super().__init__(f"{self.where}: {message}" if hand is not None else message)

    @property
    def where(self) -> str:
        """'hand 3', or 'hand 8 (deal 9)' after a misdeal."""
        if self.number is not None:
            return f"hand {self.number} (deal {self.hand})"
        return f"hand {self.hand}"

    def counted_as(self, number: int) -> "RecordError":
        """The same error naming the hand by the table's count ``number`` too."""
        return type(self)(self.detail, self.hand, number=number)


class TextProblem(StrEnum):
    """Why a text holds no record (``RecordTextError.problem``)."""

    NOT_TEXT = "not_text"  # bytes that are not UTF-8
    EMPTY = "empty"  # nothing but blanks
    NOT_JSON = "not_json"
    TOO_DEEP = "too_deep"  # JSON nested too deeply to read, or deeper than a record can be


class RecordTextError(RecordError):
    """A text (pasted, or a file's) that is not a record's JSON at all: ``problem`` says why, and
    ``cause`` is the decoder's own error and ``depth`` the nesting found, when there are any, for a
    caller that words the problem its own way."""

    def __init__(self, message: str, problem: TextProblem, cause: Exception | None = None,
                 depth: int | None = None):
        super().__init__(message)
        self.problem = problem
        self.cause = cause
        self.depth = depth


class BidError(RecordError):
    """A bid the rules do not allow (below the minimum, blind when not behind, ...)."""


class HandError(RecordError):
    """A hand that cannot have happened (tricks that do not add up, unknown names, ...)."""


class LineNotFound(ScorekeeperError, LookupError):
    """A hand the sheet does not have, or a rule that no line of that hand applies."""

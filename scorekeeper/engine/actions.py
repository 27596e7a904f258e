"""Check apart from doing: verify / can / record, each scoring a game once.

- ``verify_hand(game, hand)`` raises the error that names what is wrong (``BidError``,
  ``HandError``: the hand, the side, the value);
- ``can_record_hand(game, hand)`` answers yes or no;
- ``record_hand(game, hand)`` records it and returns the new game with its sheet.

A ``Game`` value itself is unchecked (``Game.with_hand`` only appends, as a board's
``push`` does); these functions are where the rules are applied.  Given the sheet of
``game`` (``sheet=``), recording scores only the new hand.
"""
from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from .edits import after_end
from .errors import RecordError
from .record import Game, Hand, parse_game
from .scoring import Scoresheet, score_game, score_hand


class Scored(NamedTuple):
    """A game and its scoresheet, computed together once (``game, sheet = record_hand(...)``)."""

    game: Game
    sheet: Scoresheet


def read_game(data: Any) -> Scored:
    """A record (JSON text or object) read and checked against every rule, with its sheet."""
    game = parse_game(data)
    return Scored(game, score_game(game))


def load_game(data: Any) -> Game:
    """A record read and checked against every rule (``read_game`` also gives its sheet)."""
    return read_game(data).game


def _next(game: Game, hand: Mapping | Hand, sheet: Scoresheet | None) -> tuple[Game, Scoresheet]:
    number = len(game.hands) + 1
    parsed = hand if isinstance(hand, Hand) else Hand.from_dict(hand, number)
    after = sheet.copy() if sheet is not None else score_game(game)
    new = game.with_hand(parsed)
    score_hand(after, new, parsed, number)
    return new, after


def verify_hand(game: Game, hand: Mapping | Hand, *, sheet: Scoresheet | None = None) -> None:
    """Raise the error that names why ``hand`` cannot be the next hand of ``game`` (nothing if it can)."""
    _next(game, hand, sheet)


def can_record_hand(game: Game, hand: Mapping | Hand, *, sheet: Scoresheet | None = None) -> bool:
    try:
        verify_hand(game, hand, sheet=sheet)
    except RecordError:
        return False
    return True


def record_hand(game: Game, hand: Mapping | Hand, *, sheet: Scoresheet | None = None) -> Scored:
    """The game with ``hand`` as its next hand, and its sheet; the error names the hand if the rules forbid it.

    ``sheet``: the sheet of ``game`` as it is (then only the new hand is scored).
    """
    new, after = _next(game, hand, sheet)
    return Scored(new, after)


def replace_hand(game: Game, number: int, hand: Mapping | Hand, *, later: str | None = None) -> Scored:
    """The game with hand ``number`` replaced, every hand after it scored again.

    ``later`` (``edits.Later``: "end" or "keep"): when the edit ends the game before the last
    recorded hand, the hands after the new end leave the record ("end") or stay, the table having
    played on ("keep"); without it such an edit is refused, naming the first hand after the end.
    An edit that does not move the end is made as it is, whatever ``later`` says."""
    new = game.replace_hand(number, hand)
    if later is not None:
        new = after_end(new, later)
    return Scored(new, score_game(new))


def take_back_hand(game: Game) -> Scored:
    """The game without its last hand (undo), and its sheet."""
    new = game.without_last_hand()
    return Scored(new, score_game(new))

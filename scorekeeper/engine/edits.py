"""An edit that moves the end of the game: what it does, and the two ways out.

Correcting an earlier hand can end the game sooner (a side now reaches the winning score, or
falls, after hand 8 of 12).  The hands recorded after that end are then hands "after the end of
the game", which the rules refuse (RULES.md, "End of the game").  A table that finds its mistake
late has played them, so the edit offers two ways out, both decided here:

- ``Later.END``: the game ended there.  The hands after the new end leave the record (a saved
  game keeps them in its undo list and history: Undo brings them back).
- ``Later.KEEP``: the table played on.  The later hands stay, scored as played; the hand after
  which the game would have ended is marked ``played_on`` (GAME_FORMAT.md), which waives that end
  only, so the rules check the end again after every later hand (and mark again, should one of
  them end it too before the last).

``end_moved(game, number, hand)`` says whether an edit moves the end, in words;
``replace_hand(game, number, hand, later=...)`` (actions.py) makes the edit one way or the other.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Mapping

from .errors import RecordError
from .record import Game, Hand
from .scoring import AfterEnd, Scoresheet, score_game
from .text import game_result


class Later(StrEnum):
    """What to do with the hands after an end that an edit moved earlier."""

    END = "end"  # the game ended there: they leave the sheet
    KEEP = "keep"  # the table played on: they stay, scored as played


def _hands(count: int, first: int) -> str:
    return f"hand {first}" if count == 1 else f"hands {first} to {first + count - 1}"


@dataclass(frozen=True)
class EndMoved:
    """An edit after which the game ends before the last recorded hand."""

    deal: int  # the deal (position in the record) after which the game now ends
    number: int  # that hand as the table counts it
    reason: str  # the end in words, e.g. "Ann & Cat reached 512"
    later: int  # deals recorded after it
    kept: Scoresheet  # the sheet if the table played on (Later.KEEP)

    @property
    def later_hands(self) -> str:
        """'hands 9 to 12' (by the table's count from the hand after the end)."""
        return _hands(self.later, self.number + 1)

    @property
    def said(self) -> str:
        """'With this change Ann & Cat reached 512 after hand 8: the game ended there.'"""
        return (f"With this change {self.reason} after hand {self.number}: the game ended there, "
                f"and {self.later_hands} came after the end.")

    @property
    def end_text(self) -> str:
        leave = "leave" if self.later > 1 else "leaves"
        return (f"End the game after hand {self.number}: {self.later_hands} {leave} the sheet "
                f"(kept in the game's history; Undo brings {'them' if self.later > 1 else 'it'} back).")

    @property
    def keep_text(self) -> str:
        sheet = self.kept
        after = (f"after hand {sheet.hands_played}: {game_result(sheet.winner, sheet.reason, 'line')}"
                 if sheet.finished else f"after hand {sheet.hands_played} the game goes on")
        they = "They are" if self.later > 1 else "It is"
        return (f"Keep {self.later_hands}: the table played on. {they} scored as played; the game does "
                f"not end at hand {self.number}, and the rules check the end again after each later hand "
                f"({after}).")


def _sheet_to_end(game: Game) -> Scoresheet:
    return score_game(game, after_end=AfterEnd.IGNORE)


def end_moved(game: Game, number: int, hand: Mapping | Hand) -> EndMoved | None:
    """Whether replacing hand ``number`` ends the game before the last recorded hand (None if not).

    Raises the engine's error when the edit breaks a rule itself (in hand ``number`` or a hand
    before the new end), as a plain edit does."""
    new = game.replace_hand(number, hand)
    sheet = _sheet_to_end(new)
    if not sheet.unscored:
        return None
    ended = sheet.hands[-1]
    kept = score_game(played_on(new))
    return EndMoved(ended.deal, ended.number or sheet.hands_played, sheet.reason or "", sheet.unscored, kept)


def ended_there(game: Game) -> Game:
    """``game`` without the hands recorded after its end (Later.END)."""
    sheet = _sheet_to_end(game)
    return replace(game, hands=game.hands[: len(sheet.hands)]) if sheet.unscored else game


def played_on(game: Game) -> Game:
    """``game`` with each hand after which it ended, while hands came after it, marked ``played_on``
    (Later.KEEP): the later hands are scored as played."""
    for _ in range(len(game.hands)):
        sheet = _sheet_to_end(game)
        if not sheet.unscored:
            return game
        deal = len(sheet.hands)
        marked = replace(game.hands[deal - 1], played_on=True,
                         given=game.hands[deal - 1].given + ("played_on",))
        game = replace(game, hands=game.hands[: deal - 1] + (marked,) + game.hands[deal:])
    raise RecordError("the game ends after every hand")  # not reached: each round marks one more hand


def after_end(game: Game, later: Later | str) -> Game:
    """``game`` (a record whose end may come before its last hand) made whole the way ``later`` says."""
    try:
        way = Later(later)
    except ValueError:
        raise RecordError(f"{later!r} is not a way to go on after the end: "
                          f"{' or '.join(repr(str(w)) for w in Later)}") from None
    return ended_there(game) if way == Later.END else played_on(game)


__all__ = ["EndMoved", "Later", "after_end", "end_moved", "ended_there", "played_on"]

"""What happened to a side in a hand, as the sheet marks it: "made", "Dan's nil failed",
"aces missed", "reneg", "bag penalty".  No flet, no scoring.

The outcome of each contract is the engine's (`SideScore`: made, set, nils, blind,
bag penalty); what was recorded besides (aces, no trump, bemo, penalties) is
read from the hand as recorded.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...engine import Hand, SideScore

CHECK = "\u2713"


class Tone(Enum):
    """How a mark is coloured: good for the side, bad for it, or neither."""

    MADE = "made"
    SET = "set"
    PLAIN = "plain"


@dataclass(frozen=True)
class Mark:
    text: str
    tone: Tone


def side_marks(ss: SideScore, side: str, hand: Hand) -> list[Mark]:
    """The marks of `side` in one scored hand, the contract first."""
    marks: list[Mark] = []
    blind = set(hand.blind)
    if ss.set:
        marks.append(Mark("blind set" if ss.blind else "set", Tone.SET))
    elif ss.made:
        marks.append(Mark("blind made" if ss.blind else "made", Tone.MADE))
    for player, made in (ss.nils or {}).items():
        nil = "blind nil" if player in blind else "nil"
        marks.append(Mark(f"{player} {nil} {CHECK}", Tone.MADE) if made
                     else Mark(f"{player}'s {nil} failed", Tone.SET))
    for name, value, good, bad in (("aces", hand.aces.get(side), f"aces {CHECK}", "aces missed"),
                                   ("no trump", hand.no_trump.get(side), f"no trump {CHECK}",
                                    "no trump failed")):
        if value is not None:
            marks.append(Mark(good, Tone.MADE) if value else Mark(bad, Tone.SET))
    bemo = hand.bemo.get(side)
    if bemo is not None:
        marks.append(Mark(f"{bemo.size} bemo {CHECK}", Tone.MADE) if bemo.made
                     else Mark(f"{bemo.size} bemo failed", Tone.SET))
    for penalty in hand.penalties:
        if penalty.side != side:
            continue
        if penalty.reneg:
            marks.append(Mark("reneg" if penalty.reneg == 1 else f"{penalty.reneg} renegs", Tone.SET))
        if penalty.unplayed_cards:
            marks.append(Mark(f"{penalty.unplayed_cards} unplayed", Tone.SET))
    if ss.bag_penalty:
        marks.append(Mark("bag penalty", Tone.SET))
    return marks


def tone_of(marks: list[Mark]) -> Tone:
    """The side's colour for the hand: set if anything went against it, else made."""
    tones = {m.tone for m in marks}
    if Tone.SET in tones:
        return Tone.SET
    return Tone.MADE if Tone.MADE in tones else Tone.PLAIN

"""What happened to a side in a hand, as the sheet marks it: "made", "Dan's nil failed",
"aces missed", "reneg", "bag penalty".  No flet, no scoring.

Every outcome is the engine's (`SideScore`: made, set, nils, blind, bag penalty;
aces made or missed, a side's renegs and penalty bags where the engine gives them,
as main's engine does since 8e45f2a); only what no rule changes (who reneged, cards
left unplayed, no trump and bemo as recorded) is read from the hand as recorded.
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
    uncounted = _engine(ss, "uncounted")
    if uncounted:  # the rules say so (nil_tricks_count_for_partner off): why "set" with enough tricks
        marks.append(Mark(f"nil's {uncounted} trick{'' if uncounted == 1 else 's'} not counted",
                          Tone.SET if ss.set else Tone.MADE))
    for player, made in (ss.nils or {}).items():
        nil = "blind nil" if player in blind else "nil"
        marks.append(Mark(f"{player} {nil} {CHECK}", Tone.MADE) if made
                     else Mark(f"{player}'s {nil} failed", Tone.SET))
    aces = _engine(ss, "aces")  # a reneg by the other side makes it count as made: the engine knows
    if aces is not None:
        marks.append(Mark(f"aces {CHECK}", Tone.MADE) if aces else Mark("aces missed", Tone.SET))
    no_trump = hand.no_trump.get(side)
    if no_trump is not None:
        marks.append(Mark(f"no trump {CHECK}", Tone.MADE) if no_trump
                     else Mark("no trump failed", Tone.SET))
    bemo = hand.bemo.get(side)
    if bemo is not None:
        marks.append(Mark(f"{bemo.size} bemo {CHECK}", Tone.MADE) if bemo.made
                     else Mark(f"{bemo.size} bemo failed", Tone.SET))
    for penalty in hand.penalties:
        if penalty.side != side:
            continue
        if penalty.reneg:
            bags = _engine(ss, "penalty_bags")
            marks.append(Mark(("reneg" if penalty.reneg == 1 else f"{penalty.reneg} renegs")
                              + (f", {bags} bags" if bags else ""), Tone.SET))
        if penalty.unplayed_cards:
            marks.append(Mark(f"{penalty.unplayed_cards} unplayed", Tone.SET))
    if ss.bag_penalty:
        marks.append(Mark("bag penalty", Tone.SET))
    return marks


def _engine(ss: SideScore, outcome: str):
    """An outcome the engine may give on a SideScore (aces, penalty_bags: main's engine has
    them); None from an engine that does not, and the sheet then shows no mark for it."""
    return getattr(ss, outcome, None)


def tone_of(marks: list[Mark]) -> Tone:
    """The side's colour for the hand: set if anything went against it, else made."""
    tones = {m.tone for m in marks}
    if Tone.SET in tones:
        return Tone.SET
    return Tone.MADE if Tone.MADE in tones else Tone.PLAIN

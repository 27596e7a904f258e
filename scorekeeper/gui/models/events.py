"""What a session changed, as types: the session publishes one event inside each action that
changes something; the app hands it to every other session of the server, whose screens
follow (views never announce anything themselves).

An event says which game it is about and what kind of change it was; the app decides what a
session shows because of it.  No flet here.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, ClassVar


class Kind(StrEnum):
    """What changed (the words a screen's `table_changed` is told)."""

    GAME = "game"        # a game's hands: saved, edited, undone, redone, a misdeal
    GAMES = "games"      # the list of games: created, imported, deleted, restored
    ENTRY = "entry"      # the pen holder's hand as entered so far
    SHARING = "sharing"  # a game was shared, or stopped being shared
    PEN = "pen"          # the pen was asked for, given, kept or taken back
    GUESSING = "guessing"  # the shared tables drew too many wrong codes: the scorekeeper is told


class PenMove(StrEnum):
    ASKED = "asked"
    GIVEN = "given"
    KEPT = "kept"
    TAKEN = "taken"


@dataclass(frozen=True)
class Event:
    game_id: str

    kind: ClassVar[Kind]
    #: whether the session that made the change hears it too (a change of who may see what:
    #: its own screen is admitted again like everyone's)
    to_self: ClassVar[bool] = False


@dataclass(frozen=True)
class GameChanged(Event):
    kind: ClassVar[Kind] = Kind.GAME


@dataclass(frozen=True)
class GamesChanged(Event):
    """A game was added to the list (created, imported, restored) or left it (`removed`:
    deleted, and no longer shared)."""

    removed: bool = False
    kind: ClassVar[Kind] = Kind.GAMES


@dataclass(frozen=True)
class EntryChanged(Event):
    """The pen holder tapped: the served board has the hand as entered so far."""

    kind: ClassVar[Kind] = Kind.ENTRY


@dataclass(frozen=True)
class SharingChanged(Event):
    shared: bool = True
    kind: ClassVar[Kind] = Kind.SHARING
    to_self: ClassVar[bool] = True


@dataclass(frozen=True)
class PenMoved(Event):
    """`client`: the device the move is about (who asked; who was given it, or kept waiting;
    who had it taken back)."""

    move: PenMove = PenMove.ASKED
    client: str | None = None
    kind: ClassVar[Kind] = Kind.PEN
    to_self: ClassVar[bool] = True


@dataclass(frozen=True)
class CodesGuessed(Event):
    """Many devices sent wrong codes: joining waits, and ``text`` tells the scorekeeper so (the
    event is about the tables as a whole: ``game_id`` is empty)."""

    text: str = ""
    kind: ClassVar[Kind] = Kind.GUESSING


#: where a session sends its events (the app: to the other sessions of the server)
Publish = Callable[[Event], None]


def nowhere(event: Event) -> None:
    """A session alone (a test, the CLI): its events go nowhere."""

"""Who may do what: the one check every session action makes before it runs, as decorators.

`@host_only` (the scorekeeper's own device) and `@pen_holder` (the device entering this game's
hands now) refuse with a `Result` naming the reason, whatever the page showed; the action runs
only when its check passes.  No flet here.
"""
from __future__ import annotations

import functools
import inspect
import logging
from dataclasses import dataclass
from typing import Any, Callable

from .sharing import NotAllowed, Role

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Result:
    """What a change did: `ok`, and the message to show (the reason when refused).

    `hand`: the hand the engine's refusal names (an edit of hand 2 can be refused because
    of hand 4), or None.
    `conflict`: refused because another device changed the game first (the game
    shown is now the saved one; the change can be entered again on top of it).
    """

    ok: bool
    message: str = ""
    hand: int | None = None
    conflict: bool = False

    def __bool__(self) -> bool:
        return self.ok


def need_host(session) -> None:
    if session.role is not Role.HOST:
        raise NotAllowed("Only the scorekeeper's device can do that")


def need_pen(session, game_id: str | None) -> None:
    if not session.holds_pen(game_id):
        if session.role is Role.HOST:
            raise NotAllowed("Another phone holds the pen for this game: take it back to enter hands")
        raise NotAllowed("This phone is viewing the game: ask for the pen to enter hands")


def _guard(need: Callable[[Any, str | None], None], pair: bool) -> Callable:
    def decorate(action: Callable) -> Callable:
        signature = inspect.signature(action)

        @functools.wraps(action)
        def checked(self, *args, **kwargs):
            session = getattr(self, "session", self)  # a session, or one of its parts
            game_id = signature.bind(self, *args, **kwargs).arguments.get("game_id", session.game_id)
            try:
                need(session, game_id)
            except NotAllowed as exc:
                log.warning("refused for a %s session: %s", session.role, exc)
                refused = Result(False, str(exc))
                return (refused, None) if pair else refused
            return action(self, *args, **kwargs)
        return checked
    return decorate


def host_only(action: Callable | None = None, *, pair: bool = False) -> Callable:
    """Only the host's device; `pair`: the action returns (Result, value), refused as (Result, None)."""
    guard = _guard(lambda session, game_id: need_host(session), pair)
    return guard(action) if action is not None else guard


def pen_holder(action: Callable) -> Callable:
    """Only the device holding the pen of the game (the `game_id` argument, or the open game)."""
    return _guard(need_pen, False)(action)

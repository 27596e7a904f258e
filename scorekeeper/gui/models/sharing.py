"""Who may do what at a shared table: the host, viewers who joined by a code, and guests.

One `Tables` per server process (every browser tab shares it):

- the **host link** carries a long random token; a session that came through it is the
  host and may do everything;
- the host **shares** a game: it gets a short code (6 characters, no look-alikes such as
  O/0 and I/1/L) that a phone types or scans to **view** that one game, read-only;
- a **guest** (no token, no code) sees only the join page;
- **the pen**: one device per shared game enters its hands.  A viewer asks for it, whoever
  holds it gives it (the giver becomes a viewer of that game), the host can always take it
  back.  Requests wait in turn: the holder answers the first (`request_for`), and the answer
  names the device it was shown (two phones may call themselves alike: the second is made
  "Bob's phone (2)").  Stopping sharing ends every viewer's access and gives the pen back to
  the host.

Wrong codes are counted per address (the socket's, as the app passes it) and slowed down
(`attempts` per `window` seconds, however many sessions that address opens), and for the shared
tables as a whole (`table_attempts` per `window`, from all addresses together: a wrong code names
no table, so the tables share one count), so a code cannot be guessed by trying them all, from
one device or from many; when many devices guess, every code waits out the window and the
scorekeeper is told (the first refusal's `JoinError.alarm`, which the app shows on the host's
devices).  Only wrong codes are tallied, and a tally goes once its
window has passed.  No flet here; the app asks, the session obeys.
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable

from ...engine import ScorekeeperError

#: letters and digits that cannot be read as another one (no 0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


class Role(StrEnum):
    HOST = "host"  # came through the host link: may do everything
    VIEWER = "viewer"  # joined one table by its code: sees it, changes nothing (unless given the pen)
    GUEST = "guest"  # neither: sees the join page only


class NotAllowed(ScorekeeperError):
    """A change or a read that this session's role does not allow (nothing was written)."""


class JoinError(ScorekeeperError):
    """A code that opens no table (wrong, stopped, or too many tries).  ``alarm``: what to tell the
    scorekeeper, when this refusal is the first since the shared tables drew too many wrong codes."""

    def __init__(self, message: str, alarm: str | None = None):
        super().__init__(message)
        self.alarm = alarm


class _Tally:
    """The times of wrong codes within the last ``window`` seconds (at most ``limit`` of them)."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self.times: deque[float] = deque()

    def fresh(self, now: float) -> "_Tally":
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        return self

    def full(self) -> bool:
        return len(self.times) >= self.limit

    def wait(self, now: float) -> int:
        """Seconds until it is not full any more."""
        return int(self.window - (now - self.times[0])) + 1


@dataclass(frozen=True)
class PenRequest:
    game_id: str
    client: str  # the asking device
    name: str  # how the table calls it: "Bob's phone"


def normal_code(text: str) -> str:
    """A typed code as the table reads it aloud: 'abc-123 ' -> 'ABC123'."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


class Tables:
    """The games this server shares, their codes and pens, and the host's secret."""

    def __init__(self, host_token: str | None = None, *, attempts: int = 5, window: float = 60.0,
                 table_attempts: int = 20, clock: Callable[[], float] = time.monotonic):
        self.host_token = host_token or secrets.token_urlsafe(24)
        self.attempts = attempts
        self.window = window
        self.table_attempts = table_attempts
        self._clock = clock
        self._lock = threading.Lock()
        self._codes: dict[str, str] = {}  # code -> game id
        self._by_game: dict[str, str] = {}  # game id -> code
        self._stopped: set[str] = set()  # codes that no longer open their table
        self._pens: dict[str, str] = {}  # game id -> the client holding the pen (absent: the host)
        self._pen_names: dict[str, str] = {}  # game id -> how the table calls the device holding it
        self._requests: dict[str, list[PenRequest]] = {}  # game id -> requests for its pen, in turn
        self._tries: dict[str, _Tally] = {}  # address -> its wrong codes in the window (no others)
        self._all_tries = _Tally(table_attempts, window)  # every address's wrong codes in the window
        self._guessers: dict[str, float] = {}  # address -> when its last wrong code came (the window's)
        self._alarmed = False  # the scorekeeper was told of this window's guessing

    # -- the host --------------------------------------------------------------------
    def is_host_token(self, token: object) -> bool:
        """Whether ``token`` is the host link's secret (compared in constant time; anything that is
        not a string of a sensible length, or not ASCII, is simply not it)."""
        if not isinstance(token, str) or not token or len(token) > 400:
            return False
        return secrets.compare_digest(token.encode("utf-8", "replace"), self.host_token.encode("utf-8"))

    # -- sharing ----------------------------------------------------------------------
    def share(self, game_id: str) -> str:
        """The game's code (a new one, unless it is shared already)."""
        with self._lock:
            code = self._by_game.get(game_id)
            if code is None:
                code = self._new_code()
                self._codes[code] = game_id
                self._by_game[game_id] = code
            return code

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._codes and code not in self._stopped:
                return code

    def is_code(self, code: str) -> bool:
        """Whether a table is shared under ``code`` now (its QR picture is drawn; no other is)."""
        with self._lock:
            return code in self._codes

    def code_of(self, game_id: str) -> str | None:
        with self._lock:
            return self._by_game.get(game_id)

    def is_shared(self, game_id: str | None) -> bool:
        with self._lock:
            return game_id in self._by_game

    def stop(self, game_id: str) -> None:
        """Stop sharing: the code opens nothing any more, and the pen is the host's again."""
        with self._lock:
            code = self._by_game.pop(game_id, None)
            if code is not None:
                del self._codes[code]
                self._stopped.add(code)
            self._pens.pop(game_id, None)
            self._pen_names.pop(game_id, None)
            self._requests.pop(game_id, None)

    def join(self, text: str, client: str) -> str:
        """The game a code opens for ``client``; JoinError with the reason otherwise."""
        with self._lock:
            return self._join(text, normal_code(text), client)

    def _join(self, text: str, code: str, client: str) -> str:
        now = self._clock()
        self._forget_old_tries(now)
        tries = self._tries.get(client)
        if tries is not None and tries.fresh(now).full():
            raise JoinError(f"Too many wrong codes from this device: wait {tries.wait(now)} seconds and try again")
        everyone = self._all_tries.fresh(now)
        if not everyone.times:
            self._alarmed = False
        if everyone.full():
            answer = (f"Too many wrong codes at this table from several devices: wait {everyone.wait(now)} "
                      "seconds and try again")
            if not self._alarmed:
                self._alarmed = True
                raise JoinError(answer, f"Someone may be guessing the table's code: {len(everyone.times)} wrong "
                                     f"codes from {self._devices(now)} devices within a minute, so joining "
                                     "waits a minute. If it goes on, stop sharing and share again for a new code.")
            raise JoinError(answer)
        game_id = self._codes.get(code)
        if game_id is not None:
            return game_id
        if tries is None:
            tries = self._tries[client] = _Tally(self.attempts, self.window)
        tries.times.append(now)
        everyone.times.append(now)
        self._guessers[client] = now
        if code in self._stopped:
            raise JoinError("This table stopped sharing")
        if not code:
            raise JoinError("Type the table's code: the scorekeeper's screen shows it")
        if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
            raise JoinError(f"{text.strip()!r} is not a table code: a code has {CODE_LENGTH} letters and "
                            "digits, like K7MQ2X")
        raise JoinError(f"No table has the code {code}: check it on the scorekeeper's screen")

    def _devices(self, now: float) -> int:
        """How many addresses sent a wrong code within the window."""
        return sum(now - t <= self.window for t in self._guessers.values())

    def _forget_old_tries(self, now: float) -> None:
        """Drop the tallies whose window has passed (once they are as many as a window may hold)."""
        if len(self._tries) > 2 * self.table_attempts:
            self._tries = {a: t for a, t in self._tries.items() if t.fresh(now).times}
        if len(self._guessers) > 2 * self.table_attempts:
            self._guessers = {a: t for a, t in self._guessers.items() if now - t <= self.window}

    def still_open(self, game_id: str, code: str) -> bool:
        """Whether ``code`` still opens ``game_id`` (a viewer checks before each update)."""
        with self._lock:
            return self._codes.get(code) == game_id

    # -- the pen ------------------------------------------------------------------------
    def pen_holder(self, game_id: str) -> str | None:
        """The client that enters this game's hands, or None when it is the host."""
        with self._lock:
            return self._pens.get(game_id)

    def pen_name(self, game_id: str) -> str:
        """How the table calls the device holding the pen: "Bob's phone", or "The scorekeeper"."""
        with self._lock:
            return self._pen_names.get(game_id, "The scorekeeper")

    def ask_pen(self, game_id: str, client: str, name: str) -> PenRequest:
        """``client`` asks for the pen under ``name`` (made unique at the table); it waits its turn
        behind earlier requests (asking again keeps its place)."""
        with self._lock:
            if game_id not in self._by_game:
                raise NotAllowed("This table is not shared")
            queue = self._requests.setdefault(game_id, [])
            taken = {r.name for r in queue if r.client != client}
            if self._pens.get(game_id) != client and game_id in self._pen_names:
                taken.add(self._pen_names[game_id])
            request = PenRequest(game_id, client, _unique(name, taken))
            place = next((i for i, r in enumerate(queue) if r.client == client), None)
            if place is None:
                queue.append(request)
            else:
                queue[place] = request
            return request

    def request_for(self, game_id: str) -> PenRequest | None:
        """The request the holder is asked about now: the first still waiting."""
        with self._lock:
            queue = self._requests.get(game_id)
            return queue[0] if queue else None

    def give_pen(self, game_id: str, client: str) -> PenRequest:
        """``client`` (the device whose request was shown) now holds the pen; whoever held it views."""
        with self._lock:
            if game_id not in self._by_game:
                raise NotAllowed("This table is not shared any more")
            request = self._take_request(game_id, client)
            if request is None:
                raise NotAllowed("That phone no longer asks for the pen")
            self._pens[game_id] = client
            self._pen_names[game_id] = request.name
            return request

    def keep_pen(self, game_id: str, client: str) -> None:
        """The holder keeps the pen: ``client``'s request is answered (the next one waits its turn)."""
        with self._lock:
            self._take_request(game_id, client)

    def _take_request(self, game_id: str, client: str) -> PenRequest | None:
        queue = self._requests.get(game_id, [])
        for i, request in enumerate(queue):
            if request.client == client:
                del queue[i]
                if not queue:
                    self._requests.pop(game_id, None)
                return request
        return None

    def take_pen(self, game_id: str) -> None:
        """The host takes the pen back."""
        with self._lock:
            self._pens.pop(game_id, None)
            self._pen_names.pop(game_id, None)


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or "name (2)", "name (3)" ... the first that no other device at the table has."""
    if name not in taken:
        return name
    n = 2
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"

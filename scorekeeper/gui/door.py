"""Who a session is, and which screen it is let in to: the host link, a join link, what the
browser kept, and the admission of every route it asks for (`access.admit`).

A served session starts as a guest; the host link's token (or a browser that kept it) makes it
the host, a join link or the join page a viewer of one table.  What a client says of itself
decides nothing: wrong codes are counted by the peer's address as the socket gives it.
"""
from __future__ import annotations

import asyncio

from . import access, routes
from .local_storage import DEVICE_KEY, HOST_KEY, TABLE_KEY, LocalStorage
from .models import Result, Role, Session

#: what a browser kept: the host link's token, the code of the table it joined, its name
Kept = tuple[str | None, str | None, str | None]


class Door:
    """One session's way in (`App` composes it; the caller holds the session's lock)."""

    def __init__(self, session: Session, storage: LocalStorage, peer: str):
        self.session = session
        self.storage = storage
        #: where this device's wrong codes are counted: its address as the socket gives it (a
        #: reload or a new session is no new device; what the page says of itself counts for nothing)
        self.peer = peer
        #: why this device was sent to the join page ("This table stopped sharing"), or None
        self.table_notice: str | None = None

    async def recall(self) -> Kept:
        """What this browser kept (read before the lock is taken: it is a round trip)."""
        return await asyncio.gather(self.storage.recall(HOST_KEY), self.storage.recall(TABLE_KEY),
                                    self.storage.recall(DEVICE_KEY))

    def arrive(self, route: str, kept: Kept) -> str:
        """A browser's first route: the host link, a join link, or what this browser kept; the
        route to show."""
        host, code, device = kept
        s = self.session
        if device and len(device) <= 64:  # the same device as before (a pen it was given stays in its hand)
            s.client = device
        else:
            self.storage.keep(DEVICE_KEY, s.client)
        token, join = routes.host_link(route), routes.join_link(route)
        if token is not None:
            return self.host_link(token)
        if s.seat.become_host(host):
            return route
        if join is not None:
            return self.join_link(join)
        if code:
            res = s.seat.join(code, where=self.peer)
            if not res:  # the table stopped sharing while this browser was away
                self.table_notice = res.message
                self.storage.forget(TABLE_KEY)
        return route

    def follow(self, route: str) -> str:
        """A host or join link pasted into a tab already open: the route it leads to; any other
        route as it is."""
        token, join = routes.host_link(route), routes.join_link(route)
        if token:
            return self.host_link(token)
        if join is not None:
            return self.join_link(join)
        return route

    def host_link(self, token: str) -> str:
        """The host link: this browser keeps score from now on (and remembers the token)."""
        if self.session.seat.become_host(token):
            self.storage.keep(HOST_KEY, token)
            self.table_notice = None
            return routes.HOME
        self.table_notice = ("That host link is not this server's: it changes when scorekeeper starts "
                             "again; open the one it printed last")
        return routes.JOIN

    def join_link(self, code: str) -> str:
        if self.session.role is Role.HOST:
            return routes.HOME
        res = self.join(code)
        return routes.table(self.session.table) if res else routes.JOIN

    def join(self, code: str) -> Result:
        """Join the table with that code (this device then views it); the reason when refused."""
        res = self.session.seat.join(code, where=self.peer)
        if res:
            self.table_notice = None
            self.storage.keep(TABLE_KEY, self.session.table_code)
        return res

    def leave(self) -> None:
        """Stop viewing the table."""
        self.session.seat.leave()
        self.storage.forget(TABLE_KEY)

    def admit(self, route: str) -> str:
        """The route this session is shown for `route` (a viewer whose table stopped sharing
        leaves it first, and is told why on the join page)."""
        s = self.session
        if s.role is Role.VIEWER and not s.table_open:
            self.leave()
            self.table_notice = "This table stopped sharing"
        return access.admit(s, route).route

    def notices(self) -> list[str]:
        """What the host is told as it arrives (the session's notices about the saved games)."""
        return self.session.notices() if self.session.role is Role.HOST else []

"""The way in on the phone's own build: its one user keeps score, and no route leads to what
needs a server (sharing a table, joining one, the read-only table of a viewer, the host link)."""
from __future__ import annotations

from .. import access, routes
from ..models import Result, Session
from ..models.served import PhoneBuild

#: the screens of a shared table: a phone alone has nothing to share and no table to join
SERVER_ONLY = frozenset({"share_table", "table", "join"})
NO_TABLES = ("This is the phone's own app: it keeps score on this phone alone, with no table to "
             "share or join (that needs `scorekeeper --web` on a computer)")


class PhoneDoor:
    """`door.Door`'s part for the phone's own build (`App` composes one or the other)."""

    storage = None  # what a browser kept of a server's host link or table: nothing here
    table_notice = None

    def __init__(self, session: Session, phone: PhoneBuild):
        self.session = session
        self.phone = phone

    def admit(self, route: str) -> str:
        """The route shown for `route`: home for a shared table's screens, a host or join link and
        any route of no screen; else as the served app's host is shown it."""
        route = routes.bounded(route)
        place = routes.parse(route)
        if place is None or place.module in SERVER_ONLY:  # (before its view module is imported)
            return routes.HOME
        return access.admit(self.session, route).route

    def follow(self, route: str) -> str:
        return route

    def join(self, code: str) -> Result:
        return Result(False, NO_TABLES)

    def leave(self) -> None:
        """Nothing to leave."""

    def notices(self) -> list[str]:
        """What the phone is told as the app starts: the data folder's notices, and that this
        browser keeps nothing when it does not."""
        notices = self.session.notices()
        if self.phone.storage_problem:
            notices.append("This browser keeps nothing for this app (a private window, or storage "
                           "refused): the games played here are lost when the page closes; export "
                           "them (games list, Export all) to keep them")
        return notices

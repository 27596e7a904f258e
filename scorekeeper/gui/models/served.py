"""What every session of one server shares, and where phones reach it."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import links
from .live import LiveBoard
from .session import SharedRepository
from .sharing import Tables


@dataclass(frozen=True)
class PhoneBuild:
    """The phone's own build (`scorekeeper phone-app`): the app in the phone's browser, its games in
    the browser's storage, no server.  A phone alone has no table to share: no sharing, no pen,
    no host link, no QR code (scorekeeper/gui/phone/)."""

    #: why this browser keeps nothing for the site (a private window, storage refused), or None
    storage_problem: str | None = None


@dataclass
class Served:
    """One per server process: the saved games, the shared tables and their pens, the hands
    being entered; ``listen_host``/``port``: where the server listens (None: a native window,
    which no phone can reach); ``phone``: the phone's own build (no server at all)."""

    shared: SharedRepository
    tables: Tables = field(default_factory=Tables)
    board: LiveBoard = field(default_factory=LiveBoard)
    listen_host: str | None = None
    port: int | None = None
    phone: PhoneBuild | None = None

    @property
    def shares_tables(self) -> bool:
        """Whether a table can be shared at all (not on the phone's own build)."""
        return self.phone is None

    @property
    def served(self) -> bool:
        """Whether the app is served over HTTP at all (not only a native window)."""
        return self.listen_host is not None and self.port is not None

    @property
    def base_url(self) -> str | None:
        """The address phones open ("http://192.168.1.20:8000"; never 0.0.0.0), or None."""
        return links.base_url(self.listen_host, self.port) if self.served else None

    @property
    def only_this_computer(self) -> bool:
        """Phones cannot reach the server: it listens on this computer only (127.0.0.1), or
        the computer has no address on a network (the address found is its own loopback)."""
        if not self.served:
            return True
        return links.only_this_computer(links.shown_host(self.listen_host))

    @property
    def listens_everywhere(self) -> bool:
        """Served on every interface (`scorekeeper --web`, --host 0.0.0.0)."""
        return self.served and self.listen_host in ("0.0.0.0", "", "::")

    def unreachable_words(self) -> str:
        """Why phones cannot reach this table, and the way out, in one sentence: a server on every
        interface already (`--web`) is not told to start with --web; the computer has no network."""
        if self.listens_everywhere:
            return ("Phones cannot reach this table: this computer has no address on a network. Connect it "
                    "to the Wi-Fi the phones use, then stop the app (Ctrl+C) and start it again.")
        where = (f"the app listens on {self.listen_host} only" if self.served
                 else "this window is not served to the network")
        return (f"Phones cannot reach this table: {where}. Stop the app (Ctrl+C) and start it with "
                f"`scorekeeper --web` (or add --host 0.0.0.0) to share it with the phones on this network.")

    def host_link(self) -> str | None:
        return links.host_link(self.base_url, self.tables.host_token) if self.served else None

    def join_link(self, code: str) -> str | None:
        return links.join_link(self.base_url, code) if self.served else None

"""The phone's build says a change is saved only once the browser's storage holds it
(gui/phone/keeping.py), and offers no way to a shared table (gui/phone/door.py).  No browser: the
browser's write is a coroutine the test finishes or fails."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from scorekeeper.gui.models import Session, SharedRepository
from scorekeeper.gui.models.served import PhoneBuild
from scorekeeper.gui.phone import Keeping, PhoneDoor
from scorekeeper.gui.phone.keeping import SAVING

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HAND = {"bids": {"Ann": 3, "Bob": 3, "Cat": 4, "Dan": 2}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}


class Browser:
    """The worker's `keep_games`: each write waits until the test lets it finish (or fail)."""

    def __init__(self):
        self.writes: list[asyncio.Future] = []
        self.unsaved: list[bool] = []

    async def write(self) -> None:
        done = asyncio.get_running_loop().create_future()
        self.writes.append(done)
        await done

    async def nothing(self) -> None:
        return None


class Screen:
    """A game screen: a message beside Save."""

    def __init__(self):
        self.beside_save: list[str] = []

    def notify(self, text: str) -> bool:
        self.beside_save.append(text)
        return True


class App:
    def __init__(self, loop):
        self.tasks = []
        self.page = SimpleNamespace(run_task=lambda fn, *a: self.tasks.append(loop.create_task(fn(*a))))
        self.screen = Screen()
        self.router = SimpleNamespace(current=self.screen)
        self.shown: list[tuple] = []
        self.messages = SimpleNamespace(show=lambda text, action=None, on_action=None, error=False:
                                        self.shown.append((text, action, error)))


@pytest.fixture
def table(tmp_path):
    loop = asyncio.new_event_loop()
    browser, app = Browser(), App(loop)
    keeping = Keeping(app, PhoneBuild(), write=browser.write, keep_bytecode=browser.nothing,
                      mark=browser.unsaved.append)
    session = Session(SharedRepository(tmp_path / "games"), device="this phone")
    session.kept = keeping.kept
    _, game_id = session.games.create_game("standard", PLAYERS)
    session.open(game_id)
    yield SimpleNamespace(loop=loop, browser=browser, app=app, keeping=keeping, session=session)
    loop.close()


def settle(t) -> None:
    t.loop.run_until_complete(asyncio.sleep(0))
    t.loop.run_until_complete(asyncio.sleep(0))


def kept_the_new_game(t) -> None:
    """The new game's write finishes ("Game started" is said then)."""
    settle(t)
    t.browser.writes.pop(0).set_result(None)
    settle(t)
    assert [text for text, _, _ in t.app.shown] == ["Game started"]
    t.app.shown.clear()


def test_hand_saved_shows_only_once_the_browser_holds_it(table):
    t = table
    kept_the_new_game(t)
    res = t.session.record_hand(HAND)
    assert res and res.message == SAVING  # beside Save now: "Saving on this phone…"
    assert t.keeping.holds("The result is copied", None, None, False)  # a message meanwhile waits
    settle(t)
    assert t.app.shown == [] and t.browser.unsaved[-1] is True
    t.browser.writes.pop(0).set_result(None)
    settle(t)
    assert [text for text, _, _ in t.app.shown] == ["Hand 1 saved", "The result is copied"]
    assert t.browser.unsaved[-1] is False
    assert not t.keeping.holds("Later", None, None, False)  # nothing pending: shown at once


def test_a_write_the_browser_refuses_is_said_where_saved_would_be_and_the_hand_stays(table):
    t = table
    kept_the_new_game(t)
    t.session.record_hand(HAND)
    settle(t)
    t.browser.writes.pop(0).set_exception(RuntimeError("QuotaExceededError: the quota has been exceeded"))
    settle(t)
    (said,) = t.app.screen.beside_save
    assert said.startswith("Not kept on this phone: the phone's storage for this app is full")
    assert "Hand 1 saved" not in [text for text, _, _ in t.app.shown]
    assert t.browser.unsaved[-1] is True  # the page asks before it is closed
    assert len(t.session.game.hands) == 1  # the hand stays: on screen, and in the files in memory
    t.session.record_hand(HAND)  # the next change writes every change not kept yet
    settle(t)
    t.browser.writes.pop(0).set_result(None)
    settle(t)
    assert ("Hand 2 saved", None, False) in t.app.shown and t.browser.unsaved[-1] is False


def test_a_message_with_an_action_is_the_one_shown_for_its_change(table):
    t = table
    kept_the_new_game(t)
    res = t.session.games.delete(t.session.game_id)
    assert res and res.message == SAVING
    assert t.keeping.holds("Game deleted", "Undo", lambda: None, False)  # the games list's message
    settle(t)
    t.browser.writes.pop(0).set_result(None)
    settle(t)
    assert [(text, action) for text, action, _ in t.app.shown] == [("Game deleted", "Undo")]


@pytest.mark.parametrize("route", ["/game/abc/share", "/table/abc", "/join", "/join/ABCDEF",
                                   "/host/0123456789abcdef0123", "/host", "/nowhere"])
def test_no_route_leads_to_sharing_on_the_phone(tmp_path, route):
    door = PhoneDoor(Session(SharedRepository(tmp_path / "games")), PhoneBuild())
    assert door.admit(route) == "/"


def test_the_phones_other_screens_open_and_a_private_window_is_told(tmp_path):
    session = Session(SharedRepository(tmp_path / "games"))
    door = PhoneDoor(session, PhoneBuild(storage_problem="InvalidStateError: no IndexedDB"))
    for route in ("/", "/new", "/stats", "/rules", "/game/abc", "/game/abc/rules", "/game/abc/whatif",
                  "/game/abc/chart", "/game/abc/history", "/game/abc/hand/1", "/game/abc/edit/1"):
        assert door.admit(route) == route
    assert not door.join("ABCDEF")
    assert any(n.startswith("This browser keeps nothing for this app") for n in door.notices())

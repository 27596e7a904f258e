"""The address bar kept in step with the screen: a push's late answer does not bring back a
screen the table has left (`scorekeeper.gui.address`)."""
from scorekeeper.gui.address import ANSWER_SECONDS, Address


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def bar(at="/"):
    sent, clock = [], Clock()
    return Address(sent.append, at=at, clock=clock), sent, clock


def test_the_answer_to_a_push_shows_nothing_more():
    address, sent, _ = bar()
    address.push("/table/g1")
    assert sent == ["/table/g1"]
    assert address.settle("/table/g1", shown="/table/g1") is True
    assert sent == ["/table/g1"]  # nothing pushed again


def test_a_late_answer_puts_the_screen_shown_back_in_the_address_bar():
    # a viewer joins (the app shows the table and pushes its route), then opens hand 1 by the
    # browser before the push has landed: the push lands, the browser answers with the table
    address, sent, _ = bar()
    address.push("/table/g1")
    assert address.settle("/game/g1/hand/1", shown="/table/g1") is False  # the browser's own move
    assert address.settle("/table/g1", shown="/game/g1/hand/1") is True  # stale: not shown
    assert sent == ["/table/g1", "/game/g1/hand/1"]
    assert address.settle("/game/g1/hand/1", shown="/game/g1/hand/1") is True
    assert sent == ["/table/g1", "/game/g1/hand/1"]


def test_answers_to_two_pushes_in_a_row_show_neither_screen_again():
    address, sent, _ = bar()
    address.push("/game/g1")
    address.push("/game/g1/sheet")
    assert address.settle("/game/g1", shown="/game/g1/sheet") is True
    assert sent == ["/game/g1", "/game/g1/sheet"]  # the second push is on its way: not sent again
    assert address.settle("/game/g1/sheet", shown="/game/g1/sheet") is True
    assert not address.waits_for("/game/g1/sheet")


def test_the_browsers_own_moves_count():
    address, sent, _ = bar(at="/game/g1")
    assert address.settle("/", shown="/game/g1") is False  # Back
    address.push("/game/g2")
    assert address.settle("/game/g2", shown="/game/g2") is True
    assert address.settle("/game/g1", shown="/game/g2") is False  # Back again: not an answer


def test_a_push_of_the_route_the_bar_shows_is_not_sent():
    # the browser does not answer it: an answer waited for in vain would swallow a later Back
    address, sent, _ = bar(at="/game/g1")
    address.push("/game/g1")
    assert sent == [] and not address.waits_for("/game/g1")
    address.push("/game/g1/sheet")
    address.push("/game/g1/sheet")
    assert sent == ["/game/g1/sheet"]


def test_an_answer_that_never_came_is_forgotten():
    address, sent, clock = bar()
    address.push("/table/g1")
    clock.now += ANSWER_SECONDS + 1  # the page was closed meanwhile
    assert not address.waits_for("/table/g1")
    assert address.settle("/table/g1", shown="/game/g1") is False  # the browser's own move now


def test_an_answer_takes_older_unanswered_pushes_with_it():
    address, sent, _ = bar()
    address.push("/a")
    address.push("/b")
    assert address.answer("/b") is True
    assert not address.waits_for("/a")

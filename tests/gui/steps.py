"""Small steps the browser tests of the new-game, games-list and edit screens share."""
from __future__ import annotations


def wait_label(app, identifier: str, text: str, timeout: float = 10_000) -> str:
    """Wait until the control with that test id shows `text` (in its text or its accessible label)."""
    app.page.wait_for_function(
        """([id, text]) => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)].some(
               el => ((el.innerText || '') + ' ' + (el.getAttribute('aria-label') || '')).includes(text))""",
        arg=[identifier, text], timeout=timeout)
    return app.text_of(identifier)


def wait_message(app, text: str, timeout: float = 10_000) -> str:
    """Wait for a message the app shows: beside Save on a screen with an entry ("entry-status", or
    "entry-notice" above it when long), else at the bottom of the screen ("message")."""
    app.page.wait_for_function(
        """(text) => [...document.querySelectorAll(
               '[flt-semantics-identifier="message"], [flt-semantics-identifier="entry-notice"], '
               + '[flt-semantics-identifier="entry-status"]')].some(
               el => ((el.innerText || '') + ' ' + (el.getAttribute('aria-label') || '')).includes(text))""",
        arg=text, timeout=timeout)
    return text


def themes(app, name: str) -> None:
    """A screenshot in the theme shown, then in the other one (the screen redraws in place)."""
    app.screenshot(name)
    app.switch_theme()
    app.settle()
    app.screenshot(name)


def field_value(app, label: str) -> str:
    """What a text box holds (Flutter fills the DOM's <input> only while the box has the focus)."""
    loc = app.page.get_by_label(label, exact=True).first
    app._press(loc)
    app.page.wait_for_function("n => document.activeElement && document.activeElement.getAttribute('aria-label') === n",
                               arg=label)
    try:  # the text follows the focus by a frame or two
        app.page.wait_for_function("() => document.activeElement.value !== ''", timeout=2_000)
    except Exception:
        pass  # an empty box
    return loc.input_value()


def pick(app, prefix: str, value) -> None:
    """Tap `value` on a line of number chips (`<prefix>-<value>`, e.g. "bid-Ann-5"): on a phone a
    high value is behind the line's last chip (`<prefix>-more`), in a picker."""
    gone = '() => !document.querySelector(\'[flt-semantics-identifier="picker"]\')'
    app.page.wait_for_function(gone)  # the last picker has closed: nothing lies over the line
    # the line is drawn (after a save or an undo the entry is drawn again): the chip, or "more"
    found = app.page.wait_for_function(
        """([a, b]) => document.querySelector(`[flt-semantics-identifier="${a}"]`) ? "chip"
                       : document.querySelector(`[flt-semantics-identifier="${b}"]`) ? "more" : false""",
        arg=[f"{prefix}-{value}", f"{prefix}-more"], timeout=15_000).json_value()
    if found == "more":
        app.tap(f"{prefix}-more")
        app.wait_id("picker")
        app.tap(f"{prefix}-{value}")
        app.page.wait_for_function(gone)
        return
    app.tap(f"{prefix}-{value}")


#: (after two frames, so the screen has drawn the last answer the server sent)
_CHOSEN_JS = """(id) => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    done(!!el && el.getAttribute('aria-current') === 'true'); })))"""


def count_for(app, key: str) -> None:
    """Make the tricks chips enter `key`'s count (a side, or a nil bidder): tap its chooser,
    unless it is chosen already, as a player would see.  The app goes on to the next empty
    count by itself, and a tap on the chosen one changes nothing: the server sends no answer,
    and the tap would be waited on for 5 s."""
    identifier = f"count-{key}"
    app.wait_id(identifier)
    if not app.page.evaluate(_CHOSEN_JS, identifier):
        app.tap(identifier)


def raise_by(app, side: str, value) -> None:
    """Choose `side`'s raise in the IHOP lock round: on a phone in the round's sheet (opened from
    its chip on the specials' line, closed by Done), on a desktop on the raise rows below the tricks."""
    if not app.phone:
        pick(app, f"raise-{side}", value)
        return
    open_lock_round(app)
    app.tap(f"raise-{side}-{value}")
    app.page.wait_for_function(
        "i => document.querySelector(`[flt-semantics-identifier='${i}'][aria-current='true']`)",
        arg=f"raise-{side}-{value}", timeout=10_000)
    close_lock_round(app)


def open_lock_round(app) -> None:
    """A phone: the lock round's sheet opened from its chip."""
    app.tap("lock-round")
    app.wait_id("lock-done")


def close_lock_round(app) -> None:
    """A phone: the lock round's sheet closed by Done."""
    app.tap("lock-done")
    app.by_id("lock-done").first.wait_for(state="detached")


def ask_for_the_pen(viewer, host, name: str) -> None:
    """`viewer` asks for the pen as `name`; the host's dialog shows the request (the host answers)."""
    viewer.tap("ask-pen")
    viewer.fill("Name this phone", name)
    viewer.tap("pen-ask")
    wait_label(host, "pen-request", f"{name} asks for the pen")

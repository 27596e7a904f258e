"""Touch targets as the browser has them: every control a finger can tap, with its size in css px.

Flutter's semantics tree puts each tappable control in the DOM as a `flt-semantics`
node with a role (button, switch, checkbox, menuitem, tab, ...), or around a text
box's `<input>`; its box is the control's hit area, clipped by the lists it scrolls in.

A control is measured where Flutter shows it: a box can only be smaller than the
control (cut by the edge of its list), never larger, so one measured at 48x48 px or
more is big enough, and one measured smaller is scrolled into its list (the wheel over
it) and measured again.  One still cut at the edge of its list then could not be
measured, and fails as one too small does: a cut control never passes unmeasured.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TARGET = 48  # px, both ways (the phone-first brief)

# What the DOM of Flet 1.0.5's Flutter says, as measured in Chromium (tests/gui/probe_app.py):
# a scrolling list is a flt-semantics node with `overflow-y: scroll` (down) or `overflow-x:
# scroll` (across), both `hidden` for a moment after a wheel turn (then the way it scrolls is
# the way its content is larger); a list going down keeps its scroll offset in scrollTop; a
# list across keeps its own in the transforms of what it holds, and once it has scrolled its
# scrollTop holds a stray number (18 in a 20 px row) that moves all it holds up in the DOM
# but not on the screen: `box` adds it back (and the same across, for a list going down).
_GEOMETRY = """
    const ROLES = new Set(['button', 'switch', 'checkbox', 'radio', 'menuitem', 'tab', 'link', 'slider',
                           'combobox', 'menuitemcheckbox', 'menuitemradio', 'option']);
    const scrolls = (p) => {
        const cs = getComputedStyle(p);
        if (cs.overflowX === 'hidden' && cs.overflowY === 'hidden') {  // just after a wheel turn
            const across = p.scrollWidth > p.clientWidth + 1;
            return {down: !across && p.scrollHeight > p.clientHeight + 1, across};
        }
        return {down: cs.overflowY === 'scroll', across: cs.overflowX === 'scroll'};
    };
    const box = (el) => {
        const r = el.getBoundingClientRect();
        let top = r.top, left = r.left;
        for (let p = el.parentElement; p && p.tagName === 'FLT-SEMANTICS'; p = p.parentElement) {
            const s = scrolls(p);
            if (s.across && !s.down) top += p.scrollTop;
            if (s.down && !s.across) left += p.scrollLeft;
        }
        return {left, top, right: left + r.width, bottom: top + r.height, width: r.width, height: r.height};
    };
    // cut: touching the edge of a list it scrolls in, along the list's way, where more of the
    // list lies beyond (a list going down says so; one across is taken to have more); then
    // where to turn the wheel (x, y), how far its middle is from the list's (dx, dy: a wheel
    // turn makes that good) and where its uncut side is (edge: it moves as the list does)
    const cut = (el, b) => {
        for (let p = el.parentElement; p && p.tagName === 'FLT-SEMANTICS'; p = p.parentElement) {
            const s = scrolls(p);
            if (!s.down && !s.across) continue;
            const q = box(p);
            const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
            // the wheel turns inside the list, off its edges (a list's scroll bar, at its right
            // or bottom edge, takes a wheel turn over it and hides what is under it)
            const within = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
            if (s.down) {
                const top = Math.abs(b.top - q.top) < 1 && p.scrollTop > 0;
                const bottom = Math.abs(b.bottom - q.bottom) < 1
                               && p.scrollTop + p.clientHeight < p.scrollHeight - 1;
                if (top || bottom) return {x: within(x, q.left + 1, q.right - 16), y: within(y, q.top + 24, q.bottom - 24),
                                           dx: 0, dy: y - (q.top + q.bottom) / 2, edge: top ? b.bottom : b.top};
            }
            if (s.across && !s.down) {
                const left = Math.abs(b.left - q.left) < 1, right = Math.abs(b.right - q.right) < 1;
                if (left || right) return {x: within(x, q.left + 24, q.right - 24), y: within(y, q.top + 1, q.bottom - 16),
                                           dx: x - (q.left + q.right) / 2, dy: 0, edge: left ? b.right : b.left};
            }
        }
        return null;
    };
    const describe = (el) => {
        const role = el.getAttribute('role');
        const field = el.querySelector(':scope > input, :scope > textarea');
        if (!(ROLES.has(role) || field)) return null;
        let named = el, id = null;
        while (named && !(id = named.getAttribute('flt-semantics-identifier'))) named = named.parentElement;
        const label = (el.getAttribute('aria-label') || (field && field.getAttribute('aria-label'))
                       || el.innerText || '').trim().split('\\n')[0].slice(0, 40);
        return {role: role || 'text box', label, id};
    };
    const measure = (el, what) => {
        const b = box(el);
        return {...what, width: b.width, height: b.height, cut: cut(el, b)};
    };
"""

_TAPPABLE_JS = "() => {" + _GEOMETRY + """
    const found = [];
    for (const el of document.querySelectorAll('flt-semantics')) {
        const what = describe(el);
        if (!what) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        el.setAttribute('data-target', String(found.length));
        found.push(measure(el, what));
    }
    return found;
}"""

# one control again, by its mark, else (redrawn since) by what it is
_ONE_JS = "([index, role, label, id]) => {" + _GEOMETRY + """
    let el = document.querySelector(`[data-target="${index}"]`);
    if (!el) {
        el = [...document.querySelectorAll('flt-semantics')].find(e => {
            const w = describe(e);
            return w && w.role === role && w.label === label && w.id === id;
        });
        if (!el) return null;
        el.setAttribute('data-target', String(index));
    }
    return measure(el, describe(el));
}"""


@dataclass(frozen=True)
class Target:
    role: str
    label: str
    id: str | None
    width: float
    height: float
    cut: dict | None = field(default=None, compare=False)  # cut by the edge of its list: where to
    # turn the wheel, how far its middle is from the list's, where its uncut side is ({x, y, dx, dy, edge})
    note: str = ""  # why it fails when it is not its size ("could not measure: ...")

    def __str__(self) -> str:
        where = f" in {self.id}" if self.id else ""
        note = f" ({self.note})" if self.note else ""
        return f"{self.role} \u201c{self.label}\u201d{where}: {self.width:.0f}x{self.height:.0f}{note}"

    def small(self, minimum: float = TARGET) -> bool:
        """Under `minimum` px either way, 0.5 px of rounding allowed."""
        return self.width < minimum - 0.5 or self.height < minimum - 0.5


@dataclass
class Measured:
    """What `measure` found: how many controls, and those that fail (too small, or cut and
    could not be measured)."""
    count: int
    failures: list[Target]

    def __str__(self) -> str:
        return (f"{self.count} tappable controls measured, {len(self.failures)} under {TARGET} px"
                + (": " + "; ".join(map(str, self.failures)) if self.failures else ""))


def targets(driver) -> list[Target]:
    """Every tappable control on the screen (scrolled away ones included, as Flutter keeps them)."""
    return [Target(**t) for t in driver.page.evaluate(_TAPPABLE_JS)]


def _again(driver, index: int, t: Target) -> Target | None:
    found = driver.page.evaluate(_ONE_JS, [index, t.role, t.label, t.id])
    return Target(**found) if found else None


def _settled(driver, index: int, t: Target) -> Target | None:
    """The control measured once a wheel turn has come to rest (two equal readings)."""
    driver.settle()  # the frame the wheel turn is drawn in
    last = _again(driver, index, t)
    for _ in range(10):
        driver.page.wait_for_timeout(60)
        now = _again(driver, index, t)
        if now is None or last is None or (now.width, now.height, now.cut) == (last.width, last.height, last.cut):
            return now
        last = now
    return last


def _scrolled_in(driver, index: int, t: Target, turns: list, minimum: float) -> Target:
    """`t` (cut) scrolled towards the middle of its list and measured again, a few turns of
    the wheel at most; each turn is added to `turns` (to be turned back)."""
    per_px = driver.wheel_per_px
    for _ in range(4):
        cut = t.cut
        dx, dy = cut["dx"] * per_px, cut["dy"] * per_px
        driver.wheel_at(cut["x"], cut["y"], dy, dx=dx, wait=0)
        turns.append((cut["x"], cut["y"], dx, dy))
        now = _settled(driver, index, t)
        if now is None:
            return Target(t.role, t.label, t.id, t.width, t.height, note="could not measure: gone after scrolling")
        if not now.small(minimum) or not now.cut:
            return now
        step, t = cut["edge"] - now.cut["edge"], now
        if abs(step) < 0.5:
            break  # the list does not move further
        per_px = driver.wheel_per_px = max(0.25, min(8.0, abs((dx or dy) / step)))
    return Target(t.role, t.label, t.id, t.width, t.height,
                  note="could not measure: at the edge of its list after scrolling, the list moving no further")


def measure(driver, minimum: float = TARGET) -> Measured:
    """Every tappable control measured; those smaller than `minimum` px either way fail.

    A box smaller than `minimum` and cut by the edge of its list is scrolled into the list
    (the wheel over it: Playwright's scroll into view does not move a Flutter list) and
    measured again; one that stays cut fails ("could not measure").  The lists are turned
    back afterwards, so measuring leaves the screen as it was."""
    found = targets(driver)
    failures, turns = [], []
    try:
        for index, t in enumerate(found):
            if t.small(minimum) and t.cut:
                t = _scrolled_in(driver, index, t, turns, minimum)
            if t.small(minimum) or t.note:
                failures.append(t)
    finally:
        for x, y, dx, dy in reversed(turns):
            driver.wheel_at(x, y, -dy, dx=-dx, wait=0)
        if turns:
            driver.page.wait_for_timeout(300)
    return Measured(len(found), failures)


def too_small(driver, minimum: float = TARGET) -> list[Target]:
    """The tappable controls smaller than `minimum` px either way, or cut and not measured."""
    return measure(driver, minimum).failures


def assert_targets(driver, where: str) -> int:
    """Fail naming every control under 48x48 px; print and return how many were measured."""
    measured = measure(driver)
    print(f"{where}: {measured}")
    assert not measured.failures, f"{where}: tappable controls under {TARGET} px: " + "; ".join(
        map(str, measured.failures))
    return measured.count

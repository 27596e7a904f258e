"""Touch targets as the browser has them: every control a finger can tap, with its size in css px.

Flutter's semantics tree puts each tappable control in the DOM as a `flt-semantics`
node with a role (button, switch, checkbox, menuitem, tab, ...), or around a text
box's `<input>`; its box is the control's hit area.
"""
from __future__ import annotations

from dataclasses import dataclass

TARGET = 48  # px, both ways (the phone-first brief)

_TAPPABLE_JS = """() => {
    const roles = new Set(['button', 'switch', 'checkbox', 'radio', 'menuitem', 'tab', 'link', 'slider',
                           'combobox', 'menuitemcheckbox', 'menuitemradio', 'option']);
    // a control partly scrolled out of its scrolling (clipping) row or column is cut at its edge:
    // its full size is the one it has when scrolled in
    const cut = (el, r) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
            const cs = getComputedStyle(p);
            if (!/(auto|scroll|hidden)/.test(cs.overflowX + cs.overflowY)) continue;
            const q = p.getBoundingClientRect();
            return Math.abs(r.left - q.left) < 1 || Math.abs(r.right - q.right) < 1
                || Math.abs(r.top - q.top) < 1 || Math.abs(r.bottom - q.bottom) < 1;
        }
        return false;
    };
    const found = [];
    for (const el of document.querySelectorAll('flt-semantics')) {
        const role = el.getAttribute('role');
        const field = el.querySelector(':scope > input, :scope > textarea');
        if (!(roles.has(role) || field)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        let named = el, id = null;
        while (named && !(id = named.getAttribute('flt-semantics-identifier'))) named = named.parentElement;
        const label = (el.getAttribute('aria-label') || (field && field.getAttribute('aria-label'))
                       || el.innerText || '').trim().split('\\n')[0].slice(0, 40);
        el.setAttribute('data-target', String(found.length));
        found.push({role: role || 'text box', label, id, width: r.width, height: r.height, cut: cut(el, r)});
    }
    return found;
}"""


@dataclass(frozen=True)
class Target:
    role: str
    label: str
    id: str | None
    width: float
    height: float
    cut: bool = False  # cut by the edge of the row or list it scrolls in

    def __str__(self) -> str:
        where = f" in {self.id}" if self.id else ""
        return f"{self.role} \u201c{self.label}\u201d{where}: {self.width:.0f}x{self.height:.0f}"


def targets(driver) -> list[Target]:
    """Every tappable control on the screen (scrolled away ones included, as Flutter keeps them)."""
    return [Target(**t) for t in driver.page.evaluate(_TAPPABLE_JS)]


def _small(t: Target, minimum: float) -> bool:
    return not t.cut and (t.width < minimum - 0.5 or t.height < minimum - 0.5)


def too_small(driver, minimum: float = TARGET) -> list[Target]:
    """The tappable controls smaller than `minimum` px in either direction (0.5 px of rounding allowed).

    Flutter clips a control's box to its scrolling parent: one cut by the edge of a list is
    scrolled to the middle and measured again before it counts as small."""
    small = []
    for index, t in enumerate(targets(driver)):
        if not _small(t, minimum):
            continue
        loc = driver.page.locator(f'[data-target="{index}"]')
        try:
            box = loc.bounding_box(timeout=2_000)
            # a wheel turn over it brings it to the middle of its list
            middle = box["y"] + box["height"] / 2
            driver.wheel_at(box["x"] + box["width"] / 2, middle,
                            middle - driver.page.viewport_size["height"] / 2)
            box = loc.bounding_box(timeout=2_000)
        except Exception:  # redrawn meanwhile: keep the first measure
            box = None
        if box is not None:
            t = Target(t.role, t.label, t.id, box["width"], box["height"])  # measured again, in view
        if _small(t, minimum):
            small.append(t)
    return small


def assert_targets(driver, where: str) -> int:
    """Fail naming every control under 48x48 px; return how many were measured."""
    small = too_small(driver)
    assert not small, f"{where}: tappable controls under {TARGET} px: " + "; ".join(map(str, small))
    return len(targets(driver))

"""The harness's own checks, each seen to catch what it is there for: real Flet pages in headless
Chromium, the small app of tests/gui/probe_app.py (served as the app is) and the app itself.

- a tap on a control under something else (a message) fails, naming what covers it;
- a control cut by the edge of its list is scrolled in and measured; a small one is caught, a
  48x48 one passes, one that cannot be scrolled in fails ("could not measure");
- Flutter's error box fails a screen when the harness goes or opens there (its grey, when no
  semantics node shows it), and a screenshot with a block of its grey fails;
- a text one letter a line or past the screen's edge fails a screenshot, naming it; a row that
  scrolls across does not;
- a screenshot waits for every picture skwasm's worker was asked to draw, and fails when one
  is never drawn;
- each pytest-xdist worker writes its screenshots in a folder of its own;
- keys are typed only into the field pressed: a press that lands on another field is made again.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness import ERROR_GREY, GREY_BLOCK, ROOT, DrawnBroken, LaidOutBadly, Server, TapCovered, grey_block, grey_pixels
from scorekeeper.storage import Repository
from steps import wait_label
from targets import assert_targets, measure, targets

PROBE = (str(Path(__file__).with_name("probe_app.py")),)


@pytest.fixture(scope="module")
def probe(browser, tmp_path_factory):
    """The probe app, served as the app is (after `browser`: no browser, no server)."""
    base = tmp_path_factory.mktemp("probe")
    srv = Server(base / "data", base / "server.log", command=[sys.executable, *PROBE, "--serve"])
    yield srv
    srv.stop()


def probe_page(make_driver, probe, route: str, phone: bool = True):
    app = make_driver(phone=phone, host=False, on=probe)
    app.open(route)
    return app


# -- a screenshot shows the screen as it is now ------------------------------------------------
def test_a_screenshot_waits_for_every_picture_the_worker_was_asked_to_draw(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    assert app.page.evaluate("() => !!window._flutter_skwasmInstance")  # the tests' renderer
    app.settle()
    before = app.page.evaluate("() => ({...window.__renders})")
    assert before["asked"] >= 1 and before["drawn"] == before["asked"], before
    app.tap("show-message")
    app.wait_id("message")
    app.settle()
    after = app.page.evaluate("() => ({...window.__renders})")
    assert after["asked"] > before["asked"] and after["drawn"] == after["asked"], (before, after)
    # a picture asked for and never drawn: the wait fails rather than let a screenshot show the
    # screen from before it
    app.page.evaluate("() => { window.__renders.asked += 1; }")
    with pytest.raises(AssertionError, match="1 pictures not drawn in 1 s"):
        app.settle(within=1)
    app.page.evaluate("() => { window.__renders.asked -= 1; }")  # (the tab's last look passes)


# -- a tap goes where the test means it to --------------------------------------------------
def test_a_tap_on_a_button_nothing_covers_lands(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    app.tap("plain")
    app.tap_button("Under")
    wait_label(app, "log", "plain under")


def test_a_tap_on_a_button_under_a_message_fails_naming_the_message(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    app.tap("show-message")
    app._settled_box(app.wait_id("message"))  # slid in
    with pytest.raises(TapCovered, match=r'"message" \u201cA message\u201d lies over "under"'):
        app.tap("under")
    with pytest.raises(TapCovered, match='"message"'):
        app.tap_button("Under")
    app.tap("plain")  # what the message leaves free is tapped as before
    wait_label(app, "log", "show-message plain")
    assert "under" not in app.text_of("log")  # and the refused taps were never made


# -- 48 px: a control cut by its list is measured whole, or fails ------------------------------
@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_control_cut_by_its_list_is_scrolled_in_and_measured(make_driver, probe, phone, capsys):
    app = probe_page(make_driver, probe, "cut", phone=phone)
    app.wait_id("big-stuck")
    first = {t.id: t for t in targets(app)}
    assert set(first) == {"small", "big", "big-stuck", "small-across", "big-across"}
    for name in first:  # every one starts cut: half of it is past the edge of its list
        assert first[name].cut, name
        assert min(first[name].width, first[name].height) < 0.5 * (20 if "small" in name else 48) + 1, first[name]

    measured = measure(app)
    failing = {t.id: t for t in measured.failures}
    assert measured.count == 5
    assert set(failing) == {"small", "small-across", "big-stuck"}, measured
    for name in ("small", "small-across"):  # caught, measured whole: 20x20
        assert (round(failing[name].width), round(failing[name].height), failing[name].note) == (20, 20, ""), measured
    assert failing["big-stuck"].note.startswith("could not measure"), measured  # never a pass unmeasured
    # measuring left the lists as it found them
    assert {t.id: (t.width, t.height) for t in targets(app)} == {n: (t.width, t.height) for n, t in first.items()}

    with pytest.raises(AssertionError, match="small.*small-across.*big-stuck|small.*big-stuck.*small-across"):
        assert_targets(app, "probe")
    assert "probe: 5 tappable controls measured, 3 under 48 px" in capsys.readouterr().out
    assert len(app.small_targets()) == 3
    assert f"{app.name}: 5 tappable controls measured" in capsys.readouterr().out


# -- Flutter's error box ---------------------------------------------------------------------
def test_going_or_opening_where_the_error_box_shows_fails(make_driver, probe):
    app = probe_page(make_driver, probe, "cover")
    with pytest.raises(DrawnBroken, match="after going to /broken.*grey of Flutter's error box"):
        app.go("broken")
    with pytest.raises(DrawnBroken, match="grey of Flutter's error box"):
        app.screenshot("probe-broken")
    app.go("cover")  # (the end of the test looks again: it must find a screen drawn)
    other = make_driver(phone=False, host=False, on=probe)
    with pytest.raises(DrawnBroken, match="after opening /broken"):
        other.open("broken")
    other.go("cover")


def test_a_grey_block_fails_a_screenshot_and_a_real_screen_passes(make_driver, server, tmp_path):
    from PIL import Image

    game = Repository(server.data_dir).create_game("standard", ["Ann", "Bob", "Cat", "Dan"])
    app = make_driver(phone=True)
    app.open(f"game/{game}")
    app.wait_id("save-hand")
    shot = app.screenshot("harness-real-screen")  # passes its checks
    assert grey_block(shot) is None

    def with_grey(width: int, height: int) -> Path:
        image = Image.open(shot).convert("RGB")
        image.paste(ERROR_GREY, (100, 300, 100 + width, 300 + height))
        path = tmp_path / f"grey-{width}x{height}.png"
        image.save(path)
        return path

    with pytest.raises(DrawnBroken, match=r"a block of the grey of Flutter's error box.*\(100, 300"):
        app.assert_no_grey_block(with_grey(GREY_BLOCK, GREY_BLOCK))
    bar = with_grey(GREY_BLOCK - 1, 400)  # more of that grey than a block, but narrower: not one
    assert grey_pixels(bar) > GREY_BLOCK ** 2 and grey_block(bar) is None


# -- keys go where they are meant -------------------------------------------------------------
FIELD_VALUES = """() => Object.fromEntries([...document.querySelectorAll('input')]
    .map(i => [i.getAttribute('aria-label'), i.value]))"""


def test_a_press_that_lands_on_another_field_is_made_again_before_any_key_is_typed(make_driver):
    """Under load the New game form moved under the finger: the press meant for "Player 3" landed on
    a team name's field, the name was typed there, and Start was refused (a team named like a
    player).  Here the first press lands on Player 2 on purpose: `fill` presses Player 1 again
    before it types, and Player 2 stays empty."""
    app = make_driver(phone=True)
    app.open()
    app.tap("new-game")
    app.wait_id("start-game")
    real, presses = app._press, []

    def press(loc) -> None:
        presses.append(loc)
        real(app.page.get_by_label("Player 2", exact=True).first if len(presses) == 1 else loc)

    app._press = press
    app.fill("Player 1", "Ann")
    values = app.page.evaluate(FIELD_VALUES)
    assert values["Player 1"] == "Ann" and values["Player 2"] == "", values
    assert len(presses) == 2


# -- screenshots ---------------------------------------------------------------------------
def test_each_xdist_worker_has_a_screenshot_folder_of_its_own():
    def folder(env: dict) -> str:
        env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"} | env
        return subprocess.run([sys.executable, "-c", "import harness; print(harness.SCREENSHOTS)"],
                              cwd=Path(__file__).parent, env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    assert folder({"PYTEST_XDIST_WORKER": "gw3"}) == str(ROOT / "screenshots" / "gw3")
    assert folder({}) == str(ROOT / "screenshots")


# -- laid out: nothing past the screen's edge, nothing one letter a line -----------------------
@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_text_one_letter_a_line_or_past_the_edge_fails_and_a_row_that_scrolls_does_not(
        make_driver, probe, phone):
    app = probe_page(make_driver, probe, "squeezed", phone=phone)
    app.wait_id("past")
    with pytest.raises(LaidOutBadly) as failed:
        app.screenshot("probe-squeezed", targets=False)
    said = str(failed.value)
    assert '"Blind from 100 behind" is laid out one letter a line' in said, said
    assert '"Past the edge Past the edge' in said and "runs past the screen's edge" in said, said
    assert "Scrolls across" not in said and "A line that fits" not in said, said
    app.go("plain")
    app.wait_id("across")
    found, measured = app.layout_faults()
    assert found == [] and measured >= 2, (found, measured)
    app.screenshot("probe-plain", targets=False)

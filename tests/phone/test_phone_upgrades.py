"""Upgrades (issue 23): the phone's build finds the games an older version saved, with the same
scores.  The data folder each earlier release wrote (tests/compat/corpus/RELEASE/data, read by
tests/compat/test_corpus.py on this computer) is put into the browser's storage where the site
keeps its games, by Pyodide's own IDBFS (the runtime the site carries, in a page of the same
origin that does not start the app), then the site is opened: every game the release listed is in
the games list and opens with the totals the release gave it."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from phonekit import PREFIX

#: every test here loads Pyodide in Chromium (20-120 s on the 2-core machine)
pytestmark = [pytest.mark.gui, pytest.mark.slow]

CORPUS = Path(__file__).resolve().parents[1] / "compat" / "corpus"
RELEASES = sorted(p.name for p in CORPUS.iterdir() if (p / "data").is_dir())
#: where the site keeps its games (scorekeeper/phone_site/web/python-worker.js)
GAMES = "/spades-scorekeeper/games"

SEED = """async ([pyodideUrl, where, files]) => {
    const {loadPyodide} = await import(pyodideUrl);
    const pyodide = await loadPyodide({indexURL: new URL('./', pyodideUrl).href,
        lockFileContents: JSON.stringify(LOCK)});
    const FS = pyodide.FS;
    FS.mkdirTree(where);
    FS.mount(FS.filesystems.IDBFS, {}, where);
    for (const [name, data] of Object.entries(files)) {
        const path = `${where}/${name}`;
        FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
        FS.writeFile(path, Uint8Array.from(atob(data), c => c.charCodeAt(0)));
    }
    await new Promise((ok, no) => FS.syncfs(false, err => err ? no(String(err)) : ok()));
    return Object.keys(files).length;
}"""


def seed(phone, release: str) -> int:
    """The release's data folder into the site's storage (a page of the site's origin, not the app)."""
    data = CORPUS / release / "data"
    files = {p.relative_to(data).as_posix(): base64.b64encode(p.read_bytes()).decode()
             for p in sorted(data.rglob("*")) if p.is_file()}
    page = phone.context.new_page()
    page.goto(phone.server.url + "manifest.json")  # the origin, without the app
    worker = (phone.server.root / PREFIX / "python-worker.js").read_text()
    lock = re.search(r"const PYODIDE_LOCK = (\{.*?\n\});", worker, re.S).group(1)  # the site's own
    written = page.evaluate(SEED.replace("LOCK", lock), [phone.server.url + "pyodide/pyodide.mjs", GAMES, files])
    page.close()
    return written


@pytest.mark.parametrize("release", RELEASES)
def test_the_site_finds_the_games_an_older_release_saved(phone, release):
    expected = json.loads((CORPUS / release / "data-expected.json").read_text())["games"]
    assert seed(phone, release) >= len(expected)
    app, _ = phone.open()
    app.wait_id("new-game", timeout=60_000)
    for game_id, game in expected.items():
        card = app.text_of(f"game-{game_id}")
        for side in game["sides"]:
            assert f"{side} {game['scores'][side]}" in card, (game_id, card)
    for game_id, game in expected.items():
        app.tap(f"game-{game_id}")
        first = game["sides"][0]
        app.wait_id(f"score-{first}", timeout=60_000)
        for side in game["sides"]:
            assert app.text_of(f"score-{side}").split()[0] == str(game["scores"][side]), (game_id, side)
        app.tap("back")
        app.wait_id("new-game", timeout=30_000)

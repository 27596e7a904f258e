"""Names with control characters or bidirectional overrides on the command line (issue 25, point 7):
`score` and `import` refuse a record holding one, in one line naming the field and the character;
a game an earlier release saved with one is listed, exported and printed with it escaped, so no
bell rings and no escape sequence reaches the terminal."""
from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import read_game
from scorekeeper.storage import Repository

NAMES = ["Ann\x07", "Bob\x1b]0;pwned\x07", "Cat", "exe.\u202eevil\x9b"]
RECORD = {"format": "spades-game/1", "rules": {"preset": "standard", "options": {"win_score": 50}}, "players": NAMES,
          "hands": [{"bids": {n: 3 for n in NAMES}, "tricks": {f"{NAMES[0]} & Cat": 7, f"{NAMES[1]} & {NAMES[3]}": 6}}]}
RAW = ("\x07", "\x1b", "\u202e", "\x9b")


def raw_in(text: str) -> list[str]:
    return [f"U+{ord(c):04X}" for c in RAW if c in text]


@pytest.mark.parametrize("command", ["score", "import"])
def test_a_record_with_such_names_is_refused_in_one_line(tmp_path, capsys, command):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    code = main([command, str(path), *(["--data", str(tmp_path / "data")] if command == "import" else [])])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out)
    assert len(err.strip().splitlines()) == 1 and '"players"' in err and "U+0007" in err, err
    assert raw_in(out + err) == []
    if command == "import":
        assert Repository(tmp_path / "data", create=False).list_games() == []


def test_an_old_game_with_such_names_is_listed_exported_and_printed_escaped(tmp_path, capsys):
    data = tmp_path / "data"
    game_id = Repository(data).games.add(read_game(RECORD))  # as an earlier release saved it
    for args in (["games"], ["export", game_id], ["export", game_id, "--csv"], ["history", game_id], ["stats"]):
        assert main([*args, "--data", str(data)]) == 0, args
        out, err = capsys.readouterr()
        assert raw_in(out + err) == [], f"`scorekeeper {' '.join(args)}` printed {raw_in(out + err)} raw"
        if args[0] != "history":
            assert "Ann\\x07" in out or "Ann\\u0007" in out, (args, out[:300])
    assert main(["export", game_id, "--data", str(data)]) == 0
    assert json.loads(capsys.readouterr().out) == RECORD, "the exported record is the record as saved"

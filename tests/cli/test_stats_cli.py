"""`scorekeeper stats [--json] [--rules PRESET] [--since DATE] [--until DATE] [--data DIR]`."""
from __future__ import annotations

import json
import random

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import random_game, score_game
from scorekeeper.storage import Repository

FIGURES = {"name", "games", "wins", "draws", "win_rate", "points_per_hand", "bags_per_game", "sets", "nils_made",
           "nils_failed", "blind_nils_made", "blind_nils_failed", "ten_for_two_hundred", "boston"}
FINISH_AT_6 = {"max_hands": 6, "win_score": 100_000, "lose_score": None}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """Four finished games (two standard, two IHOP, seats turned) and one in progress."""
    folder = tmp_path_factory.mktemp("stats") / "data"
    repo = Repository(folder)
    rng = random.Random(5)
    seats = [["Ann", "Bob", "Cat", "Dan"], ["Cat", "Dan", "Ann", "Bob"]]
    for preset in ("standard", "ihop"):
        for players in seats:
            repo.exchange.import_game(random_game(rng, preset, hands=12, options=FINISH_AT_6,
                                                  players=players).to_dict())
    going = random_game(rng, "standard", hands=2, players=seats[0])
    assert not score_game(going).finished
    repo.exchange.import_game(going.to_dict())
    return folder


def _run(capsys, *args):
    code = main(["stats", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_players_partnerships_and_head_to_head(data, capsys):
    code, out, err = _run(capsys, "--json", "--data", str(data))
    assert code == 0 and err == ""
    stats = json.loads(out)
    assert stats["games"] == 4  # the game in progress does not count
    assert sorted(p["name"] for p in stats["players"]) == ["Ann", "Bob", "Cat", "Dan"]
    assert all(FIGURES <= p.keys() and p["games"] == 4 for p in stats["players"])
    pairs = {tuple(p["players"]): p for p in stats["partnerships"]}
    assert set(pairs) == {("Ann", "Cat"), ("Bob", "Dan")}  # the same pairs, whichever seats they took
    assert all((FIGURES - {"name"}) <= p.keys() and p["games"] == 4 for p in pairs.values())
    assert pairs[("Ann", "Cat")]["wins"] + pairs[("Bob", "Dan")]["wins"] + pairs[("Ann", "Cat")]["draws"] == 4
    [meeting] = stats["head_to_head"]
    assert meeting["games"] == 4 and sum(meeting["wins"]) + meeting["draws"] == 4
    assert meeting["won_by_others"] == 0  # two sides: nobody else could win
    order = [tuple(p) for p in meeting["partnerships"]]
    assert meeting["wins"] == [pairs[pair]["wins"] for pair in order]


def test_rules_filter_keeps_one_rule_set(data, capsys):
    games = {}
    for preset in ("standard", "ihop", "ihop-6"):
        code, out, _ = _run(capsys, "--json", "--rules", preset, "--data", str(data))
        assert code == 0
        games[preset] = json.loads(out)["games"]
    assert games == {"standard": 2, "ihop": 2, "ihop-6": 0}


def test_date_filters(data, capsys):
    today = json.loads(_run(capsys, "--json", "--data", str(data))[1])
    started = {s.created[:10] for s in Repository(data).list_games()}
    [day] = started  # every game here was started today
    assert json.loads(_run(capsys, "--json", "--since", day, "--until", day, "--data", str(data))[1]) == \
        {**today, "filter": {"rules": None, "since": day, "until": day}}
    later = json.loads(_run(capsys, "--json", "--since", "2999-01-01", "--data", str(data))[1])
    assert later["games"] == 0 and later["players"] == [] and later["partnerships"] == []
    earlier = json.loads(_run(capsys, "--json", "--until", "2000-01-01", "--data", str(data))[1])
    assert earlier["games"] == 0


def test_text_tables(data, capsys):
    code, out, err = _run(capsys, "--data", str(data))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "4 finished games (all rule sets)."
    for heading in ("Players", "Partnerships", "Head to head (games: wins each, draws)"):
        assert heading in lines
    players = lines[lines.index("Players") + 1: lines.index("Players") + 6]
    assert players[0].split()[:4] == ["PLAYER", "GAMES", "W", "D"]
    assert sorted(row.split()[0] for row in players[1:]) == ["Ann", "Bob", "Cat", "Dan"]
    assert any(row.startswith("Ann & Cat ") for row in lines) and any(row.startswith("Bob & Dan ") for row in lines)
    games_end = players[0].index("GAMES") + len("GAMES")  # the figures are right-aligned under their heading
    assert all(row[games_end - 1].isdigit() and row[games_end] == " " for row in players[1:])


def test_no_games_is_a_sentence(tmp_path, capsys):
    code, out, err = _run(capsys, "--data", str(tmp_path / "none"), "--rules", "ihop")
    assert (code, err) == (0, "") and out == "No finished games (ihop rules).\n"
    assert not (tmp_path / "none").exists()  # reading the stats creates nothing


@pytest.mark.parametrize("args, named", [
    (["--rules", "ihop-9"], "'ihop-9'"),
    (["--since", "2026-02-30"], "'2026-02-30'"),
    (["--until", "yesterday"], "'yesterday'"),
    (["--since", "2026-05-01", "--until", "2026-04-01"], "2026-05-01"),
])
def test_bad_values_are_one_line_naming_the_value(data, capsys, args, named):
    code, out, err = _run(capsys, *args, "--data", str(data))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("scorekeeper stats: ") and named in err


def test_stats_is_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "stats" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    out = capsys.readouterr().out
    assert all(option in out for option in ("--json", "--rules", "--since", "--until", "--data"))

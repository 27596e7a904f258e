"""The season's stats across tables of every size (issue 26): a player's two-player, cutthroat and
five-player games are their games too, beside their partnership games; players stay apart by name
(not by side), and a table without partners makes no partnership and no head to head."""
from __future__ import annotations

import random

import pytest

from scorekeeper.engine import random_game, rules_from_spec
from scorekeeper.gui.models import season as season_model
from scorekeeper.storage import Repository, StatsFilter

from .test_season_stats import _count, _figures, _not_zero

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
SIZES = ["two", "cutthroat", "five", "standard", "ihop-3", "two", "five"]
FINISH_AT_6 = {"max_hands": 6, "win_score": 100_000}


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """Games of every size among six players in shuffled seats (Ann sits in each), all finished
    by the hand limit but one two-player game left in progress."""
    repo = Repository(tmp_path_factory.mktemp("sizes") / "data")
    rng = random.Random(26)
    for n in range(21):
        preset = SIZES[n % len(SIZES)]
        others = rng.sample(NAMES[1:], rules_from_spec(preset).players - 1)
        players = others[:]
        players.insert(rng.randrange(len(players) + 1), "Ann")
        hands = 3 if n == 5 else 6
        game = random_game(rng, preset, hands=hands, options=FINISH_AT_6, players=players)
        repo.exchange.import_game(game.to_dict())
    return repo


@pytest.mark.parametrize("which", [StatsFilter(), StatsFilter(rules="two"), StatsFilter(rules="five"),
                                   StatsFilter(rules="cutthroat"), StatsFilter(rules="standard")],
                         ids=lambda f: str(f.rules))
def test_every_player_and_partnership_agrees_with_counts_from_the_records(repo, which):
    players, pairs, _ = _count(repo, which)
    stats = repo.season_stats(which)
    assert stats.players and {line.name.casefold(): _figures(line) for line in stats.players} == \
        {name: _not_zero(counts) for name, counts in players.items()}
    assert {frozenset(n.casefold() for n in line.players): _figures(line) for line in stats.partnerships} == \
        {key: _not_zero(counts) for key, counts in pairs.items()}


def test_a_players_games_at_every_table_size_are_theirs(repo):
    finished = [s for s in repo.list_games() if s.status == "finished"]
    assert {s.rules for s in finished} == {"two", "cutthroat", "five", "standard", "ihop-3"}
    assert any(s.status == "in_progress" for s in repo.list_games())
    ann = next(line for line in repo.season_stats().players if line.name == "Ann")
    assert ann.figures.games == len(finished)  # Ann sat in every game
    assert ann.figures.wins == sum(s.winner == "Ann" or (s.winner or "").startswith("Ann &")
                                   or (s.winner or "").endswith("& Ann") for s in finished)
    for preset in ("two", "five", "cutthroat"):
        only = repo.season_stats(StatsFilter(rules=preset))
        games = [s for s in finished if s.rules == preset]
        assert next(line for line in only.players if line.name == "Ann").figures.games == len(games)
        assert only.partnerships == [] and only.head_to_head == []  # every player a side: no partners
        seated = {p for s in games for p in s.players}
        assert {line.name for line in only.players} == seated


def test_the_players_of_a_table_alone_stay_apart_from_the_sides_of_partners(repo):
    names = [line.name for line in repo.season_stats().players]
    assert sorted(names) == sorted(NAMES)  # players only: no side's name ("Ann & Cat") is a player
    pairs = repo.season_stats().partnerships
    assert pairs and all(len(line.players) == 2 for line in pairs)
    assert {g.rules for g in repo.list_games() if g.status == "finished" and len(g.sides) == 2
            and all(" & " in side for side in g.sides)} == {"standard"}


def test_the_stats_screen_offers_and_names_every_size(repo):
    keys = [key for key, _ in season_model.rule_choices()]
    assert {"two", "cutthroat", "five"} <= set(keys)
    stats = repo.season_stats(StatsFilter(rules="two"))
    assert season_model.scope_text(stats, "two", "all").endswith("\u00b7 Two-handed Spades \u00b7 all time")
    lines = season_model.player_lines(stats)
    assert lines and all(" & " not in line.name for line in lines)
    assert season_model.partnership_lines(stats) == [] and season_model.head_to_head_lines(stats) == []

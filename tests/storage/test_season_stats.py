"""The season's stats (``Repository.season_stats``) against counts made here, game by game, from
each saved game's record and the engine's scoresheet of it: players, partnerships whatever the
seats, head to head, and the filters by rule set and start day."""
from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict

import pytest

from scorekeeper.engine import Rule, random_game, rules_from_spec, score_game
from scorekeeper.storage import Repository, StatsFilter
from scorekeeper.storage import games as stored_games

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
PRESETS = ["standard", "ihop", "ihop-3", "ihop-6", "solo"]
FINISH_AT_8 = {"max_hands": 8, "win_score": 100_000, "lose_score": None}
DAYS = ["2026-01-15", "2026-03-02", "2026-06-30", "2026-11-01"]
#: a standard game that bids 10 for 200 and Moon (the random games never bid that high)
BIG_BIDS = {"preset": "standard", "options": {"ten_for_200": True, "moon": 200, "max_hands": 3,
                                               "win_score": 100_000}}


def _big_bid_hands(us: str, them: str, players: list[str]) -> list[dict]:
    a, b, c, d = players
    return [{"bids": {a: 5, c: 5, b: 1, d: 1}, "tricks": {us: 11, them: 2}},   # 10 for 200 made, a bag
            {"bids": {a: 7, c: 6, b: 1, d: "nil"}, "tricks": {us: 13, b: 0, d: 0}},  # Moon, a nil made
            {"bids": {a: 5, c: 5, b: 2, d: 1}, "tricks": {us: 9, them: 4}}]    # 10 for 200 set


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    """Games of every preset among six players in shuffled seats (one spelled in capitals), each
    started on one of four days; a few left in progress; two that bid 10 for 200 and Moon."""
    repo = Repository(tmp_path_factory.mktemp("season") / "data")
    rng = random.Random(18)
    days = itertools.cycle(DAYS)
    original = stored_games._now
    try:
        for n in range(45):
            preset = PRESETS[n % len(PRESETS)]
            players = rng.sample(NAMES, rules_from_spec(preset).players)
            if n == 7:
                players = [p.upper() if p == "Ann" else p for p in players]
            options = FINISH_AT_8 if n % 9 else {"max_hands": 8}  # a few may end in progress or early
            game = random_game(rng, preset, hands=8 if n % 11 else 3, options=options, players=players)
            day = next(days)
            stored_games._now = lambda day=day: f"{day}T12:00:00.000+00:00"
            repo.exchange.import_game(game.to_dict())
        for players in (["Ann", "Bob", "Cat", "Dan"], ["Cat", "Dan", "Ann", "Bob"]):  # the same pairs, seats turned
            record = {"format": "spades-game/1", "rules": BIG_BIDS, "players": players,
                      "hands": _big_bid_hands(f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}",
                                              players)}
            stored_games._now = lambda: "2026-06-30T09:00:00.000+00:00"
            repo.exchange.import_game(record)
    finally:
        stored_games._now = original
    return repo


def _games(repo):
    """(summary, game, sheet) for every saved game: the sheet scored here from the stored record."""
    for summary in repo.list_games():
        stored = repo.get(summary.id)
        yield summary, stored.game, score_game(stored.game)


def _bags_taken(sheet, side: str, bag_limit: int) -> int:
    """The bags a side took over the game: each hand's rise of the running count, and the limit's
    worth of bags for each bag penalty line."""
    taken, before = 0, 0
    for hand in sheet.hands:
        score = hand.sides[side]
        if not (hand.misdeal or hand.thrown_out):
            penalties = sum(1 for line in score.lines if line.rule == Rule.BAG_PENALTY)
            taken += score.bags - before + penalties * bag_limit
        before = score.bags
    return taken


def _count(repo, which: StatsFilter):
    """Players and partnerships counted straight from the records and sheets, and head to head."""
    players: dict[str, Counter] = defaultdict(Counter)
    pairs: dict[frozenset, Counter] = defaultdict(Counter)
    meetings: dict[frozenset, Counter] = defaultdict(Counter)
    for summary, game, sheet in _games(repo):
        day = summary.created[:10]
        if not sheet.finished or (which.rules and game.rules.name != which.rules) \
                or (which.since and day < which.since) or (which.until and day > which.until):
            continue
        met = []
        for side in game.sides:
            side_counts = Counter(games=1, wins=int(sheet.winner == side.name), draws=int(sheet.winner is None),
                                  points=sheet.scores[side.name], hands=sheet.hands_played,
                                  bags=_bags_taken(sheet, side.name, game.rules.bag_limit))
            nils: dict[str, Counter] = defaultdict(Counter)
            for record_hand, hand in zip(game.hands, sheet.hands):
                if hand.misdeal or hand.thrown_out:
                    continue
                score = hand.sides[side.name]
                side_counts["sets"] += score.set
                rules_used = {line.rule for line in score.lines}
                side_counts["ten_for_two_hundred"] += Rule.WHEELS_MADE in rules_used
                side_counts["ten_for_two_hundred_failed"] += Rule.WHEELS_SET in rules_used
                side_counts["boston"] += Rule.MOON_MADE in rules_used
                side_counts["boston_failed"] += Rule.MOON_SET in rules_used
                for player, made in score.nils.items():
                    kind = "blind_nils" if player in record_hand.blind else "nils"
                    nils[player][f"{kind}_{'made' if made else 'failed'}"] += 1
            for player in side.players:  # update() adds (negative points too); "+" would drop them
                players[player.casefold()].update(side_counts)
                players[player.casefold()].update(nils[player])
            if len(side.players) == 2:
                key = frozenset(p.casefold() for p in side.players)
                for counts in (side_counts, nils[side.players[0]], nils[side.players[1]]):
                    pairs[key].update(counts)
                met.append((key, side.name))
        for (first, first_side), (second, second_side) in itertools.combinations(met, 2):
            meeting = meetings[frozenset((first, second))]
            meeting["games"] += 1
            meeting[first] += sheet.winner == first_side
            meeting[second] += sheet.winner == second_side
            meeting["draws"] += sheet.winner is None
    return players, pairs, meetings


def _figures(line) -> dict:
    """The counts of a line (not the rates), those that are not 0."""
    return {key: value for key, value in line.figures.to_json().items() if isinstance(value, int) and value}


def _not_zero(counts: Counter) -> dict:
    return {key: value for key, value in counts.items() if value}


FILTERS = [StatsFilter(), StatsFilter(rules="ihop"), StatsFilter(rules="ihop-3"), StatsFilter(rules="ihop-6"),
           StatsFilter(rules="standard"), StatsFilter(since="2026-03-01"), StatsFilter(until="2026-06-30"),
           StatsFilter(rules="ihop", since="2026-03-02", until="2026-06-30")]


@pytest.mark.parametrize("which", FILTERS, ids=lambda f: f"{f.rules}-{f.since}-{f.until}")
def test_players_and_partnerships_agree_with_counts_from_the_records(season, which):
    players, pairs, _ = _count(season, which)
    stats = season.season_stats(which)
    assert stats.players and {line.name.casefold(): _figures(line) for line in stats.players} == \
        {name: _not_zero(counts) for name, counts in players.items()}
    assert {frozenset(n.casefold() for n in line.players): _figures(line) for line in stats.partnerships} == \
        {key: _not_zero(counts) for key, counts in pairs.items()}
    for line in stats.players + stats.partnerships:
        figures = line.figures
        assert figures.win_rate == pytest.approx(figures.wins / figures.games)
        assert figures.points_per_hand == pytest.approx(figures.points / figures.hands)
        assert figures.bags_per_game == pytest.approx(figures.bags / figures.games)


@pytest.mark.parametrize("which", FILTERS[:2] + FILTERS[3:4], ids=lambda f: str(f.rules))
def test_head_to_head_agrees_with_the_games_the_partnerships_met_in(season, which):
    _, _, meetings = _count(season, which)
    found = {}
    for h in season.season_stats(which).head_to_head:
        first, second = (frozenset(n.casefold() for n in pair) for pair in (h.first, h.second))
        found[frozenset((first, second))] = Counter({"games": h.games, first: h.first_wins,
                                                     second: h.second_wins, "draws": h.draws})
    assert found and found == {key: counts for key, counts in meetings.items()}
    assert all(sum(c.values()) - c["games"] <= c["games"] for c in found.values())
    for h in season.season_stats(which).head_to_head:
        assert h.others_won == h.games - h.first_wins - h.second_wins - h.draws >= 0


def test_the_season_holds_what_the_filters_need(season):
    """The fixture is what the counts above rely on: several presets, days, seats and big bids."""
    everything = season.season_stats()
    assert {s.rules for s in season.list_games() if s.status == "finished"} >= {"standard", "ihop", "ihop-3",
                                                                                  "ihop-6"}
    assert season.season_stats(StatsFilter(since="2026-03-01")).games < everything.games
    assert season.season_stats(StatsFilter(since="2027-01-01")).games == 0
    total = lambda key: sum(getattr(line.figures, key) for line in everything.players)  # noqa: E731
    assert total("ten_for_two_hundred") and total("ten_for_two_hundred_failed") and total("boston")
    assert total("nils_made") and total("nils_failed") and total("blind_nils_made") + total("blind_nils_failed")
    assert total("draws") + total("wins") > 0 and total("sets") > 0


def test_a_partnership_is_the_same_two_players_whatever_their_seats_and_case(season):
    stats = season.season_stats(StatsFilter(rules="standard", since="2026-06-30", until="2026-06-30"))
    seated = [(g.sides[0].players, g.sides[1].players) for s, g, _ in _games(season)
              if s.rules == "standard" and s.created.startswith("2026-06-30")]
    ann_cat = [line for line in stats.partnerships if {n.casefold() for n in line.players} == {"ann", "cat"}]
    assert len(ann_cat) == 1
    assert ann_cat[0].figures.games == sum(1 for sides in seated for side in sides
                                           if {p.casefold() for p in side} == {"ann", "cat"})
    assert ann_cat[0].figures.games >= 2  # at least the two big-bid games, seated both ways
    names = [line.name for line in season.season_stats().players]
    assert len(names) == len({n.casefold() for n in names}) == len(NAMES)


def test_results_over_time_are_each_game_oldest_first(season):
    for line in season.season_stats().players:
        results = line.figures.results
        assert len(results) == line.figures.games
        assert [r.day for r in results] == sorted(r.day for r in results)
        assert Counter(r.outcome for r in results) == Counter(won=line.figures.wins, draw=line.figures.draws,
                                                            lost=line.figures.games - line.figures.wins
                                                            - line.figures.draws) - Counter()


def test_a_summary_of_the_old_form_is_summarized_again(tmp_path):
    """An index and game files written before the season's figures (summary version 1, no bags,
    points or partners) are read again from the games: the stats hold the new figures."""
    import json

    repo = Repository(tmp_path / "data")
    game = random_game(random.Random(2), "ihop", hands=12, options=FINISH_AT_8)
    game_id = repo.exchange.import_game(game.to_dict())
    fresh = repo.season_stats()
    index = json.loads(repo.index_path.read_text())
    for entry in index["games"].values():
        summary = entry["summary"]
        summary.pop("summary_version")
        for line in summary["players"].values():
            for key in ("points", "hands", "bags", "partners", "blind_nils_made", "ten_made", "boston_made"):
                line.pop(key)
    repo.index_path.write_text(json.dumps(index))
    path = repo.games_dir / f"{game_id}.json"
    doc = json.loads(path.read_text())
    doc["game"]["1"]["summary"].pop("summary_version")
    path.write_text(json.dumps(doc))
    again = Repository(tmp_path / "data").season_stats()
    assert again == fresh and again.players[0].figures.hands == score_game(game).hands_played
    [entry] = json.loads(repo.index_path.read_text())["games"].values()
    assert entry["summary"]["summary_version"] >= 2 and "bags" in next(iter(entry["summary"]["players"].values()))

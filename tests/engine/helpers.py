"""Small builders and checks shared by the engine's rule-by-rule tests.

Records are plain dicts in the spades-game/1 shape (GAME_FORMAT.md); every
test goes through the public path ``score_game(load_game(record)).to_json()``
and looks at numbers only (points, score, bags, status, winner).

Seats used throughout:
- four players: Ann, Bob, Cat, Dan clockwise; "Us" is Ann + Cat, "Them" is
  Bob + Dan; Ann deals the first hand unless a test says otherwise.
- the worked examples use North, East, South, West: "NS" and "EW".
- three players: Ann, Bob, Cat (each is a side); two: Ann, Bob; five: Ann .. Eve.
- six players: Ann .. Fay; default sides Ann & Dan, Bob & Eve, Cat & Fay.
"""
from __future__ import annotations

import pytest

from scorekeeper.engine.errors import RecordError, ScorekeeperError
from scorekeeper.engine.rules import PRESETS

FORMAT = "spades-game/1"
FOUR = ["Ann", "Bob", "Cat", "Dan"]
US_THEM = ["Us", "Them"]
COMPASS = ["North", "East", "South", "West"]
NS_EW = ["NS", "EW"]
THREE = ["Ann", "Bob", "Cat"]
SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
SIX_SIDES = ["Ann & Dan", "Bob & Eve", "Cat & Fay"]

MISDEAL = {"misdeal": True}

#: house rules generated games are also played under (other tables' conventions among them)
OPTION_SETS = [
    {},
    {"separate_nils": True},
    {"separate_nils": True, "blind_nil": True, "both_nil_tricks_are_bags": False},
    {"separate_nils": True, "nil_tricks_count_for_partner": True},
    {"failed_nil_tricks_are_bags": False},
    {"failed_nil_tricks_are_bags": False, "nil_tricks_count_for_partner": True},
    {"double_nil": True, "blind_double_nil": True, "both_nil_tricks_are_bags": False},
    {"tie_ends_in_draw": True, "win_score": 200},
    {"partnership_bidding": True, "side_min_bid": 0, "blind_nil": True},
    # tables of every size: suicide with partners; without, a failed nil's tricks worth nothing, bids that
    # may not total N, and the special contracts
    {"suicide": True, "blind_nil": True},
    {"lone_nil_tricks_are_bags": False, "blind_nil": True},
    {"three_player_no_exact_total": True, "ten_for_200": True, "moon": 200},
]


def fits(preset: str, options: dict) -> bool:
    """Whether the preset takes these options (some need partners, some exclude each other)."""
    try:
        PRESETS[preset].with_options(options)
    except ScorekeeperError:
        return False
    return True


def by_side(us, them) -> dict:
    """Bids or tricks of the two sides of the four-player table."""
    return {"Us": us, "Them": them}


def by_player(ann, cat, bob, dan) -> dict:
    """Bids or tricks of each player of the four-player table (Us = Ann + Cat, Them = Bob + Dan)."""
    return {"Ann": ann, "Cat": cat, "Bob": bob, "Dan": dan}


def rules(preset: str, **options):
    """The record's "rules" field: the bare preset, or the preset with options."""
    if not options:
        return preset
    return {"preset": preset, "options": options}


def hand(bids: dict, tricks: dict, **extra) -> dict:
    """One played hand: bids, tricks and any optional fields (blind, aces, ...)."""
    h = {"bids": dict(bids), "tricks": dict(tricks)}
    h.update(extra)
    return h


def game(rule_spec, hands, players=None, team_names="default", **extra) -> dict:
    """A whole record. Four players default to Ann/Bob/Cat/Dan as Us/Them."""
    players = list(players or FOUR)
    record = {"format": FORMAT, "rules": rule_spec, "players": players}
    if team_names == "default":
        team_names = US_THEM if players == FOUR else NS_EW if players == COMPASS else None
    if team_names is not None:
        record["team_names"] = list(team_names)
    record.update(extra)
    record["hands"] = [dict(h) for h in hands]
    return record


def std(rule_spec="standard", hands=(), **extra) -> dict:
    return game(rule_spec, hands, **extra)


def score(record, bag_range: bool = True) -> dict:
    """Score a record through the public API and check the sheet's invariants.

    ``bag_range=False`` skips the 0..9 check, for rule sets without a bag
    penalty (three players without the count_bags option).
    """
    from scorekeeper.engine import load_game, score_game

    out = score_game(load_game(record)).to_json()
    check_sheet(out, bag_range)
    return out


def check_sheet(out: dict, bag_range: bool = True) -> None:
    """What must hold for any scoresheet: deals in order, hands numbered as the table counts them
    (a misdeal has no number), lines add up, scores run, bags 0..9."""
    running = {name: 0 for name in out["sides"]}
    counted = 0
    for number, h in enumerate(out["hands"], start=1):
        assert h["deal"] == number
        if h["misdeal"]:
            assert h["number"] is None, h
        elif h["number"] is not None:  # None: a hand thrown out (a reneg would have won the game)
            counted += 1
            assert h["number"] == counted, (number, h["number"], counted)
        for name, s in h.get("sides", {}).items():
            assert sum(line["points"] for line in s["lines"]) == s["points"], (number, name, s)
            running[name] += s["points"]
            assert s["score"] == running[name], (number, name, s)
            if bag_range:
                assert 0 <= s["bags"] <= 9, (number, name, s)
    assert out["scores"] == running
    if out["status"] == "finished":
        assert out["winner"] in out["sides"] or (out["winner"] is None and "draw" in out["reason"])
        assert out["reason"]
    else:
        assert out["status"] == "in_progress"
        assert out["winner"] is None


def side(out: dict, number: int, name: str) -> dict:
    """The scoresheet entry of one side in hand ``number`` (1-based)."""
    return out["hands"][number - 1]["sides"][name]


def triple(out: dict, number: int, name: str) -> tuple[int, int, int]:
    s = side(out, number, name)
    return (s["points"], s["score"], s["bags"])


def assert_hands(out: dict, expected: dict) -> None:
    """expected: {hand number: {side: (points, score after, bags after)}}."""
    for number, sides in expected.items():
        for name, want in sides.items():
            assert triple(out, number, name) == tuple(want), (number, name)


def texts(out: dict, number: int, name: str) -> str:
    """All line texts of one side in one hand, lower-cased, for light checks."""
    return " | ".join(line["text"] for line in side(out, number, name)["lines"]).lower()


def points_of(out: dict, number: int) -> dict:
    return {name: s["points"] for name, s in out["hands"][number - 1].get("sides", {}).items()}


def record_error(record, hand_number, error=RecordError, *, counted=None):
    """The record must be refused with ``error`` naming deal ``hand_number`` (its position);
    ``counted``: the hand's number as the table counts it, when a misdeal came before it."""
    with pytest.raises(error) as info:
        score(record)
    err = info.value
    assert err.hand == hand_number, str(err)
    if counted is not None:
        assert str(err).startswith(f"hand {counted} (deal {hand_number}):"), str(err)
    elif hand_number is not None:
        assert str(err).startswith(f"hand {hand_number}:"), str(err)
    return err

"""A breakdown line's rule, this hand the other ways, playing the game that way, and its history,
as `session.dispute` gives them to the screens (no browser)."""
from __future__ import annotations

from scorekeeper.engine import find_preset, score_game
from scorekeeper.gui.models import Role, Session, SharedRepository, Tables
from scorekeeper.gui.models.events import GameChanged

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
NIL_FAILED = {"bids": {"Ann": "nil", "Bob": 4, "Cat": 4, "Dan": 3},
              "tricks": {"Ann": 2, "Bob": 4, "Cat": 3, "Dan": 4}}
PLAIN = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, "tricks": {"Ann & Cat": 7, "Bob & Dan": 6}}
EDITED = {"bids": {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 3}, "tricks": {"Ann & Cat": 8, "Bob & Dan": 5}}


def _game(tmp_path, events=None):
    shared = SharedRepository(tmp_path / "data")
    tables = Tables(host_token="secret")
    host = Session(shared, tables, publish=(events.append if events is not None else lambda e: None))
    _, game_id = host.games.create_game("ihop", PLAYERS)
    assert host.open(game_id) and host.record_hand(NIL_FAILED) and host.record_hand(PLAIN)
    return shared, tables, host, game_id


def test_a_failed_nil_line_opens_its_rule_and_the_hand_each_other_way(tmp_path):
    _, _, host, _ = _game(tmp_path)
    found, why = host.dispute.rule_of(1, "nil-failed")
    assert why == "" and found.rule.title == "Nil failed"
    assert "Failed nil's tricks help the partner: on" in found.options_text
    # what the sheet says now: Ann & Cat -59 in hand 1 (40 + 1 bag - 100)
    assert found.now_text()[0].startswith("Ann & Cat: -59 (score -59)")
    partner = next(w for w in found.ways.ways if w.option == "nil_tricks_count_for_partner")
    assert partner.value is False and partner.possible
    # the other way: Cat's 3 tricks alone do not make the side's 4: set, -40; the failed nil's
    # -100; Ann's 2 tricks then are the side's bags, +1 each: -138 (worked out here), as the
    # engine scores the record under that option
    assert partner.sides[0].points == -138
    other = score_game(host.game.with_rules(host.game.rules.with_options({"nil_tricks_count_for_partner": False})))
    assert [s.points for s in partner.sides] == [other.hands[0].sides[s].points for s in other.sides]
    assert dict(partner.scores) == other.scores


def test_an_unknown_rule_or_a_rule_the_hand_has_no_line_of_says_why(tmp_path):
    _, _, host, _ = _game(tmp_path)
    found, why = host.dispute.rule_of(1, "no-such-rule")
    assert found is None and "Unknown rule key 'no-such-rule'" in why
    found, why = host.dispute.rule_of(2, "nil-failed")
    assert found is None and "nil-failed" in why


def test_play_this_way_rescores_every_hand_publishes_once_is_undone_and_in_the_history(tmp_path):
    events: list = []
    shared, _, host, game_id = _game(tmp_path, events)
    before = host.sheet.scores
    events.clear()
    res = host.dispute.play("nil_tricks_count_for_partner", False)
    assert res.ok and "every hand scored again" in res.message
    assert events == [GameChanged(game_id)]
    assert host.game.rules.nil_tricks_count_for_partner is False
    assert host.sheet.scores == score_game(host.game).scores != before
    last = shared.history(game_id)[-1]
    assert (last["change"], last["device"], last["role"]) == ("rules", "this computer", "host")
    rows, _ = host.dispute.history()
    assert rows[0].change == "rules" and "Failed nil's tricks help the partner on -> off" in rows[0].text
    undone = host.undo()
    assert undone.ok and undone.message == "The change of house rules undone"
    assert host.sheet.scores == before and host.game.rules == find_preset("ihop")


def test_a_viewer_reads_the_other_ways_and_cannot_play_them(tmp_path):
    events: list = []
    shared, tables, host, game_id = _game(tmp_path)
    _, code = host.seat.share(game_id)
    bob = Session(shared, tables, role=Role.GUEST, client="bob", publish=events.append)
    assert bob.seat.join(code) and bob.open(game_id)
    found, _ = bob.dispute.rule_of(1, "nil-failed")
    assert found is not None and found.ways.ways
    res = bob.dispute.play("nil_tricks_count_for_partner", False)
    assert not res.ok and "ask for the pen" in res.message
    assert events == [] and shared.get(game_id).game.rules == find_preset("ihop")
    rows, why = bob.dispute.history()
    assert why == "" and [r.change for r in rows][-1] == "created"


def test_an_edited_hand_is_marked_and_its_changes_read_old_and_new(tmp_path):
    _, _, host, _ = _game(tmp_path)
    assert host.dispute.edited_deals() == frozenset()
    assert host.replace_hand(2, EDITED)
    assert host.dispute.edited_deals() == {2}
    changes = host.dispute.changes_of(2)
    assert len(changes) == 1 and "tricks Ann & Cat 7 -> 8" in changes[0].text
    assert "Bob & Dan 6 -> 5" in changes[0].text and "this computer" in changes[0].text
    assert host.dispute.changes_of(1) == []


def test_options_without_a_list_of_values_are_named_not_shown_as_ways(tmp_path):
    _, _, host, _ = _game(tmp_path)
    found, _ = host.dispute.rule_of(2, "contract-made")
    assert "Blind made times" in found.unoffered and "No trump made times" in found.unoffered
    assert not {w.label for w in found.ways.ways} & set(found.unoffered)
    assert "Points a trick bid" not in found.unoffered  # it offers values: its ways are listed
    assert any(w.label == "Points a trick bid" for w in found.ways.ways)

"""The rules engine: pure Python, no I/O, no GUI, no database."""
from .compare import WhatIf, WhatIfRow, what_if
from .errors import BidError, HandError, RecordError, RuleOptionError, ScorekeeperError
from .generate import random_game, random_hand
from .record import FORMAT, MAX_NAME_LENGTH, NIL, Bemo, Game, Hand, Penalty, Side, dumps_game, load_game, new_game, parse_game
from .rules import OPTION_KEYS, PRESET_SUMMARY, PRESETS, RuleSet, find_preset, parse_option_value, rules_from_spec
from .scoring import ENGINE_VERSION, HandScore, Status, Line, Scoresheet, SideScore, behind_leader, score_game
from .table import (BlindChance, Lock, NextHand, bid_order, leader_of, lock_status, next_hand, pass_direction,
                    tricks_left, with_raise, without_raise)
from .text import OPTION_HELP, describe_rules, format_value

__all__ = [
    "WhatIf", "WhatIfRow", "what_if",
    "BidError", "HandError", "RecordError", "RuleOptionError", "ScorekeeperError",
    "random_game", "random_hand",
    "FORMAT", "MAX_NAME_LENGTH", "NIL", "Bemo", "Game", "Hand", "Penalty", "Side", "dumps_game", "load_game", "new_game", "parse_game",
    "OPTION_KEYS", "PRESET_SUMMARY", "PRESETS", "RuleSet", "find_preset", "parse_option_value", "rules_from_spec",
    "ENGINE_VERSION", "HandScore", "Status", "Line", "Scoresheet", "SideScore", "behind_leader", "score_game",
    "BlindChance", "Lock", "NextHand", "bid_order", "leader_of", "lock_status", "next_hand", "pass_direction",
    "tricks_left", "with_raise", "without_raise",
    "OPTION_HELP", "describe_rules", "format_value",
]

"""The rules engine: pure Python, no I/O, no GUI, no database."""
from .actions import (Scored, can_record_hand, load_game, read_game, record_hand, replace_hand, take_back_hand,
                      verify_hand)
from .bids import SideBid
from .compare import WhatIf, WhatIfRow, what_if
from .errors import (BidError, HandError, LineNotFound, RecordError, RecordTextError, RuleOptionError,
                     ScorekeeperError, TextProblem)
from .generate import random_game, random_hand
from .ways import OtherWay, OtherWays, SideWay, offered_values, other_ways
from .record import (FORMAT, MAX_HANDS, MAX_MISDEALS, MAX_NAME_LENGTH, MAX_RECORD_BYTES, MAX_UNKNOWN_BYTES, NIL,
                     Bemo, Game, Hand, Penalty, Side, check_entered_names, check_import, check_record_size,
                     default_teams, dumps_game, new_game, parse_game, read_record_text)
from .rule_keys import RULE_KEYS, Rule, RuleKey, RuleText, Source, explain_rule, find_rule, rule_in_play
from .rules import (OPTION_KEYS, OPTIONS, PRESET_SUMMARY, PRESETS, BidFirst, Kind, Option, RuleSet, Table,
                    find_preset, parse_option_value, rules_from_spec)
from .scoring import (ENGINE_VERSION, AfterEnd, ContractKind, End, EndReason, HandScore, Line, Loss,
                      Scoresheet, SideScore, Status, behind_leader, score_game)
from .table import (BlindChance, Lock, NextHand, bid_order, leader_of, lock_status, next_hand, pass_direction,
                    tricks_left, with_raise, without_raise)
from .text import OPTION_HELP, describe_rules, format_value, plural, signed

__all__ = [
    "Scored", "can_record_hand", "load_game", "read_game", "record_hand", "replace_hand", "take_back_hand",
    "verify_hand",
    "SideBid",
    "WhatIf", "WhatIfRow", "what_if",
    "BidError", "HandError", "LineNotFound", "RecordError", "RecordTextError", "RuleOptionError", "ScorekeeperError",
    "TextProblem",
    "random_game", "random_hand",
    "OtherWay", "OtherWays", "SideWay", "offered_values", "other_ways",
    "FORMAT", "MAX_HANDS", "MAX_MISDEALS", "MAX_NAME_LENGTH", "MAX_RECORD_BYTES", "MAX_UNKNOWN_BYTES", "NIL", "Bemo",
    "Game", "Hand", "Penalty", "Side", "check_entered_names", "check_import", "check_record_size", "default_teams",
    "dumps_game", "new_game", "parse_game", "read_record_text",
    "RULE_KEYS", "Rule", "RuleKey", "RuleText", "Source", "explain_rule", "find_rule", "rule_in_play",
    "OPTION_KEYS", "OPTIONS", "PRESET_SUMMARY", "PRESETS", "BidFirst", "Kind", "Option", "RuleSet", "Table",
    "find_preset", "parse_option_value", "rules_from_spec",
    "ENGINE_VERSION", "AfterEnd", "ContractKind", "End", "EndReason", "HandScore", "Line", "Loss",
    "Scoresheet", "SideScore", "Status", "behind_leader", "score_game",
    "BlindChance", "Lock", "NextHand", "bid_order", "leader_of", "lock_status", "next_hand", "pass_direction",
    "tricks_left", "with_raise", "without_raise",
    "OPTION_HELP", "describe_rules", "format_value", "plural", "signed",
]

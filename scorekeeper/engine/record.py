"""The game record, ``spades-game/1``: typed, validated, to and from JSON.

A record holds what happened at the table; scores are always computed from
it.  Parsing checks the record's shape and names only; whether the hands keep
every rule (blind only when behind, no hand after the end, ...) is scoring's
answer (``actions.read_game``, ``actions.record_hand``).
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Iterable, Mapping

from .errors import HandError, RecordError, RecordTextError, TextProblem
from .rules import RuleSet, is_int as _is_int, rules_from_spec

FORMAT = "spades-game/1"
NIL = "nil"
#: the longest player or team name a record may hold (longer names would break every screen)
MAX_NAME_LENGTH = 30

#: the bidirectional embeddings, overrides and isolates: a name holding one reverses or moves the
#: text after it (the partner's name, the rest of a line); with the control characters (C0, DEL and
#: C1: a bell, a terminal's escape sequences) no name may enter with one (`check_entered_names`)
BIDI_CONTROLS = {chr(code): name for code, name in (  # (by number: no font needs to draw them)
    (0x202A, "left-to-right embedding"), (0x202B, "right-to-left embedding"),
    (0x202C, "pop directional formatting"), (0x202D, "left-to-right override"),
    (0x202E, "right-to-left override"), (0x2066, "left-to-right isolate"),
    (0x2067, "right-to-left isolate"), (0x2068, "first strong isolate"),
    (0x2069, "pop directional isolate"))}


def hidden_character(text: str) -> str | None:
    """The first control character or bidirectional control in ``text``, or None."""
    for ch in text:
        if ch in BIDI_CONTROLS or unicodedata.category(ch) == "Cc":
            return ch
    return None


def character_words(ch: str) -> str:
    """'a control character (U+0007)', 'a right-to-left override (U+202E)'."""
    return f"a {BIDI_CONTROLS.get(ch, 'control character')} (U+{ord(ch):04X})"


def escaped(text: str) -> str:
    """``text`` with each control character and bidirectional control written as Python writes its
    escape (a bell as backslash x07, the right-to-left override as backslash u202e): what a name an
    earlier release let in shows where text leaves the app."""
    if hidden_character(text) is None:
        return text
    return "".join(ascii(ch)[1:-1] if ch in BIDI_CONTROLS or unicodedata.category(ch) == "Cc" else ch
                   for ch in text)


#: what a record read from outside (an import, `scorekeeper score`) may hold: far above any real game
#: (IHOP plays 12 hands; a standard game to 500 a few dozen, its record about 20,000 bytes), far below
#: what takes the app long to read (100,000 hands: 43 s and 513 MB); `check_record_size` and
#: `check_import` refuse more before the record is read in full
MAX_RECORD_BYTES = 1_000_000
MAX_HANDS = 1_000
MAX_MISDEALS = 1_000
#: the fields this version does not know (kept for the release that wrote them), all together, as JSON
MAX_UNKNOWN_BYTES = 65_536


#: a file of several games (`scorekeeper export --all`, the games list's Export all) is a JSON list of
#: records, each within the limits above, and as a whole within these (a season of long games)
MAX_GAMES_FILE_BYTES = 20_000_000
MAX_GAMES_IN_FILE = 1_000


def several_games(start: str | bytes) -> bool:
    """Whether a file's text (its start is enough) is a JSON list, as a file of several games is."""
    head = start[:4096]
    if isinstance(head, bytes):
        head = head.decode("utf-8", "replace")
    return head.lstrip(chr(0xFEFF) + " \t\r\n")[:1] == "["  # (a byte order mark: never drawn)


def check_record_size(size: int, several: bool = False) -> None:
    """Refuse a record's text of ``size`` bytes before it is parsed, if it is past `MAX_RECORD_BYTES`
    (``several``: a file of several games, past `MAX_GAMES_FILE_BYTES`)."""
    if several:
        if size > MAX_GAMES_FILE_BYTES:
            raise RecordError(f"the file is {size:,} bytes; a file of several games may have at most "
                              f"{MAX_GAMES_FILE_BYTES:,} (export fewer games at once)")
        return
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"the record is {size:,} bytes; a record may have at most {MAX_RECORD_BYTES:,} "
                          "(a long game's has about 20,000)")


def check_import(data: Any) -> None:
    """Refuse a record (its JSON value, not read as a game yet) that holds more hands, misdeals or
    unknown fields than `MAX_HANDS`, `MAX_MISDEALS`, `MAX_UNKNOWN_BYTES`: counted without reading a
    hand, before `parse_game` and scoring read it in full.  A list (a file of several games) may hold
    at most `MAX_GAMES_IN_FILE` (each record is checked as it is imported).  What is not a record is
    left to them."""
    if isinstance(data, list) and len(data) > MAX_GAMES_IN_FILE:
        raise RecordError(f"the file has {len(data):,} games; a file of several games may have at most "
                          f"{MAX_GAMES_IN_FILE:,}")
    if not isinstance(data, dict):
        return
    hands = data.get("hands")
    hands = hands if isinstance(hands, list) else []
    misdeals = sum(1 for h in hands if isinstance(h, dict) and h.get("misdeal") is True)
    if len(hands) - misdeals > MAX_HANDS:
        raise RecordError(f"the record has {len(hands) - misdeals:,} hands; a record may have at most "
                          f"{MAX_HANDS:,} (a game has a few dozen)")
    if misdeals > MAX_MISDEALS:
        raise RecordError(f"the record has {misdeals:,} misdeals; a record may have at most {MAX_MISDEALS:,}")
    room = MAX_UNKNOWN_BYTES
    for where, fields, known in [("", data, _GAME_FIELDS)] + [
            (f" of hand {n}", h, _HAND_FIELDS) for n, h in enumerate(hands, start=1) if isinstance(h, dict)]:
        for key in fields:
            if key not in known:
                room -= _json_size(key, room) + _json_size(fields[key], room)
                if room < 0:
                    raise RecordError(f'the field "{str(key)[:40]}"{where} is one this version does not know, and '
                                      f"the fields it does not know may hold at most {MAX_UNKNOWN_BYTES:,} bytes "
                                      "in all (they are kept for the release that wrote them)")


def _json_size(value: Any, limit: int) -> int:
    """About how many bytes ``value`` takes as JSON, counted only until past ``limit``."""
    size, stack = 0, [value]
    while stack and size <= limit:
        item = stack.pop()
        if isinstance(item, str):
            size += len(item) + 2
        elif isinstance(item, dict):
            size += 2
            for key, child in item.items():
                stack.append(key)
                stack.append(child)
        elif isinstance(item, list):
            size += 2
            stack.extend(item)
        else:
            size += 8
    return size


_HAND_FIELDS = ("misdeal", "bids", "raised", "blind", "tricks", "aces", "no_trump", "bemo", "penalties",
                "played_on")
_GAME_FIELDS = ("format", "rules", "players", "teams", "team_names", "first_dealer", "hands")


@dataclass(frozen=True)
class Side:
    """A partnership, or one player in the 3-player game."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Penalty:
    side: str
    reneg: int = 0
    unplayed_cards: int = 0

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"side": self.side}
        if self.reneg:
            out["reneg"] = self.reneg
        if self.unplayed_cards:
            out["unplayed_cards"] = self.unplayed_cards
        return out


@dataclass(frozen=True)
class Bemo:
    size: str  # "little" or "big"
    made: bool

    def to_dict(self) -> dict:
        return {"size": self.size, "made": self.made}


@dataclass(frozen=True)
class Hand:
    """What happened in one deal, exactly as recorded."""

    misdeal: bool = False
    bids: Mapping[str, int | str] = field(default_factory=dict)
    tricks: Mapping[str, int] = field(default_factory=dict)
    raised: Mapping[str, int] = field(default_factory=dict)
    blind: tuple[str, ...] = ()
    aces: Mapping[str, bool] = field(default_factory=dict)
    no_trump: Mapping[str, bool] = field(default_factory=dict)
    bemo: Mapping[str, Bemo] = field(default_factory=dict)
    penalties: tuple[Penalty, ...] = ()
    #: the table played on past the end of the game after this hand (an edit of an earlier hand
    #: moved the end here and the table kept the hands it played after it): that end is waived
    played_on: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    given: tuple[str, ...] = ()  # the fields the record named, in its order (for an exact round trip)

    @classmethod
    def from_dict(cls, data: Any, number: int | None = None) -> "Hand":
        return _parse_hand(data, number)

    def to_dict(self) -> dict:
        values = {
            "misdeal": self.misdeal,
            "bids": dict(self.bids),
            "raised": dict(self.raised),
            "blind": list(self.blind),
            "tricks": dict(self.tricks),
            "aces": dict(self.aces),
            "no_trump": dict(self.no_trump),
            "bemo": {k: v.to_dict() for k, v in self.bemo.items()},
            "penalties": [p.to_dict() for p in self.penalties],
            "played_on": self.played_on,
        }
        present = {k: v for k, v in values.items() if v or k in self.given}
        return _in_given_order(present, self.given, self.extra)


@dataclass(frozen=True)
class Game:
    """One game: who sits where, which rules, and the hands played so far."""

    rules: RuleSet
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    first_dealer: str
    hands: tuple[Hand, ...] = ()
    rules_given: Any = None
    teams_given: tuple[tuple[str, ...], ...] | None = None
    team_names_given: tuple[str, ...] | None = None
    first_dealer_given: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    given: tuple[str, ...] = ()

    # ---- names ---------------------------------------------------------
    @cached_property
    def side_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sides)

    @cached_property
    def seats(self) -> dict[str, str]:
        """Each player's side, by name."""
        return {player: side.name for side in self.sides for player in side.players}

    def side_of(self, player: str) -> Side:
        for side in self.sides:
            if player in side.players:
                return side
        raise KeyError(player)

    def dealer_of(self, number: int) -> str:
        """The dealer of hand ``number`` (1-based): the deal moves one seat to the left each hand."""
        start = self.players.index(self.first_dealer)
        return self.players[(start + number - 1) % len(self.players)]

    # ---- changes (each returns a new game; unchecked: see actions.record_hand) ----
    def with_hand(self, hand: Mapping | Hand) -> "Game":
        """This game with ``hand`` after its last; only the hand's shape is checked, not the rules."""
        number = len(self.hands) + 1
        parsed = hand if isinstance(hand, Hand) else Hand.from_dict(hand, number)
        return replace(self, hands=self.hands + (parsed,))

    def replace_hand(self, number: int, hand: Mapping | Hand) -> "Game":
        """This game with hand ``number`` replaced (shape checked, rules not)."""
        if not 1 <= number <= len(self.hands):
            count = f"{len(self.hands)} hand" + ("" if len(self.hands) == 1 else "s")
            raise RecordError(f"there is no hand {number}; the game has {count}")
        parsed = hand if isinstance(hand, Hand) else Hand.from_dict(hand, number)
        hands = self.hands[: number - 1] + (parsed,) + self.hands[number:]
        return replace(self, hands=hands)

    def without_last_hand(self) -> "Game":
        if not self.hands:
            raise RecordError("the game has no hand to take back")
        return replace(self, hands=self.hands[:-1])

    def with_rules(self, rules: RuleSet) -> "Game":
        """The same table and hands under other house rules (not checked: score it to find out)."""
        if rules.players != self.rules.players:
            raise RecordError(
                f"the {rules.name} rules are for {rules.players} players; this game has {len(self.players)}")
        if rules.partners != self.rules.partners:
            table = "partners" if self.rules.partners else "no partners"
            raise RecordError(f"the {rules.name} rules are for {'partners' if rules.partners else 'players without partners'}"
                              f"; this game was played with {table}")
        return replace(self, rules=rules, rules_given=rules.spec())

    # ---- JSON ---------------------------------------------------------
    def to_dict(self) -> dict:
        values: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules_given if self.rules_given is not None else self.rules.spec(),
            "players": list(self.players),
        }
        if self.teams_given is not None:
            values["teams"] = [list(t) for t in self.teams_given]
        if self.team_names_given is not None:
            values["team_names"] = list(self.team_names_given)
        if self.first_dealer_given:
            values["first_dealer"] = self.first_dealer
        values["hands"] = [h.to_dict() for h in self.hands]
        return _in_given_order(values, self.given, self.extra)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def _in_given_order(values: dict, given: tuple[str, ...], extra: Mapping[str, Any]) -> dict:
    """Known fields and unknown (kept) fields, in the order the record gave them, new ones after."""
    out: dict[str, Any] = {}
    for key in given:
        if key in values:
            out[key] = values[key]
        elif key in extra:
            out[key] = extra[key]
    for key, value in values.items():
        out.setdefault(key, value)
    for key, value in extra.items():
        out.setdefault(key, value)
    return out


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------
def _name_list(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(f'"{what}" must be a list of names')
    names = tuple(v.strip() for v in value)
    if any(not n for n in names):
        raise RecordError(f'"{what}" has an empty name')
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            raise RecordError(f'"{what}" has a name of {len(name)} characters ({name[:12]}...); '
                              f'a name may have at most {MAX_NAME_LENGTH}')
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise RecordError(f'"{what}" names {name!r} twice')
        seen.add(name)
    return names


def check_entered_names(game: Game) -> None:
    """Refuse a game whose player or team names hold a control character or a bidirectional control
    (`hidden_character`), naming the field and the character.  Called where a name enters: a new
    game, an import, a record scored from the command line.  A saved game that holds one (an earlier
    release let it in) still loads: parsing does not call this, and what leaves the app shows it
    escaped (`escaped`)."""
    fields = [("players", game.players)]
    if game.team_names_given is not None:
        fields.append(("team_names", game.team_names_given))
    for what, names in fields:
        for name in names:
            ch = hidden_character(name)
            if ch is not None:
                raise RecordError(f'"{what}" has a name with {character_words(ch)} in it: {escaped(name)!r}; '
                                  "type the name without it")


def default_teams(rules: RuleSet, players: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Partners sit opposite (4 players: seats 0+2 and 1+3; 6: 0+3, 1+4, 2+5); without partners, one each."""
    n = len(players)
    if not rules.partners:
        return tuple((p,) for p in players)
    half = n // 2
    return tuple((players[i], players[i + half]) for i in range(half))


def build_sides(rules: RuleSet, players: tuple[str, ...], teams: Iterable[Iterable[str]] | None,
                team_names: Iterable[str] | None) -> tuple[Side, ...]:
    """The sides of a table, checking that the teams and team names fit the rules."""
    if len(players) != rules.players:
        raise RecordError(
            f"the {rules.name} rules need {rules.players} players; the record names {len(players)}")
    if teams is None:
        team_list = default_teams(rules, players)
    else:
        team_list = tuple(tuple(t) for t in teams)
        size = 2 if rules.partners else 1
        if len(team_list) != rules.sides or any(len(t) != size for t in team_list):
            shape = "one player each" if size == 1 else "two partners each"
            raise RecordError(f'"teams" must be {rules.sides} teams of {shape}')
        flat = [p for t in team_list for p in t]
        unknown = [p for p in flat if p not in players]
        if unknown:
            raise RecordError(f'"teams" names {unknown[0]!r}, who is not among the players')
        if sorted(flat) != sorted(players):
            raise RecordError('"teams" must place every player in exactly one team')
    if not rules.partners:
        if team_names is not None:
            raise RecordError(f'the {rules.name} game has no teams, so no "team_names": each side is a player')
        return tuple(Side(t[0], t) for t in team_list)
    if team_names is None:
        names = tuple(" & ".join(t) for t in team_list)
    else:
        names = tuple(team_names)
        if len(names) != len(team_list):
            raise RecordError(f'"team_names" must give {len(team_list)} names, one per team')
        if len(set(names)) != len(names):
            raise RecordError('"team_names" names a team twice')
        clash = [n for n in names if n in players]
        if clash:
            raise RecordError(f'team name {clash[0]!r} is also a player\'s name; names must differ')
    return tuple(Side(name, t) for name, t in zip(names, team_list))


def read_record_text(text: str | bytes, max_depth: int | None = None) -> Any:
    """The JSON value of a record's text (bytes: UTF-8, a byte-order mark allowed), not yet checked as
    a game record (``parse_game`` does that).

    Every way of reading a record from text comes here; text that holds no JSON raises a
    RecordTextError naming the problem.  ``max_depth``: JSON nested deeper is not a record either.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordTextError(f"the file is not JSON ({exc})", TextProblem.NOT_TEXT, exc) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        problem = TextProblem.NOT_JSON if text.strip() else TextProblem.EMPTY
        raise RecordTextError(f"the file is not JSON ({exc})", problem, exc) from None
    except RecursionError:
        raise RecordTextError("the file is not a game record (its JSON is nested too deeply to read)",
                              TextProblem.TOO_DEEP) from None
    if max_depth is not None and (depth := nesting_depth(data)) > max_depth:
        raise RecordTextError(f"the file is not a game record (its JSON is nested {depth} levels deep)",
                              TextProblem.TOO_DEEP, depth=depth)
    return data


def nesting_depth(value: Any) -> int:
    """How many lists and objects deep ``value`` goes (without recursion: the depth may be huge)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_game(data: Any) -> Game:
    """Read a record's shape and names (the rules of its hands are scoring's: see ``actions.read_game``).

    ``data``: the record as an object, or its text (``read_record_text``)."""
    if isinstance(data, (str, bytes)):
        data = read_record_text(data)
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError(f'the record has no "format"; this app reads "{FORMAT}"')
        raise RecordError(f'unknown format {fmt!r}; this app reads "{FORMAT}"')
    if "rules" not in data:
        raise RecordError('the record has no "rules"')
    rules = rules_from_spec(data["rules"])
    if "players" not in data:
        raise RecordError('the record has no "players"')
    players = _name_list(data["players"], "players")
    teams = data.get("teams")
    if teams is not None:
        if not isinstance(teams, list) or not all(isinstance(t, list) for t in teams):
            raise RecordError('"teams" must be a list of lists of player names')
        teams = tuple(_name_list(t, "teams") for t in teams)
    team_names = data.get("team_names")
    if team_names is not None:
        team_names = _name_list(team_names, "team_names")
    sides = build_sides(rules, players, teams, team_names)
    first = data.get("first_dealer")
    if first is not None and (not isinstance(first, str) or first not in players):
        raise RecordError(f'"first_dealer" {first!r} is not one of the players')
    hands_data = data.get("hands", [])
    if not isinstance(hands_data, list):
        raise RecordError('"hands" must be a list')
    hands = tuple(_parse_hand(h, i + 1) for i, h in enumerate(hands_data))
    extra = {k: v for k, v in data.items() if k not in _GAME_FIELDS}
    return Game(
        rules=rules, players=players, sides=sides, first_dealer=first if first is not None else players[0],
        hands=hands, rules_given=data["rules"], teams_given=teams, team_names_given=team_names,
        first_dealer_given=first is not None, extra=extra, given=tuple(data),
    )


def _tricks_or_nil(v: Any) -> bool:
    return (type(v) is int and v >= 0) or v == NIL


def _tricks(v: Any) -> bool:
    return type(v) is int and v >= 0


def _raise(v: Any) -> bool:
    return type(v) is int and v >= 1


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


def _object(v: Any) -> bool:
    return isinstance(v, dict)


def _mapping(data: dict, key: str, check, what: str, number: int | None, required: bool = False) -> dict:
    """A hand's ``{name: value}`` field, each value checked; {} when absent (unless required)."""
    value = data.get(key)
    if value is None:
        if required:
            raise HandError(f'the hand has no "{key}"', number)
        return {}
    if not isinstance(value, dict):
        raise HandError(f'"{key}" must be an object of name: {what}', number)
    for name, item in value.items():
        if not check(item):
            raise HandError(f'"{key}" of {name}: {item!r} is not {what}', number)
    return dict(value)


def _parse_hand(data: Any, number: int | None) -> Hand:
    if not isinstance(data, dict):
        raise HandError("a hand must be a JSON object", number)
    misdeal = data.get("misdeal", False)
    if not isinstance(misdeal, bool):
        raise HandError(f'"misdeal" must be true or false, not {misdeal!r}', number)
    extra = {k: v for k, v in data.items() if k not in _HAND_FIELDS}
    if misdeal:
        played = [k for k in _HAND_FIELDS if k != "misdeal" and data.get(k)]
        if played:
            raise HandError(f'a misdeal has no "{played[0]}": the hand was not played', number)
        return Hand(misdeal=True, extra=extra, given=tuple(data))
    bids = _mapping(data, "bids", _tricks_or_nil, 'a number of tricks or "nil"', number, True)
    tricks = _mapping(data, "tricks", _tricks, "a number of tricks", number, True)
    raised = _mapping(data, "raised", _raise, "a number of tricks (1 or more)", number)
    aces = _mapping(data, "aces", _bool, "true or false", number)
    no_trump = _mapping(data, "no_trump", _bool, "true or false", number)
    bemo = {}
    for name, item in _mapping(data, "bemo", _object, '{"size": "little"|"big", "made": true|false}',
                               number).items():
        size, made = item.get("size"), item.get("made")
        if size not in ("little", "big") or not isinstance(made, bool) or set(item) - {"size", "made"}:
            raise HandError(f'"bemo" of {name} must be {{"size": "little" or "big", "made": true or false}}',
                            number)
        bemo[name] = Bemo(size, made)
    blind = data.get("blind", [])
    if not isinstance(blind, list) or not all(isinstance(b, str) for b in blind):
        raise HandError('"blind" must be a list of names', number)
    if len(set(blind)) != len(blind):
        raise HandError('"blind" names someone twice', number)
    raw_penalties = data.get("penalties", [])
    penalties = _parse_penalties(raw_penalties, number) if raw_penalties != [] else ()
    played_on = data.get("played_on", False)
    if not isinstance(played_on, bool):
        raise HandError(f'"played_on" must be true or false, not {played_on!r}', number)
    return Hand(
        misdeal=False, bids=bids, tricks=tricks, raised=raised, blind=tuple(blind), aces=aces,
        no_trump=no_trump, bemo=bemo, penalties=penalties, played_on=played_on, extra=extra, given=tuple(data),
    )


def _parse_penalties(items: Any, number: int | None) -> tuple[Penalty, ...]:
    if not isinstance(items, list):
        raise HandError('"penalties" must be a list', number)
    penalties = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("side"), str):
            raise HandError('each penalty must be {"side": NAME, "reneg": 1} or {"side": NAME, "unplayed_cards": K}',
                            number)
        kinds = set(item) - {"side"}
        if kinds not in ({"reneg"}, {"unplayed_cards"}):
            raise HandError(f'a penalty for {item["side"]} must give exactly one of "reneg" or "unplayed_cards"',
                            number)
        (kind,) = kinds
        count = item[kind]
        if not _is_int(count) or count < 1:
            raise HandError(f'penalty "{kind}" for {item["side"]} must be a whole number of 1 or more, '
                            f'not {count!r}', number)
        penalties.append(Penalty(item["side"], **{kind: count}))
    return tuple(penalties)


def new_game(rules: Any, players: Iterable[str], teams: Iterable[Iterable[str]] | None = None,
             team_names: Iterable[str] | None = None, first_dealer: str | None = None) -> Game:
    """A game with no hands yet, from the choices of the new-game screen."""
    record: dict[str, Any] = {"format": FORMAT, "rules": rules if not isinstance(rules, RuleSet) else rules.spec(),
                              "players": list(players)}
    if teams is not None:
        record["teams"] = [list(t) for t in teams]
    if team_names is not None:
        names = [n.strip() for n in team_names]
        if any(names):
            record["team_names"] = names
    if first_dealer is not None:
        record["first_dealer"] = first_dealer
    record["hands"] = []
    game = parse_game(record)
    check_entered_names(game)
    return game


def dumps_game(game: Game) -> str:
    return game.to_json()

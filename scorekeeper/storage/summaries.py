"""A game's summary: what the games list shows of it, computed by the engine when the game is written.

A summary is a plain dict in the game file and in the index (``summarize``), a ``GameSummary``
when read: the engine's figures and the game's names; the screens and the command line put them
in words.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any

from scorekeeper.engine import ENGINE_VERSION, ContractKind, Game, Scored

#: Goes up whenever a summary holds other figures (a cached summary of another form is computed again).
SUMMARY_VERSION = 2

#: Each player's figures in a summary, all 0 before the first hand (``summarize``).
PLAYER_COUNTS = ("nils_made", "nils_failed", "blind_nils_made", "blind_nils_failed", "times_set",
                 "ten_made", "ten_failed", "boston_made", "boston_failed", "bags")


@dataclass(frozen=True)
class GameSummary:
    """What the games list shows, computed by the engine when the game was last written (``engine``
    is that engine's ``ENGINE_VERSION``), or again when it is listed under another engine.

    ``hands_played`` counts scored hands; ``misdeals`` and ``thrown_out`` count the deals that
    scored nothing, apart.
    """

    id: str
    title: str
    rules: str
    sides: tuple[str, ...]
    scores: dict[str, int]
    status: str
    winner: str | None
    hands_played: int
    created: str
    updated: str
    version: int
    reason: str | None
    players: dict[str, dict[str, Any]] = field(repr=False, compare=False)
    misdeals: int
    thrown_out: int
    engine: int
    summary_version: int
    record_digest: str = field(repr=False)
    unreadable: str | None = None  # why this version cannot open the game (then only the names and dates)

    @classmethod
    def from_dict(cls, game_id: str, data: dict[str, Any]) -> "GameSummary":
        """From a summary that ``summarize`` wrote (it holds every field but the id)."""
        values = {name: data[name] for name in _SUMMARY_FIELDS}
        return cls(id=game_id, **{**values, "sides": tuple(values["sides"]), "scores": dict(values["scores"])},
                   unreadable=data.get("unreadable"))


_SUMMARY_FIELDS = frozenset(f.name for f in fields(GameSummary)) - {"id", "unreadable"}

UNREADABLE = "unreadable"  # the status of a game this version cannot open


def summarize(scored: Scored, created: str, updated: str, version: int) -> dict[str, Any]:
    """The cached summary of a game. Every number in it comes from the engine's scoresheet, and
    it is stamped with the engine's version: a summary from another engine is computed again."""
    game, sheet = scored
    side_of = {player: side for side in game.sides for player in side.players}
    players = {player: {"side": side_of[player].name,
                        "partners": [p for p in side_of[player].players if p != player],
                        "points": sheet.scores[side_of[player].name], "hands": sheet.hands_played,
                        **dict.fromkeys(PLAYER_COUNTS, 0)}
               for player in game.players}
    for hand in sheet.hands:
        if hand.misdeal or hand.thrown_out:
            continue
        for side in game.sides:
            _count_hand(hand.sides[side.name], [players[p] for p in side.players], side.players)
    return {
        "title": " vs ".join(sheet.sides),
        "rules": game.rules.name,
        "sides": list(sheet.sides),
        "scores": dict(sheet.scores),
        "status": sheet.status,
        "winner": sheet.winner,
        "reason": sheet.reason,
        "hands_played": sheet.hands_played,
        "misdeals": sheet.misdeals,
        "thrown_out": sheet.thrown_out,
        "created": created,
        "updated": updated,
        "version": version,
        "players": players,
        "record_digest": record_digest(game),
        "engine": ENGINE_VERSION,
        "summary_version": SUMMARY_VERSION,
    }


_CONTRACT_KEYS = {ContractKind.TEN: ("ten_made", "ten_failed"), ContractKind.MOON: ("boston_made", "boston_failed")}


def _count_hand(side_score, lines: list[dict[str, Any]], names: tuple[str, ...]) -> None:
    """One side's hand added to its players' lines, as the engine scored it: its nils (blind or
    not), a set, a 10 for 200 or a Boston made or failed, the bags it took (for each partner)."""
    for player, line in zip(names, lines):
        if player in side_score.nils:
            blind = "blind_" if player in side_score.blind_nils else ""
            line[f"{blind}nils_{'made' if side_score.nils[player] else 'failed'}"] += 1
        if side_score.set:
            line["times_set"] += 1
        if side_score.kind in _CONTRACT_KEYS and side_score.made is not None:
            line[_CONTRACT_KEYS[side_score.kind][0 if side_score.made else 1]] += 1
        line["bags"] += side_score.bags_taken


def is_current(summary: Any, version: int | None = None) -> bool:
    """Whether a cached summary can be shown as it is: computed by this engine (for this version of
    the game), with every field a ``GameSummary`` holds today."""
    return (isinstance(summary, dict) and summary.get("engine") == ENGINE_VERSION
            and summary.get("summary_version") == SUMMARY_VERSION
            and _SUMMARY_FIELDS <= summary.keys()
            and (version is None or summary.get("version") == version))


def unreadable_summary(game_id: str, doc: dict, reason: str) -> dict[str, Any]:
    """What the list shows of a game this version cannot open: its names and dates, as far as the
    file still tells them (the record's players and team names, the summary its release wrote)."""
    record = doc.get("record") if isinstance(doc.get("record"), dict) else {}
    old = doc.get("summary") if isinstance(doc.get("summary"), dict) else {}
    players = [p for p in record.get("players", []) if isinstance(p, str)] \
        if isinstance(record.get("players"), list) else []
    sides = old.get("sides") if isinstance(old.get("sides"), list) else record.get("team_names")
    sides = [s for s in sides if isinstance(s, str)] if isinstance(sides, list) else []
    rules = record.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else rules
    text = lambda value: value if isinstance(value, str) else ""  # noqa: E731
    return {
        "title": " vs ".join(sides) or ", ".join(players) or f"game {game_id}",
        "rules": text(preset), "sides": sides, "scores": {}, "status": UNREADABLE, "winner": None,
        "reason": None, "hands_played": 0, "misdeals": 0, "thrown_out": 0,
        "created": text(doc.get("created")), "updated": text(doc.get("updated")),
        "version": doc.get("version") if isinstance(doc.get("version"), int) else 0,
        "players": {p: {"side": "", "partners": [], "points": 0, "hands": 0, **dict.fromkeys(PLAYER_COUNTS, 0)}
                    for p in players},
        "record_digest": "", "engine": ENGINE_VERSION, "summary_version": SUMMARY_VERSION, "unreadable": reason,
    }


def record_digest(game: Game) -> str:
    """A fingerprint of the record (what happened at the table): equal for a game and its re-import."""
    text = json.dumps(game.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

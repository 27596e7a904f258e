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

from scorekeeper.engine import ENGINE_VERSION, Game, Scored


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
    side_of = {player: side.name for side in game.sides for player in side.players}
    players = {player: {"side": side_of[player], "nils_made": 0, "nils_failed": 0, "times_set": 0}
               for player in game.players}
    for hand in sheet.hands:
        if hand.misdeal or hand.thrown_out:
            continue
        for side in game.sides:
            side_score = hand.sides[side.name]
            for player, made in side_score.nils.items():
                players[player]["nils_made" if made else "nils_failed"] += 1
            if side_score.set:
                for player in side.players:
                    players[player]["times_set"] += 1
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
    }


def is_current(summary: Any, version: int | None = None) -> bool:
    """Whether a cached summary can be shown as it is: computed by this engine (for this version of
    the game), with every field a ``GameSummary`` holds today."""
    return (isinstance(summary, dict) and summary.get("engine") == ENGINE_VERSION
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
        "players": {p: {"side": "", "nils_made": 0, "nils_failed": 0, "times_set": 0} for p in players},
        "record_digest": "", "engine": ENGINE_VERSION, "unreadable": reason,
    }


def record_digest(game: Game) -> str:
    """A fingerprint of the record (what happened at the table): equal for a game and its re-import."""
    text = json.dumps(game.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

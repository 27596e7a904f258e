"""The hand being entered, kept on this device per game: it survives a reload, a phone woken from
sleep, Back and a server restart, and is dropped only when saved (or a misdeal recorded).

Where it is kept is the caller's (the app: the browser's local storage, one key, as JSON text;
a native window: only while it runs).  Each game's entry is the record's hand as tapped so far
(`HandDraft.to_hand`), the trick count the app filled in, those tapped, the count the chips enter,
and the deal it was entered for: it comes back only for that deal and only if it still fits (a
blind bid another device's change no longer allows is not put back).  No flet, no scoring.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Callable

from .draft import HandDraft

log = logging.getLogger(__name__)

#: the browser's local storage key of the kept entries
KEY = "scorekeeper.drafts"
#: games kept at most (the oldest go first): a browser's storage is small
MOST = 20


class KeptDrafts:
    """This device's unsaved entries, by game id.  `write(text)`: keep the JSON text (None: nowhere)."""

    def __init__(self, write: Callable[[str], None] | None = None):
        self.write = write
        self.items: dict[str, dict] = {}

    def load(self, text: str | None) -> None:
        """What the device kept (its JSON text); anything unreadable is dropped without a word."""
        try:
            data = json.loads(text) if text else {}
        except (ValueError, TypeError):
            log.info("kept entries unreadable: dropped")
            data = {}
        if isinstance(data, dict):
            self.items = {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)
                          and isinstance(v.get("hand"), dict) and isinstance(v.get("deal"), int)}

    def put(self, game_id: str, draft: HandDraft) -> None:
        """Keep the entry of `game_id`'s next hand as it stands (an empty one: drop it)."""
        if draft.is_empty():
            self.drop(game_id)
            return
        t = draft.tricks
        item = {"deal": len(draft.game.hands) + 1, "hand": draft.to_hand(), "filled": t.filled,
                "touched": list(t.touched), "counting": t.counting}
        if self.items.get(game_id) == item:
            return
        self.items.pop(game_id, None)
        self.items[game_id] = item
        while len(self.items) > MOST:
            self.items.pop(next(iter(self.items)))
        self._save()

    def drop(self, game_id: str) -> None:
        if self.items.pop(game_id, None) is not None:
            self._save()

    def restore(self, game_id: str, game: Any, next_hand: Any, check=None) -> HandDraft | None:
        """The kept entry of `game_id`'s next hand as a draft, or None (none kept, kept for another
        deal, or it no longer fits)."""
        item = self.items.get(game_id)
        if item is None:
            return None
        if item["deal"] <= len(game.hands):  # that deal is recorded now (here or on another device)
            self.drop(game_id)
            return None
        if item["deal"] != len(game.hands) + 1 or next_hand.finished:  # a hand taken back: kept for redo
            return None
        try:
            draft = HandDraft.from_hand(game, next_hand, item["hand"]).carried_to(game, next_hand)
        except Exception as exc:  # a kept entry that no longer reads under the game's rules
            log.info("kept entry of %s dropped: %s", game_id, exc)
            draft = None
        if draft is None:
            self.drop(game_id)
            return None
        keys = draft.tricks.keys()
        draft.tricks.touched = [k for k in item.get("touched") or [] if k in keys]
        draft.tricks.filled = item.get("filled") if item.get("filled") in keys else None
        counting = item.get("counting")
        draft.tricks.counting = counting if isinstance(counting, str) else None
        draft.tricks.reshape()
        draft.check = check
        return draft

    def _save(self) -> None:
        if self.write is not None:
            self.write(json.dumps(self.items, ensure_ascii=False))

"""IHOP's lock for a hand being entered: the engine's answer for the draft's bids.  No flet."""
from __future__ import annotations

from ...engine import Lock, lock_status
from .draft import HandDraft


def draft_lock(draft: HandDraft, raises: dict[str, int] | None = None) -> Lock:
    """The engine's lock status for the draft's first-round side bids, with `raises` made."""
    return lock_status(draft.game, draft.bids.lock_bids(raises), draft.next.number)

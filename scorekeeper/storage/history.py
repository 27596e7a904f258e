"""Who changed a game, when, and what: the entries of a game file's ``history`` list.

Storage records what the caller tells it and words nothing: each entry is a plain dict
(stored as is in the game file)::

    {"at": "2026-12-01T21:30:00.000+00:00",   # UTC, ISO 8601, milliseconds
     "device": "Bob's phone", "role": "viewer with the pen",
     "change": "edited", ...the change's own fields}

``change`` is one of ``CHANGES``; its own fields:

- ``created`` / ``imported`` / ``restored`` / ``deleted``: none;
- ``entered``: ``deal`` (its position in the record, misdeals counted), ``number`` (the hand's
  number as the table counts it, null for a deal that is no hand) and ``hand`` (as recorded);
- ``misdeal``: ``deal`` (``number`` null);
- ``edited``: ``deal``, ``number``, ``before`` and ``after`` (both hands) and ``fields``: one
  ``{"field", "key", "old", "new"}`` per value that changed (``key``: the side or player of a
  per-side field such as ``tricks``, null for a whole field such as ``blind``);
- ``undone`` / ``redone``: ``undid`` / ``redid`` (the change taken back or put back:
  ``entered``, ``misdeal``, ``edited`` or ``rules``), ``deal`` and ``number`` (null for ``rules``);
- ``rules``: ``old`` and ``new`` (the rules as the record holds them);
- ``pen-given`` / ``pen-taken``: ``to`` / ``from`` (the device's name), added by the caller
  (``Games.add_note``);
- ``not-recorded``: the first entry of a game saved before histories were kept; ``at`` is its
  last save then; changes before it were not recorded (``device`` and ``role`` are null).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CHANGES = ("created", "imported", "entered", "misdeal", "edited", "undone", "redone", "rules",
           "pen-given", "pen-taken", "restored", "deleted", "not-recorded")


@dataclass(frozen=True)
class Actor:
    """Who makes a change: the device by the name it goes by, and its role at the table."""

    device: str
    role: str  # "host", "viewer with the pen", "command line" (or "unknown")


UNKNOWN = Actor("unknown", "unknown")
COMMAND_LINE = Actor("command line", "command line")


def entry(at: str, by: Actor | None, change: str, **fields: Any) -> dict:
    by = by or UNKNOWN
    return {"at": at, "device": by.device, "role": by.role, "change": change, **fields}


def not_recorded(since: str) -> dict:
    """The first entry of a game whose earlier changes were saved without a history."""
    return {"at": since, "device": None, "role": None, "change": "not-recorded"}


def changed_fields(before: dict, after: dict) -> list[dict]:
    """Each value that differs between two hands: per side / player for a mapping, else whole."""
    fields = []
    for name in sorted(set(before) | set(after), key=_field_order):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if isinstance(old, dict | None) and isinstance(new, dict | None) and (old or new):
            old, new = old or {}, new or {}
            for key in list(old) + [k for k in new if k not in old]:
                if old.get(key) != new.get(key):
                    fields.append({"field": name, "key": key, "old": old.get(key), "new": new.get(key)})
        else:
            fields.append({"field": name, "key": None, "old": old, "new": new})
    return fields


_ORDER = ("misdeal", "bids", "raised", "blind", "tricks", "aces", "no_trump", "bemo", "penalties")


def _field_order(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)

"""A game's history in words: one line per entry of ``Repository.history`` (``storage.history``).

Storage keeps what happened as data; this is the one place that words it, for the command line
(``scorekeeper history ID``) and the app alike, e.g.
``Hand 3 edited by Bob's phone (viewer with the pen): tricks Us 7 -> 8``.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from scorekeeper.engine.rules import OPTIONS, PRESETS
from scorekeeper.engine.text import format_value

FIELD_WORDS = {"bids": "bid", "tricks": "tricks", "raised": "raised", "blind": "blind", "aces": "aces",
               "no_trump": "no trump", "bemo": "bemo", "penalties": "penalties", "misdeal": "misdeal"}


def when(iso: str | None) -> str:
    """An entry's time in this computer's time zone, to the minute."""
    if not iso:
        return "unknown time"
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def who(entry: dict) -> str:
    device, role = entry.get("device"), entry.get("role")
    if device == "command line":
        return "from the command line"
    if not device or device == "unknown":
        return "by an unknown device"
    return f"by {device} ({role})" if role and role != "unknown" else f"by {device}"


def value(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]" if v else "none"
    if isinstance(v, dict):
        return " ".join(f"{k} {value(x)}" for k, x in v.items())
    return str(v)


def hand_name(entry: dict) -> str:
    """"Hand 3" (the table's count), or "Deal 4" for a deal that is no hand (a misdeal)."""
    number, deal = entry.get("number"), entry.get("deal")
    return f"Hand {number}" if number is not None else f"Deal {deal}"


#: a special bid's outcome in words (``aces`` true: the side took all four aces)
_OUTCOME = {"aces": ("took all four aces", "missed the aces"),
            "no_trump": ("made it without trumping", "trumped"), "played_on": ("yes", "no")}


def penalty_words(p: Any) -> str:
    """``Bob & Dan reneged once`` / ``Bob & Dan left 2 cards unplayed`` (a record's penalty)."""
    if not isinstance(p, dict):
        return value(p)
    side = p.get("side", "a side")
    if "reneg" in p:
        n = p["reneg"]
        return f"{side} reneged" + (" once" if n == 1 else f" {value(n)} times")
    if "unplayed_cards" in p:
        n = p["unplayed_cards"]
        return f"{side} left {value(n)} card{'' if n == 1 else 's'} unplayed"
    return value(p)


def field_value(name: str, v: Any) -> str:
    """One field's value in words: a list of names joined (``blind Ann & Cat``), penalties as
    sentences, a special bid's outcome as what the side did."""
    if v is None:
        return "none"
    if name == "penalties" and isinstance(v, list):
        return ", ".join(penalty_words(p) for p in v) if v else "none"
    if name == "blind" and isinstance(v, list):
        return " and ".join(str(x) for x in v) if v else "none"
    if name in _OUTCOME and isinstance(v, bool):
        return _OUTCOME[name][0 if v else 1]
    if name == "bemo" and isinstance(v, dict) and "size" in v:
        return f"{v.get('size')} bemo {'made' if v.get('made') else 'set'}"
    return value(v)


def hand_words(hand: dict) -> str:
    """A recorded hand in one line: ``bid Us 8, Them 4; tricks Us 7, Them 6``."""
    parts = []
    for name, v in hand.items():
        label = FIELD_WORDS.get(name, name.replace("_", " "))
        if name == "played_on":
            if v:
                parts.append("the table played on past the end")
        elif name == "aces" and isinstance(v, dict):
            parts.append("aces: " + ", ".join(f"{k} {field_value(name, x)}" for k, x in v.items()))
        elif isinstance(v, dict):
            parts.append(f"{label} " + ", ".join(f"{k} {field_value(name, x)}" for k, x in v.items()))
        else:
            parts.append(f"{label} {field_value(name, v)}")
    return "; ".join(parts)


def fields_words(fields: list[dict]) -> str:
    """``tricks Us 7 -> 8; bid Ann 2 -> 3``."""
    return "; ".join(" ".join(p for p in (FIELD_WORDS.get(f["field"], f["field"].replace("_", " ")), f.get("key"))
                              if p)
                     + f" {field_value(f['field'], f.get('old'))} -> {field_value(f['field'], f.get('new'))}"
                     for f in fields if f.get("field") != "played_on") or "nothing changed"


def later_words(entry: dict) -> str:
    """What an edit that moved the end of the game did with the later hands ("" for any other)."""
    if entry.get("later") == "end":
        dropped = len(entry.get("dropped") or [])
        hands = "1 later hand" if dropped == 1 else f"{dropped} later hands"
        return (f"; the game ended after hand {entry.get('ended_after')}, and {hands} left the sheet "
                f"(undo the edit to bring {'it' if dropped == 1 else 'them'} back)")
    if entry.get("later") == "keep":
        numbers = entry.get("played_on") or []
        at = " and ".join(f"hand {n}" for n in numbers) or "the end"
        return f"; the table played on past {at}: the later hands kept"
    return ""


def _rules(spec: Any) -> tuple[Any, dict]:
    if isinstance(spec, dict):
        return spec.get("preset"), dict(spec.get("options") or {})
    return spec, {}


def rules_words(old: Any, new: Any) -> str:
    """What changed between two rules as records hold them: the preset, then each option by its
    label, with the value it had (an option the record leaves out has its preset's value):
    ``Nil tricks count for partner on -> off``."""
    (old_preset, old_options), (new_preset, new_options) = _rules(old), _rules(new)
    parts = [f"preset {old_preset} -> {new_preset}"] if old_preset != new_preset else []
    for key in list(old_options) + [k for k in new_options if k not in old_options]:
        was, now = _option_value(key, old_preset, old_options), _option_value(key, new_preset, new_options)
        if was != now:
            label = OPTIONS[key].label if key in OPTIONS else key
            parts.append(f"{label} {was} -> {now}")
    return "; ".join(parts) or "the same rules"


def _option_value(key: str, preset: Any, options: dict) -> str:
    if key in options:
        return format_value(options[key])
    base = PRESETS.get(preset) if isinstance(preset, str) else None
    return format_value(getattr(base, key)) if base is not None and key in OPTIONS else "as the preset"


_STEP = {"entered": "{hand}", "misdeal": "Misdeal ({hand})", "edited": "Edit of {hand}",
         "rules": "Change of house rules"}

#: changes worded by a template alone (``{by}``: who; other names: the entry's fields)
_SIMPLE = {"created": "Game started {by}", "imported": "Game imported {by}",
           "restored": "Restored from the trash {by}", "deleted": "Moved to the trash {by}",
           "pen-given": "Pen given to {to} {by}", "pen-taken": "Pen taken back from {from} {by}"}


def entry_text(entry: dict) -> str:
    """One entry in words, without its time."""
    change, by = entry.get("change"), who(entry)
    if change == "not-recorded":
        return f"History kept from {when(entry.get('at'))}: earlier changes were not recorded"
    if change in _SIMPLE:
        names = {k: entry.get(k) or "a device" for k in ("to", "from")}
        return _SIMPLE[change].format(by=by, **names)
    if change == "entered":
        return f"{hand_name(entry)} entered {by}: {hand_words(entry.get('hand') or {})}"
    if change == "misdeal":
        return f"Misdeal ({hand_name(entry).lower()}) recorded {by}"
    if change == "edited":
        return f"{hand_name(entry)} edited {by}: {fields_words(entry.get('fields') or [])}{later_words(entry)}"
    if change in ("undone", "redone"):
        what = _STEP.get(entry.get("undid") or entry.get("redid"), "{hand}")
        name = hand_name(entry)
        done = "taken back" if change == "undone" else "put back"
        return f"{what.format(hand=name if what.startswith('{') else name.lower())} {done} {by}"
    if change == "rules":
        return f"House rules changed {by}: {rules_words(entry.get('old'), entry.get('new'))}"
    return f"{str(change).capitalize()} {by}"


def history_lines(entries: list[dict]) -> list[str]:
    """One line per entry, oldest first: its time, then the entry in words."""
    return [entry_text(e) if e.get("change") == "not-recorded" else f"{when(e.get('at'))}  {entry_text(e)}"
            for e in entries]

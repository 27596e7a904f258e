"""Searching the rules' sentences (the rules screen's search box).  No flet."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import RuleSet, describe_rules

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


def sentences(text: str) -> list[str]:
    """Split a section's text into sentences."""
    return [s for s in (part.strip() for part in _SENTENCE_END.split(text)) if s]


def words(query: str) -> list[str]:
    return [w for w in query.casefold().split() if w]


def matches(text: str, query: str) -> bool:
    """Every word of `query` is in `text` (case-insensitive); an empty query matches all."""
    folded = text.casefold()
    return all(w in folded for w in words(query))


def highlight(text: str, query: str) -> list[tuple[str, bool]]:
    """`text` cut into (piece, is_a_match) for showing the query's words in bold."""
    ws = words(query)
    if not ws:
        return [(text, False)]
    pattern = re.compile("|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True)),
                         re.IGNORECASE)
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for m in pattern.finditer(text):
        if m.start() > pos:
            pieces.append((text[pos:m.start()], False))
        pieces.append((m.group(0), True))
        pos = m.end()
    if pos < len(text):
        pieces.append((text[pos:], False))
    return pieces


@dataclass(frozen=True)
class Section:
    title: str
    sentences: list[str]


def rule_sections(rules: RuleSet, query: str = "") -> list[Section]:
    """The rule set in plain words (the engine's `describe_rules`), only what matches `query`.

    A section whose title matches keeps all its sentences; otherwise only the
    sentences that match (each sentence must hold every word of the query)."""
    found = []
    for title, text in describe_rules(rules):
        parts = sentences(text)
        if not matches(title, query):
            parts = [s for s in parts if matches(s, query)]
        if parts:
            found.append(Section(title, parts))
    return found

"""What the user hands the command line: a game record file (or standard input), read the same way
by `score` and `import`, and every message reduced to one line.

A file that cannot be read, is not text, is not JSON or is nested beyond any game record is a
`UserError` whose message names the file; nothing has been written when it is raised.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..engine import (RecordError, RecordTextError, ScorekeeperError, TextProblem, check_import,
                     check_record_size, read_record_text, several_games)
from ..engine.record import BIDI_CONTROLS, hidden_character
from ..engine.text import shown

#: A spades-game/1 record nests about five levels (game, hands, a hand, bemo, its fields);
#: far deeper is not a game record, and Python's JSON reader and writer recurse per level.
MAX_DEPTH = 64


class UserError(ScorekeeperError):
    """A problem with what the user asked for (a file that cannot be read, a malformed option)."""


def source_name(path: str) -> str:
    return "standard input" if path == "-" else path


def read_text(path: str) -> str:
    """The file's text (``-``: standard input); a UserError naming the file if it cannot be had, or
    if it is longer than a record may be (`check_record_size`: said before it is read)."""
    try:
        if path == "-":  # as bytes: a record is UTF-8 whatever the terminal's encoding
            data = sys.stdin.buffer.read()
            _sized(path, len(data), several_games(data))
            return data.decode("utf-8")
        with open(path, "rb") as start:  # a file of several games (a JSON list) may be longer
            several = several_games(start.read(4096))
        _sized(path, Path(path).stat().st_size, several)
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder, not a game file") from None
    except UnicodeDecodeError:
        raise UserError(f"{source_name(path)}: not a text file (a game record is JSON)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def _sized(path: str, size: int, several: bool = False) -> None:
    try:
        check_record_size(size, several)
    except RecordError as err:
        raise UserError(f"{source_name(path)}: {err}") from None


def read_record(path: str) -> Any:
    """The JSON value in the file, not yet checked as a game record (the engine does that), within
    what a record may hold (size, hands, misdeals, unknown fields: the engine's `check_import`)."""
    name = source_name(path)
    text = read_text(path)
    try:
        data = read_record_text(text, MAX_DEPTH)
        check_import(data)
        return data
    except RecordTextError as err:
        _not_json(name, err)
    except RecordError as err:  # past a limit
        raise UserError(f"{name}: {err}") from None


def _not_json(name: str, err: RecordTextError) -> None:
    """The UserError for a text that holds no record."""
    if err.problem is TextProblem.TOO_DEEP:
        if err.depth is None:
            raise UserError(f"{name}: not a game record (its JSON is nested too deeply to read)") from None
        raise UserError(f"{name}: not a game record (its JSON is nested {err.depth} levels deep; "
                        f"a game record needs about 5)") from None
    cause = err.cause
    if isinstance(cause, json.JSONDecodeError):
        raise UserError(f"{name}: not JSON ({cause.msg} at line {cause.lineno} column {cause.colno})") from None
    raise UserError(f"{name}: not JSON ({cause})") from None


def one_line(message: str) -> str:
    """The message on one line: line breaks and other control characters in it (a player's name
    can hold one) are shown escaped, so an error is always exactly one line on the terminal."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message)


def json_text(value: Any) -> str:
    """``value`` as JSON for the terminal: UTF-8 as it is, but a control character or a bidirectional
    control (in a name an earlier release let in) written as its \\u escape, which JSON reads back
    as the same character (json escapes C0 controls itself, not C1 ones nor overrides)."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    if hidden_character(text) is None:
        return text
    return "".join(f"\\u{ord(ch):04x}" if ch in BIDI_CONTROLS or (0x7f <= ord(ch) <= 0x9f) else ch
                   for ch in text)


def printed(line: str) -> str:
    """A line of a game's names and figures for the terminal (`shown`: no control character or
    override of a name an earlier release let in reaches it raw)."""
    return shown(line)


def option_value_text(value) -> str:
    """An option's value as --option KEY=VALUE takes it back (null for off, 5,10 for a list)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)

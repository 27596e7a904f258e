"""The storage commands of the ``scorekeeper`` CLI: ``games``, ``export ID``, ``import FILE``, ``history ID``.

``add_storage_commands(subparsers)`` registers them on the main parser's
subparsers; each sets ``func``, a callable taking the parsed arguments and
returning the exit code. Every command takes ``--data DIR``. A problem the
user can cause ends with exit code 2 and one line on stderr, never a
traceback.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from scorekeeper.cli_input import json_text, one_line, printed, read_record, source_name
from scorekeeper.cli_text import hands_text, scoresheet_csv, status_text
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.gui.models.history_words import history_lines
from scorekeeper.storage import COMMAND_LINE, DuplicateGameError, GameSummary, Repository, UnreadableGameError

EXIT_ERROR = 2

DATA_HELP = "folder of the saved games (default: $SCOREKEEPER_DATA, else the user's data folder)"


def add_storage_commands(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser("games", help="list the saved games, in progress first",
                                  description="List the saved games: in progress first, newest first.")
    games.add_argument("--trash", action="store_true", help="list the games in the trash instead")
    _data_option(games)
    games.set_defaults(func=_guarded(cmd_games, "games"))

    export = subparsers.add_parser("export", help="write a game as spades-game/1 JSON, a CSV scoresheet or a picture",
                                   description="Write a saved game as spades-game/1 JSON (default), "
                                               "its scoresheet as CSV, one row per hand per side, or a "
                                               "picture of its scoresheet (PNG) for the group chat.")
    export.add_argument("id", metavar="ID", help="the game's id (see `scorekeeper games`)")
    form = export.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true", help="write the scoresheet as CSV")
    form.add_argument("--png", action="store_true",
                      help="draw the scoresheet as a PNG picture (to spades-ID.png here unless --out)")
    export.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output "
                                                      "(--png: '-' writes the picture to standard output)")
    _data_option(export)
    export.set_defaults(func=_guarded(cmd_export, "export"))

    imp = subparsers.add_parser("import", help="add a spades-game/1 JSON file to the saved games",
                                description="Check a spades-game/1 JSON file with the rules engine "
                                            "and add it to the saved games.")
    imp.add_argument("file", metavar="FILE", help="the game record to import ('-' reads standard input)")
    imp.add_argument("--copy", action="store_true",
                     help="import it even if the same record is already saved (a second game)")
    _data_option(imp)
    imp.set_defaults(func=_guarded(cmd_import, "import"))

    history = subparsers.add_parser("history", help="print who changed a saved game, and what, oldest first",
                                    description="Print a saved game's history: one line per change, oldest "
                                                "first, each with its time, the device and its role.")
    history.add_argument("id", metavar="ID", help="the game's id (see `scorekeeper games`)")
    history.add_argument("--json", action="store_true", help="print the entries as a JSON list")
    _data_option(history)
    history.set_defaults(func=_guarded(cmd_history, "history"))


def _data_option(parser: argparse.ArgumentParser) -> None:
    # SUPPRESS: a --data given before the command (if the main parser has one) is not reset to None.
    parser.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS, help=DATA_HELP)


def _guarded(command: Callable[[argparse.Namespace], int], name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except ScorekeeperError as err:
            return _fail(name, str(err))
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            return _fail(name, f"{where}{err.strerror or err}")
    run.__name__ = command.__name__
    run.__doc__ = command.__doc__
    return run


def _fail(name: str, message: str) -> int:
    print(one_line(f"scorekeeper {name}: {message}"), file=sys.stderr)
    return EXIT_ERROR


def _open(args: argparse.Namespace) -> Repository:
    repo = Repository(getattr(args, "data", None), create=False)  # listing creates nothing
    _flush_notices(repo)
    return repo


def _flush_notices(repo: Repository) -> None:
    for notice in repo.notices:
        print(one_line(f"note: {notice}"), file=sys.stderr)
    repo.notices.clear()


def cmd_games(args: argparse.Namespace) -> int:
    """Print one line per saved game."""
    repo = _open(args)
    summaries = repo.trash.list_games() if args.trash else repo.list_games()
    _flush_notices(repo)
    if not summaries:
        where = "in the trash" if args.trash else "saved"
        print(f"No games {where} in {repo.data_dir}.")
        return 0
    for line in format_games(summaries):
        print(printed(line))
    return 0


def format_games(summaries: Sequence[GameSummary]) -> list[str]:
    """The table of games; a game this version cannot open has its row (its names in place of the
    scores) and, below the table, a line with the reason and the way out."""
    rows = [(s.id, status_text(s), s.rules, hands_text(s), _when(s.updated),
             "  ".join(f"{side} {s.scores[side]}" for side in s.sides)) if s.unreadable is None else
            (s.id, "can't open", s.rules, "", _when(s.updated), s.title) for s in summaries]
    headers = ("ID", "STATUS", "RULES", "HANDS", "LAST CHANGE", "SCORES")
    widths = [max(len(str(row[i])) for row in [headers, *rows]) for i in range(len(headers) - 1)]
    lines = []
    for row in [headers, *rows]:
        cells = [str(cell).ljust(width) for cell, width in zip(row, widths)]
        lines.append("  ".join([*cells, row[-1]]).rstrip())
    for s in summaries:
        if s.unreadable is not None:
            players = f" ({', '.join(s.players)})" if s.players else ""
            lines.append(f"{s.id}: Can't open with this version: {s.unreadable}. {s.title}{players}. "
                         f"`scorekeeper export {s.id}` writes its raw record; deleting it in the app moves "
                         "it to the trash.")
    return lines


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def cmd_export(args: argparse.Namespace) -> int:
    """Write a game's record (JSON), its scoresheet (CSV) or a picture of it (PNG)."""
    repo = _open(args)
    if args.png:
        return _export_png(repo, args)
    if args.csv:
        stored = repo.get(args.id)
        text = scoresheet_csv(stored.game, stored.sheet)
    else:
        try:
            record = repo.exchange.export_game(args.id)
        except UnreadableGameError as err:  # the way out: the record as stored, unchecked
            record = repo.exchange.raw_record(args.id)
            print(one_line(f"note: game {args.id} can't be opened with this version ({err.reason}); "
                           "this is its raw record as saved, unchecked"), file=sys.stderr)
        text = json_text(record) + "\n"
    _flush_notices(repo)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8", newline="")
        print(f"wrote game {args.id} to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _export_png(repo: Repository, args: argparse.Namespace) -> int:
    """The picture of a game's scoresheet, to ``--out`` (else spades-ID.png in this folder)."""
    from scorekeeper.gui.models.sheet_picture import sheet_png  # Pillow is loaded only for a picture

    stored = repo.get(args.id)
    png = sheet_png(stored.game, stored.sheet)
    _flush_notices(repo)
    if args.out == "-":
        sys.stdout.buffer.write(png)
        sys.stdout.buffer.flush()
        return 0
    out = Path(args.out or f"spades-{args.id}.png")
    out.write_bytes(png)
    print(f"wrote the picture of game {args.id} to {out}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Validate a spades-game/1 file with the engine and add it."""
    data, source = read_record(args.file), source_name(args.file)
    repo = _open(args)
    try:
        game_id = repo.exchange.import_game(data, copy=args.copy, by=COMMAND_LINE)
    except DuplicateGameError as err:
        return _fail("import", f"{source}: {err}; nothing was added (--copy imports it as another game)")
    except ScorekeeperError as err:
        return _fail("import", f"{source}: {err}")
    _flush_notices(repo)
    summary = next((s for s in repo.list_games() if s.id == game_id), None)
    title = f" ({summary.title}, {status_text(summary)})" if summary else ""
    print(printed(f"imported {source} as game {game_id}{title}"))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    """Print a game's history, one line per change (``--json``: the entries as saved)."""
    repo = _open(args)
    entries = repo.history(args.id)
    _flush_notices(repo)
    if args.json:
        print(json_text(entries))
    else:
        for line in history_lines(entries):
            print(one_line(line))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run only the storage commands (the full CLI is ``scorekeeper.cli``)."""
    parser = argparse.ArgumentParser(prog="scorekeeper")
    add_storage_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

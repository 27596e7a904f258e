"""The storage commands of the ``scorekeeper`` CLI: ``games``, ``export ID``, ``import FILE``, ``history ID``,
``edit ID DEAL HAND``.

``add_storage_commands(subparsers)`` registers them on the main parser's
subparsers; each sets ``func``, a callable taking the parsed arguments and
returning the exit code. Every command takes ``--data DIR``. A problem the
user can cause ends with exit code 2 and one line on stderr, never a
traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from scorekeeper.cli.user_io import json_text, one_line, printed, read_record, source_name
from scorekeeper.cli.text import hands_text, scoresheet_csv, status_text
from scorekeeper.engine import end_moved
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
    export.add_argument("id", metavar="ID", nargs="?", help="the game's id (see `scorekeeper games`)")
    form = export.add_mutually_exclusive_group()
    form.add_argument("--all", action="store_true",
                      help="every game (not the trash) as one file, a JSON list of records: `import` reads it "
                           "back here or on another computer, and the phone app's Import reads it too")
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
    imp.add_argument("file", metavar="FILE", help="the game record to import ('-' reads standard input); a "
                                                  "JSON list of records (`export --all`) imports each")
    imp.add_argument("--copy", action="store_true",
                     help="import it even if the same record is already saved (a second game)")
    _data_option(imp)
    imp.set_defaults(func=_guarded(cmd_import, "import"))

    _add_change_commands(subparsers)


def _add_change_commands(subparsers: argparse._SubParsersAction) -> None:
    """The commands that read or change one game's history: history, edit, undo and redo."""
    history = subparsers.add_parser("history", help="print who changed a saved game, and what, oldest first",
                                    description="Print a saved game's history: one line per change, oldest "
                                                "first, each with its time, the device and its role.")
    history.add_argument("id", metavar="ID", help="the game's id (see `scorekeeper games`)")
    history.add_argument("--json", action="store_true", help="print the entries as a JSON list")
    _data_option(history)
    history.set_defaults(func=_guarded(cmd_history, "history"))

    edit = subparsers.add_parser(
        "edit", help="correct a past hand of a saved game (the later hands are scored again)",
        description="Replace a saved game's hand with HAND, a spades-game/1 hand object, e.g. "
                    '\'{"bids": {"Us": 5, "Them": 4}, "tricks": {"Us": 6, "Them": 7}}\'. When the '
                    "change ends the game before its last hand, say what happened at the table with "
                    "--later: end (the game ended there: the later hands leave the sheet; they stay in "
                    "the history) or keep (the table played on: the later hands are scored as played).")
    edit.add_argument("id", metavar="ID", help="the game's id (see `scorekeeper games`)")
    edit.add_argument("deal", metavar="DEAL", type=_deal, help="the hand's place in the record "
                      "(1 is the first deal; misdeals are counted)")
    edit.add_argument("hand", metavar="HAND", help="the hand as a spades-game/1 JSON object")
    edit.add_argument("--later", choices=("end", "keep"),
                      help="when the edit ends the game sooner: end it there, or keep the later hands")
    _data_option(edit)
    edit.set_defaults(func=_guarded(cmd_edit, "edit"))

    for name, what in (("undo", "take back a saved game's last change (a hand, an edit, the rules)"),
                       ("redo", "put back the last change taken back")):
        step = subparsers.add_parser(name, help=what, description=what[0].upper() + what[1:] + ".")
        step.add_argument("id", metavar="ID", help="the game's id (see `scorekeeper games`)")
        _data_option(step)
        step.set_defaults(func=_guarded(lambda args, name=name: cmd_step(args, name), name))


def _deal(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a hand's place in the record (1, 2, 3 ...)") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a hand's place in the record (1 is the first)")
    return value


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
    if (args.id is None) != bool(args.all):
        return _fail("export", "name one game's ID, or --all for every game")
    repo = _open(args)
    if args.all:
        return _export_all(repo, args)
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
    return _write_out(text, args.out, f"game {args.id}")


def _export_all(repo: Repository, args: argparse.Namespace) -> int:
    """Every game as one file: a JSON list of their records."""
    records = repo.exchange.export_games()
    _flush_notices(repo)
    text = json_text(records) + "\n"  # (a hidden character of a name an earlier release let in, escaped)
    return _write_out(text, args.out, f"{len(records)} game{'' if len(records) == 1 else 's'}")


def _write_out(text: str, out: str | None, what: str) -> int:
    """`text` into the file `out` (saying so on stderr, naming `what`), or to standard output."""
    if out:
        Path(out).write_text(text, encoding="utf-8", newline="")
        print(f"wrote {what} to {out}", file=sys.stderr)
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
    if isinstance(data, list) and data and all(isinstance(record, dict) for record in data):
        return _import_games(repo, data, source, args.copy)  # a file of several games (export --all)
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


def _import_games(repo: Repository, records: list, source: str, copy: bool) -> int:
    """Each record of a file of several games: a line for each one added; the ones not added (saved
    already, or refused by the engine) named on one line; exit code 2 when one was not added."""
    done = repo.exchange.import_games(records, copy=copy, by=COMMAND_LINE)
    _flush_notices(repo)
    for d in done:
        if d.game_id is not None:
            print(f"imported {source}, game {d.place} of {len(records)}, as game {d.game_id}")
    left = [f"game {d.place}: {d.problem}" + ("; not added again" if isinstance(d.problem, DuplicateGameError)
                                              else "") for d in done if d.problem is not None]
    if left:
        return _fail("import", f"{source}: {len(left)} of {len(records)} games not imported: " + "; ".join(left)
                     + (" (--copy imports the saved ones as other games)" if copy is False else ""))
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


def cmd_edit(args: argparse.Namespace) -> int:
    """Correct a past hand; an edit that moves the end of the game needs ``--later``."""
    try:
        hand = json.loads(args.hand)
    except json.JSONDecodeError as err:
        return _fail("edit", f"HAND is not JSON ({err.msg} at column {err.colno})")
    if not isinstance(hand, dict):
        return _fail("edit", 'HAND must be a JSON object, e.g. {"bids": {...}, "tricks": {...}}')
    repo = _open(args)
    stored = repo.get(args.id)
    if not 1 <= args.deal <= len(stored.game.hands):
        return _fail("edit", f"game {args.id} has {len(stored.game.hands)} deals, so there is no deal {args.deal}")
    moved = None
    try:
        moved = end_moved(stored.game, args.deal, hand)
    except ScorekeeperError as err:
        return _fail("edit", f"hand not changed: {err}")
    if moved is not None and args.later is None:
        return _fail("edit", f"{moved.said} Nothing was changed. Say what happened at the table: "
                             f"--later end ({moved.end_text}) or --later keep ({moved.keep_text})")
    new = repo.replace_hand(args.id, args.deal, hand, by=COMMAND_LINE, later=args.later)
    _flush_notices(repo)
    done = {None: "", "end": f" {moved.end_text}" if moved else "",
            "keep": f" {moved.keep_text}" if moved else ""}[args.later if moved else None]
    scores = ", ".join(f"{side} {new.sheet.scores[side]}" for side in new.sheet.sides)
    result = f"; {new.sheet.reason}" if new.sheet.finished else ""
    print(printed(f"deal {args.deal} of game {args.id} changed.{done} Now: {scores}{result}."))
    return 0


def cmd_step(args: argparse.Namespace, name: str) -> int:
    """Undo or redo a saved game's last change."""
    repo = _open(args)
    stored = (repo.undo if name == "undo" else repo.redo)(args.id, by=COMMAND_LINE)
    _flush_notices(repo)
    last = history_lines(repo.history(args.id))[-1]
    scores = ", ".join(f"{side} {stored.sheet.scores[side]}" for side in stored.sheet.sides)
    print(printed(f"{last.split('  ', 1)[-1]}. Now: {scores} ({len(stored.game.hands)} deals)."))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run only the storage commands (the full CLI is ``scorekeeper.cli``)."""
    parser = argparse.ArgumentParser(prog="scorekeeper")
    add_storage_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

"""`scorekeeper`: the app, and the commands that score, explain, list, export and import games.

Every error a user can cause ends with one line on stderr and exit code 2.
"""
from __future__ import annotations

try:
    from .. import interrupt

    interrupt.install()  # first, before the imports below: a Ctrl+C while they run stops it quietly
except KeyboardInterrupt:  # a Ctrl+C in the instant before it took over: the same quiet stop
    import os

    os._exit(130)

import argparse  # noqa: E402
import json
import sys
from pathlib import Path
from typing import Sequence

from .. import __version__
from .user_io import UserError, one_line, option_value_text, read_record
from .phone import add_phone_command
from .stats import add_stats_command
from .games import add_storage_commands
from .ways import ways_of, ways_text
from ..engine import (PRESET_SUMMARY, PRESETS, RULE_KEYS, ScorekeeperError, describe_rules, explain_rule,
                     find_preset, find_rule, parse_game, parse_option_value, score_game)
from ..engine.record import check_entered_names
from ..engine.text import OPTION_HELP, game_result, plural

EXIT_USAGE = 2


def _parse_options(items: Sequence[str] | None) -> dict:
    options = {}
    for item in items or ():
        if "=" not in item:
            raise UserError(f"--option {item!r}: write it as KEY=VALUE, e.g. --option win_score=300")
        key, value = item.split("=", 1)
        options[key.strip()] = parse_option_value(value, key.strip())
    return options


# ---- score -----------------------------------------------------------------
COLUMNS = ("bid", "took", "pts", "score", "bags")


def _widths(sheet, side: str) -> tuple[int, ...]:
    """Each column of a side as wide as its longest cell: no cell text is cut."""
    cells: list[tuple[str, ...]] = [COLUMNS, ("", "", "", str(sheet.scores[side]), str(sheet.bags[side]))]
    for hand in sheet.hands:
        s = hand.sides.get(side)
        if s is not None and not hand.misdeal:
            cells.append((s.bid_text, "" if s.tricks is None else str(s.tricks), f"{s.points:+d}", str(s.score),
                          str(s.bags)))
    widths = [max(len(row[i]) for row in cells) for i in range(len(COLUMNS))]
    widths[0] += max(0, len(side) - (sum(widths) + len(widths) - 1))  # a long side name widens the bids
    return tuple(widths)


def _sheet_table(game, sheet, explain: bool) -> str:
    sides = sheet.sides
    widths = {side: _widths(sheet, side) for side in sides}
    dealer_width = max([len("dealer")] + [len(h.dealer) for h in sheet.hands])
    lead = 4 + 2 + dealer_width
    out = []
    head = f"{'hand':>4}  {'dealer':<{dealer_width}}"
    sub = " " * lead
    for side in sides:
        width = sum(widths[side]) + len(widths[side]) - 1
        head += " | " + side.center(width)
        sub += " | " + " ".join(c.rjust(w) for c, w in zip(COLUMNS, widths[side]))
    out.append(head.rstrip())
    out.append(sub)
    rule = "-" * len(sub)
    out.append(rule)
    for hand in sheet.hands:
        number = "" if hand.number is None else str(hand.number)  # a misdeal is not a hand
        row = f"{number:>4}  {hand.dealer:<{dealer_width}}"
        if hand.misdeal:
            out.append(row + " | misdeal: no score, the deal moves on" + ("  [misdeal]" if explain else ""))
            continue
        for side in sides:
            s = hand.sides[side]
            cells = (s.bid_text, "" if s.tricks is None else str(s.tricks),
                     f"{s.points:+d}" if not hand.thrown_out else "0", str(s.score), str(s.bags))
            row += " | " + " ".join(c.rjust(w) for c, w in zip(cells, widths[side]))
        marks = ["thrown out"] if hand.thrown_out else [f"{side} set" for side in sides if hand.sides[side].set]
        if marks:
            row += "  " + ", ".join(marks)
        out.append(row.rstrip())
        if explain:
            for side in sides:
                for line in hand.sides[side].lines:
                    out.append(f"{'':{lead}}   {side}: {line.points:+d}  {line.text}  [{line.rule}]")
    out.append(rule)
    total = f"{'total':>{lead}}"
    for side in sides:
        cells = ("", "", "", str(sheet.scores[side]), str(sheet.bags[side]))
        total += " | " + " ".join(c.rjust(w) for c, w in zip(cells, widths[side]))
    out.append(total.rstrip())
    if sheet.finished:
        out.append(game_result(sheet.winner, sheet.reason, "report"))
    else:
        out.append(f"In progress after {sheet.hands_text}; rules: {game.rules.name}")
        if sheet.note:
            out.append(sheet.note[0].upper() + sheet.note[1:] + ".")
    return "\n".join(out)


def cmd_score(args: argparse.Namespace) -> int:
    game = parse_game(read_record(args.file))
    check_entered_names(game)  # no control character or override of a name reaches the terminal
    options = _parse_options(args.option)
    rescoring = bool(args.rules or options)
    if rescoring:
        base = find_preset(args.rules) if args.rules else game.rules
        game = game.with_rules(base.with_options(options))
    sheet = score_game(game, after_end="ignore" if rescoring else "error")
    if args.other_ways is not None:
        ways = ways_of(game, sheet, args.other_ways)
        print(json.dumps(ways.to_json(), indent=2, ensure_ascii=False) if args.json
              else ways_text(ways, game.rules.name))
        return 0
    if args.json:
        print(json.dumps(sheet.to_json(), indent=2, ensure_ascii=False))
    else:
        print(_sheet_table(game, sheet, args.explain))
        if sheet.unscored:
            later = plural(sheet.unscored, "later hand")
            print(f"Under these rules the game ends after hand {len(sheet.hands)}; "
                  f"the {later} {'is' if sheet.unscored == 1 else 'are'} not scored.")
    return 0


# ---- rules -----------------------------------------------------------------
def cmd_rules(args: argparse.Namespace) -> int:
    if args.rule is not None:
        find_rule(args.rule)  # an unknown key is the error, with or without a rule set
    if not args.preset and (args.rule is not None or args.keys):
        raise UserError(f"name the rule set: scorekeeper rules PRESET {'--keys' if args.keys else '--rule KEY'} "
                        f"(the presets are: {', '.join(PRESETS)})")
    if not args.preset:
        print("Rule sets (scorekeeper rules NAME for one of them):")
        for name in PRESETS:
            print(f"  {name:<9} {PRESET_SUMMARY[name]}")
        return 0
    rules = find_preset(args.preset).with_options(_parse_options(args.option))
    if args.rule is not None:
        return _print_rule(rules, args.rule)
    if args.keys:
        return _print_rule_keys(rules)
    print(f"{rules.name}: {PRESET_SUMMARY.get(rules.name, '')}")
    for title, body in describe_rules(rules):
        print(f"\n{title}\n  {body}")
    if args.options:
        print("\nOptions (change with --option KEY=VALUE):")
        for key, value in rules.options().items():
            print(_option_text(key, value))
    return 0


def _option_text(key: str, value) -> str:
    """An option as `rules` lists it: its value as --option takes it back, its help line below."""
    return f"  {key} = {option_value_text(value)}\n      {OPTION_HELP.get(key, '')}"


def _print_rule(rules, key: str) -> int:
    """One rule, by the key a line of `score --explain` or `--json` names, for these rules."""
    rule = explain_rule(find_rule(key).key, rules)
    print(f"{rule.key}: {rule.title} ({rules.name} rules)")
    print(f"  {rule.words}")
    if not rule.in_play:
        print("  Not in play under these rules: it needs other values of the options below.")
    print("\nOptions that change it (--option KEY=VALUE):")
    for option, value in rule.options:
        print(_option_text(option.key, value))
    print(f"\nWhere it comes from: {rule.source}")
    return 0


def _print_rule_keys(rules) -> int:
    """Every rule key, its title under these rules, and whether these rules use it."""
    print(f"Rule keys (scorekeeper rules {rules.name} --rule KEY for one of them):")
    width = max(len(key) for key in RULE_KEYS)
    for key in RULE_KEYS:
        rule = explain_rule(key, rules)
        print(f"  {key:<{width}}  {rule.title}" + ("" if rule.in_play else " (not in play)"))
    return 0


# ---- the app ---------------------------------------------------------------
def cmd_app(args: argparse.Namespace) -> int:
    try:
        from ..gui.serve import run_app
    except ImportError as exc:  # the GUI needs flet
        raise UserError(f"the app cannot start: {exc}") from None
    from ..storage import default_data_dir

    run_app(data_dir=default_data_dir(args.data), web=args.web, host=args.host, port=args.port)
    return interrupt.EXIT_INTERRUPTED if interrupt.interrupted() else 0


def version_text() -> str:
    """'scorekeeper 0.1.0 (/path/to/scorekeeper, Python 3.11.7)': which copy runs, for bug reports."""
    where = Path(__file__).resolve().parent.parent  # the scorekeeper package, not its cli/
    return f"scorekeeper {__version__} ({where}, Python {sys.version.split()[0]})"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Spades scorepad: start the app, or score and explain game records.")
    parser.add_argument("--version", action="store_true",  # not argparse's: it wraps long lines
                        help="print the version and where it runs from")
    parser.add_argument("--data", metavar="DIR", help="folder for saved games (default: your data folder, "
                                                     "or $SCOREKEEPER_DATA)")
    parser.add_argument("--web", action="store_true", help="serve the app for phones on this network")
    parser.add_argument("--host", help="address to serve on (with --web: 0.0.0.0)")
    parser.add_argument("--port", type=int, help="port to serve on (default 8000; 0: any free port)")
    parser.set_defaults(func=cmd_app)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = sub.add_parser("score", help="score a game record (spades-game/1 JSON)")
    score.add_argument("file", help="the record, or - for standard input")
    score.add_argument("--json", action="store_true", help="print the scoresheet as JSON")
    score.add_argument("--explain", action="store_true", help="print every line of points under each hand")
    score.add_argument("--rules", metavar="PRESET", help="re-score under another preset: " + ", ".join(PRESETS))
    score.add_argument("--option", metavar="KEY=VALUE", action="append", help="re-score with a house-rule option")
    score.add_argument("--other-ways", metavar="HAND:KEY",
                       help="one hand scored each other way the options of a line's rule allow, beside the "
                            "sheet, then the totals each way (e.g. 4:nil-failed; the key as --explain shows it; "
                            "d4:misdeal for a deal by its place in the record)")
    score.set_defaults(func=cmd_score)

    rules = sub.add_parser("rules", help="print a rule set in plain words")
    rules.add_argument("preset", nargs="?", help="one of: " + ", ".join(PRESETS))
    rules.add_argument("--option", metavar="KEY=VALUE", action="append", help="switch a house-rule option")
    rules.add_argument("--options", action="store_true", help="also list every option and its value")
    rules.add_argument("--rule", metavar="KEY", help="print one rule, by the key `score --explain` shows "
                                                     "(e.g. contract-made), and the options that change it")
    rules.add_argument("--keys", action="store_true", help="list every rule key")
    rules.set_defaults(func=cmd_rules)

    add_storage_commands(sub)
    add_stats_command(sub)
    add_phone_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(version_text())
        return 0
    try:
        return args.func(args)
    except ScorekeeperError as exc:
        print(one_line(f"scorekeeper: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # (a Ctrl+C is taken by `interrupt`; Python may still raise one)
        return interrupt.EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except Exception as exc:  # pragma: no cover - a bug: still one line, never a traceback
        print(one_line(f"scorekeeper: unexpected error ({exc.__class__.__name__}: {exc}); please report it"),
              file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""A picture of a game's scoresheet (PNG), for the group chat.  No flet, no arithmetic.

Drawn with Pillow in the app's font (DejaVu Sans, which has the suits), 1080 px wide: a phone
shows it at full width with its text as large as the app's own sheet there (11 dp and up).  It
holds the rules, the sides and their players, one row per deal (a hand's row under its number
as the table counts it; a misdeal a thin row of its own, with no number), each side's bid /
tricks, points, score, bags and the sheet's marks, then the totals and the result.  The image
grows in height with the hands; three sides (six players) fit across.

Every number is the engine's Scoresheet's; the marks are `marks.side_marks`'.  The GUI's game
menu and `scorekeeper export ID --png` both call `sheet_png`.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw, ImageFont

from ...engine import Game, Hand, HandScore, ScorekeeperError, Scoresheet, SideScore
from ...engine.text import shown
from .figures import outcome, shows_bags, signed
from .marks import Tone, side_marks, tone_of
from .options import rules_in_words

WIDTH = 1080
MARGIN = 32
NUMBER = 64  # the hand number's column
GAP = 10  # between the sides' columns
PAD = 10  # inside a cell
#: text sizes in px: a phone shows the 1080 px about 390 dp wide (2.77 px a dp), so these are
#: the sizes of the app's phone sheet (a hand's first line 13, its score 17, its marks 11)
TITLE, TEXT, SCORE, SMALL = 52, 36, 48, 31
READABLE = SMALL  # nothing is drawn smaller (a long name is cut short rather than shrunk further)

INK = (32, 33, 36)
MUTED = (95, 99, 104)
PAPER = (255, 255, 255)
BAND = (46, 125, 50)  # the app's green
ROW = (241, 245, 242)
LINE = (200, 206, 202)
WIN = (220, 237, 221)
TONES = {Tone.MADE: (46, 125, 50), Tone.SET: (198, 40, 40), Tone.PLAIN: INK}
WARN = (178, 106, 0)
DOT = "\u00b7"

_PACKAGE = Path(__file__).resolve().parents[2]
#: where the fonts are: inside the installed package (the wheel maps assets/ to
#: scorekeeper/assets), or at the top of a checkout (as gui/serve.py looks for them)
FONT_PLACES = (_PACKAGE / "assets" / "fonts", _PACKAGE.parent / "assets" / "fonts")
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


class PictureError(ScorekeeperError):
    """The picture cannot be drawn here (the app's fonts are missing)."""


def font_folder(places: tuple[Path, ...] = FONT_PLACES) -> Path:
    """The first place holding both of the app's fonts, else a PictureError naming where it looked."""
    for place in places:
        if all((place / name).is_file() for name in FONT_FILES.values()):
            return place
    looked = " and ".join(str(place) for place in places)
    raise PictureError(f"the app's fonts are missing (looked in {looked}): reinstall scorekeeper")


@lru_cache(maxsize=64)
def _font(size: int, bold: bool = False, folder: Path | None = None) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str((folder or font_folder()) / FONT_FILES[bold]), size)


def _line(size: int) -> int:
    return round(size * 1.25)


Paint = Callable[["_Pen", int], None]  # draws a block whose top is at y


@dataclass
class _Block:
    height: int
    paint: Paint
    label: str = ""  # "Hand 3", "Misdeal": a row the tests find in the picture


@dataclass
class SheetPicture:
    """The PNG, its size, where each deal's row is (label, top, bottom), in order, the smallest
    text drawn (px) and every text drawn, in the order drawn (a side's marks word by word)."""

    png: bytes
    width: int
    height: int
    rows: list[tuple[str, int, int]] = field(default_factory=list)
    smallest: int = 0
    texts: list[str] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)  # each text's ink, as texts


class _Pen:
    """Draws text on the picture and keeps the smallest size it drew."""

    def __init__(self, image: Image.Image):
        self.draw = ImageDraw.Draw(image)
        self.smallest = 10_000
        self.texts: list[str] = []
        self.boxes: list[tuple[float, float, float, float]] = []

    def text(self, x: float, y: float, text: str, size: int, bold: bool = False, fill=INK,
             anchor: str = "la") -> None:
        text = shown(text)  # a control character or an override of an old record's name, escaped
        if text:
            self.smallest = min(self.smallest, size)
            self.texts.append(text)
            self.boxes.append(self.draw.textbbox((x, y), text, font=_font(size, bold), anchor=anchor))
            self.draw.text((x, y), text, font=_font(size, bold), fill=fill, anchor=anchor)

    def box(self, x0: float, y0: float, x1: float, y1: float, fill, radius: int = 0) -> None:
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill)


def fit(text: str, width: float, size: int, bold: bool = False, least: int = READABLE) -> tuple[str, int]:
    """`text` at `size`, or smaller down to `least` until it fits `width`; still too wide, cut short
    with an ellipsis."""
    text = shown(text)  # as it is drawn (`_Pen.text`)
    while size > least and _font(size, bold).getlength(text) > width:
        size = max(least, size - 2)
    font = _font(size, bold)
    if font.getlength(text) <= width:
        return text, size
    while text and font.getlength(text + "\u2026") > width:
        text = text[:-1]
    return text.rstrip() + "\u2026", size


def flow(pieces: list[tuple[str, tuple]], width: float, size: int) -> list[list[tuple[float, str, tuple]]]:
    """Coloured phrases (a side's marks) laid out word by word in lines of `width`, a dot between
    phrases: each line a list of (x, word, colour)."""
    font = _font(size)
    space = font.getlength(" ")
    lines: list[list[tuple[float, str, tuple]]] = [[]]
    x = 0.0
    words = []
    for i, (text, colour) in enumerate(pieces):
        words += ([(DOT, MUTED)] if i else []) + [(word, colour) for word in text.split()]
    for word, colour in words:
        word, _ = fit(word, width, size, least=size)
        length = font.getlength(word)
        if lines[-1] and x + space + length > width and word != DOT:
            lines.append([])
            x = 0.0
        if lines[-1]:
            x += space
        lines[-1].append((x, word, colour))
        x += length
    return [line for line in lines if line]


# ---- the picture ----------------------------------------------------------------------------
def sheet_png(game: Game, sheet: Scoresheet) -> bytes:
    """The scoresheet of `game` (scored as `sheet`) as a PNG."""
    return sheet_picture(game, sheet).png


def sheet_picture(game: Game, sheet: Scoresheet) -> SheetPicture:
    """The scoresheet as a picture, with where its rows are (see SheetPicture)."""
    font_folder()  # a missing font is said before anything is drawn
    columns = _columns(len(sheet.sides))
    bags = shows_bags(sheet, game.rules)
    blocks = [_title(game, sheet), _sides(game, sheet, columns)]
    for hs, hand in zip(sheet.hands, game.hands):
        blocks.append(_deal_row(hs, hand, sheet.sides, columns, bags))
    if not sheet.hands:
        blocks.append(_words("No hands yet", SMALL, MUTED))
    blocks += [_totals(sheet, columns, bags), _result(sheet)]
    height = sum(block.height for block in blocks) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    pen = _Pen(image)
    y, rows = 0, []
    for block in blocks:
        block.paint(pen, y)
        if block.label:
            rows.append((block.label, y, y + block.height))
        y += block.height
    out = io.BytesIO()
    image.save(out, format="PNG")
    return SheetPicture(out.getvalue(), WIDTH, height, rows, pen.smallest, pen.texts, pen.boxes)


def _columns(count: int) -> list[tuple[float, float]]:
    """Each side's column: (left, width)."""
    left = MARGIN + NUMBER + GAP
    width = (WIDTH - MARGIN - left - GAP * (count - 1)) / count
    return [(left + i * (width + GAP), width) for i in range(count)]


def _title(game: Game, sheet: Scoresheet) -> _Block:
    rules = flow([(rules_in_words(game.rules), PAPER)], WIDTH - 2 * MARGIN, SMALL)
    height = MARGIN + _line(TITLE) + len(rules) * _line(SMALL) + _line(SMALL) + MARGIN

    def paint(pen: _Pen, y: int) -> None:
        pen.box(0, y, WIDTH, y + height, BAND)
        top = y + MARGIN
        pen.text(MARGIN, top, "\u2660 Spades", TITLE, bold=True, fill=PAPER)
        top += _line(TITLE)
        for line in rules:
            for x, word, colour in line:
                pen.text(MARGIN + x, top, word, SMALL, fill=colour)
            top += _line(SMALL)
        pen.text(MARGIN, top, sheet.hands_text, SMALL, fill=PAPER)
    return _Block(height, paint)


def _sides(game: Game, sheet: Scoresheet, columns) -> _Block:
    """Each side's name and, under it, its players (when the name is not theirs already), then
    what a hand's first line says."""
    inner = columns[0][1] - 2 * PAD
    players = {side.name: [] if " & ".join(side.players) == side.name else _names(side.players, inner)
               for side in game.sides}
    most = max(len(lines) for lines in players.values())
    legend = _legend(inner)
    height = PAD * 2 + _line(TEXT) + most * _line(SMALL) + _line(SMALL)

    def paint(pen: _Pen, y: int) -> None:
        for side, (left, width) in zip(sheet.sides, columns):
            name, size = fit(side, inner, TEXT, bold=True)
            pen.text(left + width / 2, y + PAD, name, size, bold=True, anchor="ma")
            top = y + PAD + _line(TEXT)
            for line in players[side]:
                pen.text(left + width / 2, top, line, SMALL, fill=MUTED, anchor="ma")
                top += _line(SMALL)
            top = y + PAD + _line(TEXT) + most * _line(SMALL)
            pen.text(left + PAD, top, legend[0], SMALL, fill=MUTED)
            pen.text(left + width - PAD, top, legend[1], SMALL, fill=MUTED, anchor="ra")
        pen.box(MARGIN, y + height - 3, WIDTH - MARGIN, y + height - 1, LINE)
    return _Block(height, paint)


def _names(players: tuple[str, ...], width: float) -> list[str]:
    """A side's players joined by '&', in lines of `width` (a name never split; one too long for a
    line cut short)."""
    font, lines = _font(SMALL), []
    for i, player in enumerate(players):
        name = f"& {player}" if i else player
        joined = f"{lines[-1]} {name}" if lines else name
        if lines and font.getlength(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(fit(name, width, SMALL, least=SMALL)[0])
    return lines


def _legend(width: float) -> tuple[str, str]:
    """The words over a side's column for its first line: the longest that fit beside each other."""
    font = _font(SMALL)
    for left, right in (("bid / took", "points"), ("bid/took", "pts"), ("bid/took", "")):
        if font.getlength(left) + font.getlength(right) + 2 * PAD <= width:
            return left, right
    return "", ""


def _deal_row(hs: HandScore, hand: Hand, sides: list[str], columns, bags: bool) -> _Block:
    """A hand's row under its number (every other one shaded), or a thin line for a misdeal."""
    if hs.misdeal or hs.thrown_out:
        what = "misdeal" if hs.misdeal else f"thrown out: {hs.note}" if hs.note else "thrown out"
        return _words(f"{what} {DOT} {hs.dealer} dealt", SMALL, MUTED, left=MARGIN + NUMBER + GAP,
                      label=hs.label)
    cells = {side: _cell(hs.sides[side], side, hand, width, bags) for side, (_, width) in zip(sides, columns)}
    height = max(cell.height for cell in cells.values()) + 2 * PAD

    def paint(pen: _Pen, y: int) -> None:
        if hs.number % 2:
            pen.box(MARGIN, y + 2, WIDTH - MARGIN, y + height - 2, ROW, radius=10)
        pen.text(MARGIN + NUMBER / 2, y + PAD + 4, str(hs.number), TEXT, bold=True, anchor="ma")
        for side, (left, _) in zip(sides, columns):
            cells[side].paint(pen, left, y + PAD)
    return _Block(height, paint, hs.label)


@dataclass
class _Cell:
    height: int
    paint: Callable[[_Pen, float, int], None]


def _cell(ss: SideScore, side: str, hand: Hand, width: float, bags: bool) -> _Cell:
    """A side's part of a hand's row: bid / tricks and the points; the score and the bags; the marks.
    A bid too long to share its line with the points (IHOP six: '7 + aces / 1') has a line of its
    own, and the points the next."""
    marks = side_marks(ss, side, hand)
    colour = TONES[tone_of(marks)]
    inner = width - 2 * PAD
    points = signed(ss.points)
    took = "" if ss.tricks is None else str(ss.tricks)
    full = f"{ss.bid_text} / {took}"
    bid, bid_size = fit(full, inner - _font(TEXT, True).getlength(points) - 12, TEXT)
    apart = bid != full  # cut short beside the points: whole on a line of its own
    if apart:
        bid, bid_size = fit(full, inner, TEXT)
    lines = flow([(m.text, TONES[m.tone]) for m in marks], inner, SMALL)
    score, bag_words = str(ss.score), (f"{ss.bags} bags" if ss.bags != 1 else "1 bag") if bags else ""
    # five players alone leave a narrow column: bags too wide beside the score go under it
    under = bool(bag_words) and (_font(SCORE, True).getlength(score) + 12
                                 + _font(SMALL, ss.bag_warning).getlength(bag_words) > inner)
    height = (_line(TEXT) * (2 if apart else 1) + _line(SCORE) + (len(lines) + under) * _line(SMALL))

    def paint(pen: _Pen, left: float, y: int) -> None:
        x, right = left + PAD, left + width - PAD
        pen.text(x, y, bid, bid_size)
        if apart:
            y += _line(TEXT)
        pen.text(right, y, points, TEXT, bold=True, fill=colour, anchor="ra")
        y += _line(TEXT)
        pen.text(x, y, score, SCORE, bold=True)
        if bag_words:
            pen.text(right, y + (_line(SCORE) if under else SCORE - SMALL), bag_words, SMALL,
                     bold=ss.bag_warning, fill=WARN if ss.bag_warning else MUTED, anchor="ra")
        y += _line(SCORE) + (_line(SMALL) if under else 0)
        for line in lines:
            for dx, word, tone in line:
                pen.text(x + dx, y, word, SMALL, fill=tone)
            y += _line(SMALL)
    return _Cell(height, paint)


def _totals(sheet: Scoresheet, columns, bags: bool) -> _Block:
    height = PAD * 3 + 2 * _line(SMALL) + _line(TITLE) + (_line(SMALL) if bags else 0)

    def paint(pen: _Pen, y: int) -> None:
        pen.box(MARGIN, y + PAD, WIDTH - MARGIN, y + PAD + 3, INK)
        pen.text(MARGIN, y + 2 * PAD, "Totals", SMALL, bold=True, fill=MUTED)
        top = y + 2 * PAD + _line(SMALL)
        for side, (left, width) in zip(sheet.sides, columns):
            if side == sheet.winner:
                pen.box(left, top, left + width, y + height, WIN, radius=12)
            centre = left + width / 2
            name, size = fit(side, width - 2 * PAD, SMALL, bold=True)
            pen.text(centre, top + 4, name, size, bold=True, anchor="ma")
            pen.text(centre, top + _line(SMALL), str(sheet.scores[side]), TITLE, bold=True, anchor="ma")
            if bags:
                count = sheet.bags[side]
                pen.text(centre, top + _line(SMALL) + _line(TITLE), f"{count} bag" + ("" if count == 1 else "s"),
                         SMALL, fill=MUTED, anchor="ma")
    return _Block(height, paint)


def _result(sheet: Scoresheet) -> _Block:
    words = outcome(sheet) + (f". {sheet.note}" if sheet.note else "")
    return _words(words, TEXT, INK, bold=True, top=PAD * 2)


def _words(text: str, size: int, fill, left: int = MARGIN, bold: bool = False, label: str = "",
           top: int = PAD) -> _Block:
    """A line (or a few) of text across the picture."""
    lines = flow([(text, fill)], WIDTH - MARGIN - left, size) if not bold else [
        [(0.0, line, fill)] for line in _wrap(text, WIDTH - MARGIN - left, size)]
    height = top + len(lines) * _line(size) + PAD

    def paint(pen: _Pen, y: int) -> None:
        for i, line in enumerate(lines):
            for x, word, colour in line:
                pen.text(left + x, y + top + i * _line(size), word, size, bold=bold, fill=colour)
    return _Block(height, paint, label)


def _wrap(text: str, width: float, size: int) -> list[str]:
    """Bold text in lines of `width` (whole words)."""
    font, lines = _font(size, True), [""]
    for word in text.split():
        tried = f"{lines[-1]} {word}".strip()
        if lines[-1] and font.getlength(tried) > width:
            lines.append(word)
        else:
            lines[-1] = tried
    return lines

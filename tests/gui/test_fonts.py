"""The fonts the app serves: small subsets of DejaVu Sans that still hold every character the
app writes, loaded by the browser before its first frame (assets/assets/FontManifest.json).

No browser and no fontTools needed: the font's character map is read here directly.
"""
from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "assets" / "fonts"
MANIFEST = ROOT / "assets" / "assets" / "FontManifest.json"
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def character_map(path: Path) -> set[int]:
    """The code points a TrueType font maps to a glyph (its Windows Unicode cmap, format 4 or 12)."""
    data = path.read_bytes()
    tables = struct.unpack(">H", data[4:6])[0]
    cmap = next(struct.unpack(">I", data[12 + 16 * i + 8:12 + 16 * i + 12])[0] for i in range(tables)
                if data[12 + 16 * i:12 + 16 * i + 4] == b"cmap")
    found: set[int] = set()
    for i in range(struct.unpack(">H", data[cmap + 2:cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
        sub = cmap + offset
        kind = struct.unpack(">H", data[sub:sub + 2])[0]
        if platform != 3 or encoding not in (1, 10):
            continue
        if kind == 12:
            groups = struct.unpack(">I", data[sub + 12:sub + 16])[0]
            for g in range(groups):
                first, last, _ = struct.unpack(">III", data[sub + 16 + 12 * g:sub + 28 + 12 * g])
                found.update(range(first, last + 1))
        elif kind == 4:
            segments = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
            ends = struct.unpack(f">{segments}H", data[sub + 14:sub + 14 + 2 * segments])
            at = sub + 16 + 2 * segments
            starts = struct.unpack(f">{segments}H", data[at:at + 2 * segments])
            deltas = struct.unpack(f">{segments}h", data[at + 2 * segments:at + 4 * segments])
            ranges_at = at + 4 * segments
            offsets = struct.unpack(f">{segments}H", data[ranges_at:ranges_at + 2 * segments])
            for s in range(segments):
                for code in range(starts[s], ends[s] + 1):
                    if code == 0xFFFF:
                        continue
                    if offsets[s] == 0:
                        glyph = (code + deltas[s]) & 0xFFFF
                    else:
                        where = ranges_at + 2 * s + offsets[s] + 2 * (code - starts[s])
                        glyph = struct.unpack(">H", data[where:where + 2])[0]
                        glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    if glyph:
                        found.add(code)
    return found


def characters_written() -> dict[str, set[str]]:
    """Every character beyond ASCII in scorekeeper/ (literal or \\uXXXX), by file."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        chars = {chr(int(c, 16)) for c in re.findall(r"\\u([0-9a-fA-F]{4})", text)}
        chars |= {c for c in text if ord(c) > 0x7E}
        if chars:
            found[str(path.relative_to(ROOT))] = chars
    return found


@pytest.mark.parametrize("face", FACES)
def test_the_font_holds_every_character_the_app_writes(face):
    mapped = character_map(FONTS / face)
    for where, chars in characters_written().items():
        missing = sorted(c for c in chars if ord(c) not in mapped)
        assert not missing, (f"{where} writes {', '.join(f'U+{ord(c):04X} {c}' for c in missing)}, which "
                             f"{face} lacks: run `python tools/subset_fonts.py`")
    # the suits, and what names are typed in at European tables
    for text in ("\u2660\u2665\u2666\u2663", "Zo\u00eb \u0141ukasz \u00c7a\u011fla", "\u0391\u03bb\u03ad\u03be\u03b7\u03c2",
                 "\u041c\u0430\u0448\u0430", "\u2192 \u2713 \u2717 \u00b7 \u2014 \u2026"):
        assert {ord(c) for c in text if c != " "} <= mapped, text


@pytest.mark.parametrize("face", FACES)
def test_the_fonts_are_subsets_not_the_whole_1_4_mb(face):
    assert (FONTS / face).stat().st_size < 120_000
    assert "DejaVu" in (FONTS / "DejaVu-LICENSE.txt").read_text()


def test_the_browser_loads_dejavu_before_the_first_frame():
    """Flet serves assets/assets/FontManifest.json instead of its own: Flutter loads the fonts it
    lists before the app's first frame.  It keeps every font of Flet's own manifest but the
    maths fonts (tools/subset_fonts.py writes it; a Flet upgrade shows up here)."""
    import flet_web

    ours = json.loads(MANIFEST.read_text())
    dejavu = next(f for f in ours if f["family"] == "DejaVu Sans")
    from scorekeeper.gui import theme
    assert theme.FONT == "DejaVu Sans"
    for face in dejavu["fonts"]:
        assert (MANIFEST.parent / face["asset"]).resolve().is_file(), face
    assert {f.get("weight") for f in dejavu["fonts"]} == {None, 700}
    web = Path(flet_web.__file__).parent / "web" / "assets"
    flets = json.loads((web / "FontManifest.json").read_text())
    kept = [f for f in flets if "katex" not in f["family"].lower()]
    assert [f for f in ours if f["family"] != "DejaVu Sans"] == kept
    for family in kept:
        for face in family["fonts"]:
            assert (web / face["asset"]).is_file(), face

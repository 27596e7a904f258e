"""Build the app's fonts: DejaVu Sans cut down to the characters the app can show.

    pip install fonttools
    python tools/subset_fonts.py [--source /usr/share/fonts/truetype/dejavu]

Run at build time only (the app serves the files this writes, committed in
assets/): the full DejaVu Sans is 1.4 MB for two faces, so the page drew its
first frames without it (the suits as empty boxes) until it arrived.  It writes

- assets/fonts/DejaVuSans.ttf and DejaVuSans-Bold.ttf: the subsets.  What they keep:
  every character written anywhere in scorekeeper/ (the suits, arrows, check
  marks, dashes, quotes ...), and what players type as names at European tables
  (Latin with its accents, Greek, Cyrillic); no hinting (the browser does not use it).
- assets/assets/FontManifest.json: Flet's own font manifest (Flet serves a
  FontManifest.json found in the assets folder instead of its own), with DejaVu
  Sans added, so that the browser loads it before the first frame, and without
  the KaTeX maths fonts (20 files the app never uses, fetched before every first frame).

The source is Debian's fonts-dejavu-core (the fonts the app shipped before,
byte for byte).  DejaVu's license (assets/fonts/DejaVu-LICENSE.txt) allows
modified copies under a name without "Bitstream" or "Vera".
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "assets" / "fonts"
MANIFEST = ROOT / "assets" / "assets" / "FontManifest.json"
FACES = {"DejaVuSans.ttf": None, "DejaVuSans-Bold.ttf": 700}  # file -> weight in the manifest
FAMILY = "DejaVu Sans"  # theme.FONT

#: (first, last) code points kept besides those written in the source, and why
RANGES = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B: names with accents
    (0x0370, 0x03FF),  # Greek: names
    (0x0400, 0x04FF),  # Cyrillic: names
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2030, 0x203A),  # per mille, primes, angle quotes
    (0x2190, 0x2193),  # arrows
    (0x2212, 0x2212),  # minus
    (0x2264, 0x2265),  # at most / at least
    (0x2660, 0x2667),  # the four suits, black and white
    (0x2713, 0x2718),  # check marks and crosses
)
#: font families of Flet's manifest that the app never uses (Markdown's maths)
DROPPED = re.compile(r"katex", re.IGNORECASE)


def characters_in_source() -> set[int]:
    """Every character beyond ASCII written in scorekeeper/ (literally or as \\uXXXX)."""
    found: set[int] = set()
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(int(code, 16) for code in re.findall(r"\\u([0-9a-fA-F]{4})", text))
        found.update(ord(c) for c in text if ord(c) > 0x7E)
    return found


def wanted() -> set[int]:
    codes = characters_in_source()
    for first, last in RANGES:
        codes.update(range(first, last + 1))
    return codes


def subset(source: Path, target: Path, codes: set[int]) -> set[int]:
    """Write the subset of `source` holding `codes`; return the code points it maps."""
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTFont

    options = ftsubset.Options()
    options.hinting = False
    options.layout_features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk"]
    options.name_IDs = ["*"]  # keep the names and the license text
    options.notdef_outline = True
    font = TTFont(source)
    sub = ftsubset.Subsetter(options)
    sub.populate(unicodes=sorted(codes))
    sub.subset(font)
    font.save(target)
    return set(TTFont(target).getBestCmap())


def flet_manifest() -> list[dict]:
    """The font manifest Flet's web client ships: read as a file of the installed flet-web
    distribution (this tool needs its data, not Flet's code)."""
    from importlib.metadata import distribution

    path = distribution("flet-web").locate_file("flet_web/web/assets/FontManifest.json")
    return json.loads(Path(path).read_text())


def manifest() -> list[dict]:
    """Flet's font manifest without the unused maths fonts, with DejaVu Sans (both faces)."""
    kept = [family for family in flet_manifest() if not DROPPED.search(family["family"])]
    faces = [{"asset": f"../fonts/{name}", **({"weight": weight} if weight else {})}
             for name, weight in FACES.items()]
    return [{"family": FAMILY, "fonts": faces}, *kept]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path, default=Path("/usr/share/fonts/truetype/dejavu"))
    args = parser.parse_args()
    codes = wanted()
    needed = characters_in_source()
    for name in FACES:
        source, target = args.source / name, FONTS / name
        before = source.stat().st_size
        mapped = subset(source, target, codes)
        missing = sorted(c for c in needed if c not in mapped)
        if missing:
            print(f"{name}: DejaVu has no glyph for " + ", ".join(f"U+{c:04X}" for c in missing))
            return 1
        print(f"{target.relative_to(ROOT)}: {len(mapped)} characters, {before:,} -> {target.stat().st_size:,} bytes")
    MANIFEST.parent.mkdir(parents=True, exist_ok=True)
    MANIFEST.write_text(json.dumps(manifest(), indent=1) + "\n")
    print(f"{MANIFEST.relative_to(ROOT)}: {len(manifest())} families")
    return 0


if __name__ == "__main__":
    sys.exit(main())

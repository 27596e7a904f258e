"""Put the app's emoji font in place: Twemoji as a COLR font, from npm's twemoji-colr-font.

    npm pack twemoji-colr-font@15.0.3 && tar xzf twemoji-colr-font-15.0.3.tgz
    python tools/emoji_font.py package/

Run at build time only: it writes assets/fonts/Twemoji.woff2 (the package's font as it is,
476 kB) and assets/fonts/Twemoji-LICENSE.txt.  The font is under the SIL Open Font License 1.1
(the package's LICENSE); Twemoji's pictures are Twitter's, CC-BY 4.0, credited there.

How the page gets it: Flutter's web engine, meeting a character none of the page's fonts has,
fetches a piece of Noto Color Emoji from `fontFallbackBaseUrl` (the app's own
assets/fonts/notocoloremoji/...; Google's font host in stock Flet, unreachable offline, so emoji
drew as empty boxes).  The server (gui/serve.py, `emoji_font`) and the phone's service worker
answer every such piece with this one font, so it is fetched once, only by a page that shows an
emoji, and no first frame waits for it.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "assets" / "fonts"
CREDIT = ("Twemoji graphics: Copyright 2019 Twitter, Inc and other contributors, licensed under\n"
          "CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/).  The font: twemoji-colr\n"
          "(Mozilla), packaged on npm as twemoji-colr-font 15.0.3; its license follows.\n\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", type=Path, help="the unpacked npm package (holds twemoji.woff2)")
    args = parser.parse_args(argv)
    source = args.package / "twemoji.woff2"
    if not source.is_file():
        print(f"emoji_font: {source} is not there (unpack twemoji-colr-font first)", file=sys.stderr)
        return 2
    shutil.copyfile(source, FONTS / "Twemoji.woff2")
    license_text = (args.package / "LICENSE").read_text(encoding="utf-8")
    (FONTS / "Twemoji-LICENSE.txt").write_text(CREDIT + license_text, encoding="utf-8")
    print(f"emoji_font: wrote {FONTS / 'Twemoji.woff2'} ({(FONTS / 'Twemoji.woff2').stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

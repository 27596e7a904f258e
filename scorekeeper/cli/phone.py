"""`scorekeeper phone-app OUT_DIR`: write the phone's own app, a static site (scorekeeper/phone_site)."""
from __future__ import annotations

import argparse

from ..phone_site import BuildError, build_site


def add_phone_command(sub) -> None:
    phone = sub.add_parser(
        "phone-app", help="write the app as a static site that runs on a phone alone (no computer at the table)",
        description="Write the app as a static site: copy the folder to any https static host (or serve it "
                    "on this computer) and open it on the phone, then Add to Home Screen. It starts with no "
                    "network once opened; the games stay in the phone's browser.")
    phone.add_argument("out", metavar="OUT_DIR", help="the folder to write (new, empty, or one it wrote before)")
    phone.set_defaults(func=cmd_phone_app)


def cmd_phone_app(args: argparse.Namespace) -> int:
    try:
        site = build_site(args.out)
    except OSError as err:
        raise BuildError(f"cannot write {args.out}: {err.strerror or err}") from None
    print(f"The phone app is in {site.folder}/ ({len(site.files)} files, {site.size / 1e6:.1f} MB, build {site.build}).")
    print("Serve it: copy the folder to any https static host (GitHub Pages, Netlify, ...), or on this computer "
          f"`python3 -m http.server -d {site.folder} 8000` and open http://127.0.0.1:8000/ ; then, on the phone, "
          "Add to Home Screen. Plain http on the LAN starts only while the computer serves it (no offline start).")
    return 0

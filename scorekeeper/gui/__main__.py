"""`python -m scorekeeper.gui [--web] [--host H] [--port P] [--data DIR]` (tests, development)."""
from __future__ import annotations

try:
    from .. import interrupt

    interrupt.install()  # first: a Ctrl+C while the app is still loading stops it quietly
except KeyboardInterrupt:  # a Ctrl+C in the instant before it took over: the same quiet stop
    import os

    os._exit(130)

import argparse  # noqa: E402
import os
import sys
from pathlib import Path

from .serve import ServeError, run_app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.gui")
    parser.add_argument("--web", action="store_true", help="serve for phones on the network")
    parser.add_argument("--serve", action="store_true",
                        help="serve without opening a window or a browser")
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    parser.add_argument("--data", help="folder of the saved games")
    args = parser.parse_args(argv)
    data = args.data or os.environ.get("SCOREKEEPER_DATA")
    if data is None:
        from ..storage import default_data_dir
        data = default_data_dir()
    try:
        run_app(Path(data), web=args.web, host=args.host, port=args.port, open_browser=not args.serve)
    except ServeError as err:
        print(f"scorekeeper: {err}", file=sys.stderr)
        return 2
    return interrupt.EXIT_INTERRUPTED if interrupt.interrupted() else 0


if __name__ == "__main__":
    sys.exit(main())

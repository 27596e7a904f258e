"""`python -m scorekeeper.cli`: the same as the `scorekeeper` command."""
import sys

from . import main

sys.exit(main())

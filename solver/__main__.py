"""``python -m solver``: the ``solver`` command line."""

import sys

from solver.cli import main

sys.exit(main())

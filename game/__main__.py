"""``python -m game`` runs the Kampfkarte command line."""

import sys

from game.cli import main

sys.exit(main())

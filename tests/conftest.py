"""Test set-up: no real window, ever, and never the player's real folders."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, saves and the error log of a test go to a folder of this run, never to the
# platform's user folders (and an older ~/.kampfkarte is never moved by a test run).
_HOME = tempfile.mkdtemp(prefix="kampfkarte-tests-")
os.environ["KAMPFKARTE_HOME"] = _HOME
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)

"""Re-record the golden logs (only for a deliberate change of the rules or the log)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.test_golden_logs import CASES, GOLDEN, simulated_log  # noqa: E402

if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    for mission, seed, language in CASES:
        text = simulated_log(mission, seed, language)
        (GOLDEN / f"{mission}-s{seed}-{language}.log").write_text(text, encoding="utf-8")
    print(f"recorded {len(CASES)} logs in {GOLDEN}")

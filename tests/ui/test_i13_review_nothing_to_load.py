"""Issue 13 review (nit): "Fortsetzen" with no save at all names the folders it looked in."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.saves import SaveError
from game.ui.session import GameSession, autosave_dir, saves_dir


@pytest.mark.rule("I13-review-nits")
def test_i13_review_no_save_at_all_names_the_folders_looked_in(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        GameSession.resume(tmp_path)
    for language in ("en", "de"):
        text = caught.value.text(language)
        assert str(autosave_dir(tmp_path)) in text and str(saves_dir(tmp_path)) in text

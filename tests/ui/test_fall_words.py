"""The neutral effect of a fall names no ruleset's life states (issue 12, i12; review finding 15).

``Fell.state`` is how bad (the screen's colour), ``Fell.word`` the ruleset's text key;
the sounds are listed once (``SoundName``) and the screen makes each of them.
"""

from __future__ import annotations

from typing import get_args

from game.match.effects import SOUND_NAMES, FallState, SoundName
from game.rulesets.entaria.views.effects import FALLS
from game.ui import feedback
from game.ui.locale import Translator


def test_i12_the_fall_grades_are_neutral_and_each_has_a_colour() -> None:
    grades = set(get_args(FallState))
    assert grades == {"down", "critical", "dead"}
    assert not grades & {"unconscious", "dying", "bewusstlos", "sterbend"}
    assert set(feedback.FALL_COLOURS) == grades
    assert {grade for grade, _word in FALLS.values()} == grades


def test_i12_entarias_fall_words_read_in_both_languages() -> None:
    for language, expected in (("de", "sterbend"), ("en", "dying")):
        t = Translator(language)
        words = {state: t(word) for state, (_grade, word) in FALLS.items()}
        assert all(words[state] and words[state] != word for state, (_, word) in FALLS.items())
        assert words["DYING"] == expected


def test_i12_the_sounds_are_listed_once() -> None:
    from game.ui import sounds

    assert get_args(SoundName) == SOUND_NAMES
    assert tuple(sounds.MAKERS) == SOUND_NAMES

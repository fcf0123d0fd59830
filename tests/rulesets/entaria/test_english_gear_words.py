"""Issue 12 leftovers (H12c point 1): an English screen names gear and actions in English.

Refusals met with the laser cannon, the submachine gun and the group's pool read in
English ("laser cannon", "automatic fire", "scope", "Impulse"), never the rulebook's
German words (entaria.md gives the English terms: E-ACT-VH-DAUERFEUER-1 "Automatic fire",
section 21 "Area fire", E-ACT-VH-DISTANZ-1 "scope", section 2 "Impulse"). A sweep of the
ruleset's sources checks that no English half of a two-language text names a weapon's or
armour's German catalogue name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.match.commands import Command
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.long_shot import LongShot
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.terms import WEAPON_ATTRIBUTE_ENGLISH, WeaponAttribute
from game.rulesets.entaria.views.card import card
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import CATALOGUE, foe, hero, make_battle

ROOT = Path(__file__).resolve().parents[3]
OPEN = """
..........
..........
..........
..........
..........
..........
"""

#: Words of the rulebook an English screen must not show (the playtest found these).
GERMAN_ONLY = re.compile(
    r"Dauerfeuer|Bereichsfeuer|Deckungsfeuer|Bildvergrößerer|Zielfernrohr|Distanzschuss"
    r"|Laserkanone|Maschinenpistole|Interagieren|\bImpuls\b"
)


def refusal(command: Command, equipment: tuple[str, ...] = ("laserkanone",)) -> CommandRejected:
    battle = make_battle(
        OPEN,
        [hero("likron", (0, 2), type_="likron", equipment=equipment), foe("p1", (8, 4))],
        first="likron",
    )
    with pytest.raises(CommandRejected) as caught:
        battle.apply(command)
    return caught.value


@pytest.mark.rule("I12")
@pytest.mark.parametrize(
    ("command", "equipment", "english", "german"),
    [
        (Reload("likron", "laserkanone"), ("laserkanone",), "laser cannon", "Laserkanone"),
        (  # E-ACT-VH-DAUERFEUER-1: automatic fire needs a weapon with automatic fire
            AreaFire("likron", "schrotgewehr", "AUTO_FIRE", ((3, 2),)),
            ("schrotgewehr",),
            "automatic fire",
            "Dauerfeuer",
        ),
        (  # E-AREAFIRE-1: a BEM shot needs a weapon with area fire
            AreaFire("likron", "maschinenpistole", "BEM_SHOT", ((3, 2),)),
            ("maschinenpistole",),
            "area fire",
            "Bereichsfeuer",
        ),
        (  # E-ACT-VH-DISTANZ-1: a long shot needs a scope
            LongShot("likron", "laserkanone", "p1"),
            ("laserkanone",),
            "scope",
            "Bildvergrößerer",
        ),
        (  # E-IMP-5: the pool is empty at the start
            SpendImpulse("likron", "DISTRACT", target="p1"),
            ("laserkanone",),
            "Impulse",
            "Impuls",
        ),
    ],
)
def test_refusals_read_english_in_english_and_german_in_german(
    command: Command, equipment: tuple[str, ...], english: str, german: str
) -> None:
    error = refusal(command, equipment)
    shown_en, shown_de = error.text("en"), error.text("de")
    assert english in shown_en, shown_en
    assert not GERMAN_ONLY.search(shown_en), shown_en
    assert german in shown_de, shown_de


@pytest.mark.rule("I12")
def test_the_weapon_tip_names_attributes_and_optics_in_the_screens_language() -> None:
    """E-ACT-VH-DAUERFEUER-1 / E-ACT-VH-DISTANZ-1: the card's weapon tips in English."""
    battle = make_battle(
        OPEN,
        [
            hero(
                "likron",
                (0, 2),
                type_="likron",
                equipment=("maschinenpistole", "scharfschuetzengewehr"),
            ),
            foe("p1", (8, 4)),
        ],
        first="likron",
    )
    tips = {}
    for language in ("en", "de"):
        shown = card(battle, "likron", Translator(language))
        assert shown is not None
        tips[language] = "\n".join(
            entry.tooltip for part in shown.sections for entry in part.entries
        )
    assert "automatic fire" in tips["en"] and "scope" in tips["en"]
    assert not GERMAN_ONLY.search(tips["en"]), tips["en"]
    assert "Dauerfeuer" in tips["de"] and "Zielfernrohr" in tips["de"]


@pytest.mark.rule("I12")
def test_every_weapon_attribute_has_its_english_and_the_card_keeps_the_order() -> None:
    assert set(WEAPON_ATTRIBUTE_ENGLISH) == set(WeaponAttribute)
    for weapon in CATALOGUE.weapons.values():
        assert isinstance(weapon, WeaponType)
        assert len(weapon.attribute_names_en) == len(weapon.attribute_names), weapon.key
        assert not GERMAN_ONLY.search(" ".join(weapon.attribute_names_en)), weapon.key


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [
            v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
            for v in node.values
        ]
        return "".join(str(p) for p in parts)
    if isinstance(node, ast.BinOp):
        left, right = _text(node.left), _text(node.right)
        return left + right if left is not None and right is not None else None
    return None


def _english_halves(path: Path) -> list[tuple[int, str]]:
    """Return the English of each ``say(en, de)`` and ``..._en=`` text in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = ast.unparse(node.func)
        if name == "say" and len(node.args) == 2:
            english = _text(node.args[0])
            if english is not None:
                found.append((node.lineno, english))
        for keyword in node.keywords:
            if keyword.arg and keyword.arg.endswith("_en"):
                english = _text(keyword.value)
                if english is not None:
                    found.append((node.lineno, english))
    return found


@pytest.mark.rule("I12")
def test_no_english_ruleset_text_names_german_gear_or_german_only_words() -> None:
    folder = ROOT / "game" / "rulesets" / "entaria"
    wrong = []
    for path in sorted(folder.rglob("*.py")):
        for line, english in _english_halves(path):
            if re.search(r"\b(weapon|armour)\.name\b", english) or GERMAN_ONLY.search(english):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {english!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.rule("I12")
def test_the_english_screen_texts_say_impulse() -> None:
    """Section 2 "Impulse (Impuls)": the English locale uses the English word."""
    texts = Translator("en")
    assert "Impulse" in texts("hud.impulse.title", n=3)
    english = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "assets/locale/en").glob("*.toml")
    )
    values = [line for line in english.splitlines() if "=" in line and not line.startswith("#")]
    assert not [line for line in values if GERMAN_ONLY.search(line)]

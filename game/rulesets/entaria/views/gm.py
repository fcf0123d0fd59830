"""ENTARIA's game-master commands: set LP, add and remove conditions, move any token, open
and close doors, rule the cover of the next attack, reveal and hide the fog of war by
hand, spend the GM's Impuls, end the fight.

Every offer builds one of the engine's GM commands for the creature on the card.
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.grid import Cell, Cover
from game.match.commands import Command
from game.match.views import Needs, Offer, OfferRow, Pick, Texts
from game.rulesets.entaria.commands import (
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmFog,
    GmMoveToken,
    GmSetLifePoints,
)
from game.rulesets.entaria.edge_doors import edge_door_open, edge_doors_around, has_edge_doors
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.impulse_actions import GmSpendImpulse
from game.rulesets.entaria.queries.targets import cover_override
from game.rulesets.entaria.rules.impulse import ImpulseEffect
from game.rulesets.entaria.rules.terms import Condition, in_language, say
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views.impulse import effect_offers
from game.rulesets.entaria.views.terms import condition_name

LP_STEPS = (-5, -1, 1, 5)
COVERS = (Cover.NONE, Cover.PARTIAL, Cover.FULL)


def _sends(command: Command) -> Callable[[Pick], Command]:
    return lambda _pick: command


def gm_commands(battle: Battle, subject: str | None, t: Texts) -> tuple[OfferRow, ...]:
    """Return the rows of the GM panel for creature ``subject`` (None: nobody chosen)."""
    creature = battle.state.creatures.get(subject) if subject else None
    return (
        _lp_row(creature, t),
        OfferRow((_add(creature, t), _remove(creature, t))),
        OfferRow((_move(t), _door(battle, t))),
        _cover_row(battle, creature, t),
        _fog_row(battle, t),
        OfferRow((_impulse(battle, creature, t), _end(battle, t))),
    )


#: The GM's fog tools: (key, what GmFog.reveal becomes).
FOG_MODES: tuple[tuple[str, bool | None], ...] = (
    ("reveal", True),
    ("hide", False),
    ("reset", None),
)


def _fog_row(battle: Battle, t: Texts) -> OfferRow:
    """Reveal or hide fields by hand, or give them back to sight, for a side or all (GmFog)."""
    offers = []
    for mode, reveal in FOG_MODES:
        choices = [_fog_paint(mode, reveal, (), t("gm_fog.all_sides"), t)]
        choices += [
            _fog_paint(mode, reveal, (key,), side.name, t) for key, side in battle.sides.items()
        ]
        offers.append(
            Offer(
                f"gm:fog:{mode}",
                t(f"gm_fog.{mode}"),
                tooltip=t(f"gm_fog.{mode}_tip"),
                needs=Needs.CHOICE,
                choices=tuple(choices),
                prompts=(t(f"gm_fog.{mode}_title"),),
            )
        )
    # no row label: three buttons need the row's whole width to say what they do
    return OfferRow(tuple(offers), key="gm:fog")


def _fog_paint(
    mode: str, reveal: bool | None, sides: tuple[str, ...], whom: str, t: Texts
) -> Offer:
    def make(pick: Pick) -> Command | str:
        if not pick.cells:
            return t("gm_fog.nothing")
        return GmFog(None, tuple(pick.cells), reveal, sides)

    suffix = ":".join(sides) or "all"
    return Offer(
        f"gm:fog:{mode}:{suffix}",
        whom,
        needs=Needs.FIELDS,
        make=make,
        prompts=(t(f"gm_fog.{mode}_prompt", whom=whom),),
    )


def _needs_creature(key: str, label: str, t: Texts) -> Offer:
    need = t("hud.gm.need_creature")
    return Offer(key, label, False, reason=need, tooltip=need)


def _lp_row(creature: CreatureState | None, t: Texts) -> OfferRow:
    offers = []
    for step in LP_STEPS:
        key, label = f"gm:lp:{step:+d}", f"{step:+d}"
        if creature is None:
            offers.append(_needs_creature(key, label, t))
            continue
        command = GmSetLifePoints(None, creature.key, creature.lp + step)
        tip = t("hud.gm.lp_tip", step=f"{step:+d}")
        offers.append(Offer(key, label, tooltip=tip, make=_sends(command)))
    text = t("hud.gm.lp", lp=creature.lp) if creature else t("hud.gm.lp_none")
    return OfferRow(tuple(offers), text)


def _add(creature: CreatureState | None, t: Texts) -> Offer:
    label = t("hud.gm.add")
    if creature is None:
        return _needs_creature("gm:add", label, t)
    items = tuple(
        Offer(
            f"gm:add:{c.name}",
            condition_name(c, t),
            make=_sends(GmCondition(None, creature.key, c.name, 1)),
        )
        for c in sorted(Condition, key=lambda c: condition_name(c, t))
    )
    title = t("hud.gm.add_title", name=creature.name)
    return Offer(
        "gm:add",
        label,
        tooltip=t("hud.gm.add_tip"),
        needs=Needs.CHOICE,
        choices=items,
        prompts=(title,),
        columns=3,
    )


def _remove(creature: CreatureState | None, t: Texts) -> Offer:
    label = t("hud.gm.remove")
    if creature is None:
        return _needs_creature("gm:remove", label, t)
    items = tuple(
        Offer(
            f"gm:remove:{c.name}",
            condition_name(c, t),
            make=_sends(GmCondition(None, creature.key, c.name, 0)),
        )
        for c in sorted(creature.conditions, key=lambda c: c.name)
    )
    tip = t("hud.gm.remove_tip")
    return Offer(
        "gm:remove",
        label,
        bool(creature.conditions),
        reason=tip,
        tooltip=tip,
        needs=Needs.CHOICE,
        choices=items,
        prompts=(t("hud.gm.remove_title", name=creature.name),),
    )


def _move(t: Texts) -> Offer:
    def make(pick: Pick) -> Command:
        assert pick.creature is not None and pick.cell is not None
        return GmMoveToken(None, pick.creature, pick.cell)

    return Offer(
        "gm:move",
        t("hud.gm.move"),
        tooltip=t("hud.gm.move_tip"),
        needs=Needs.CREATURE_FIELD,
        make=make,
        prompts=(t("hud.gm.move_pick"), t("hud.gm.move_to")),
    )


def _door(battle: Battle, t: Texts) -> Offer:
    def make(pick: Pick) -> Command | str:
        cell: Cell | None = pick.cell
        grid = battle.grid
        if cell is None or not grid.in_bounds(cell):
            return t("hud.gm.no_door")
        if grid.is_door(cell):
            return GmDoor(None, cell, not grid.is_door_open(cell))
        # a door on a field edge (D-13): the one on the clicked field's border
        across = edge_doors_around(grid, cell)
        if len(across) == 1:
            return GmDoor(None, cell, not edge_door_open(grid, cell, across[0]), edge_to=across[0])
        if not across:
            return t("hud.gm.no_door")
        return in_language(
            say(
                "several doors border this field; click the field across the one you mean",
                "an diesem Feld liegen mehrere Türen; klicke das Feld hinter der gemeinten",
            ),
            t.language,
        )

    prompt = t("hud.gm.door_pick")
    if has_edge_doors(battle.grid):  # D-13: an edge door is picked by a field beside it
        prompt = in_language(
            say(
                "Door: click a door field, or a field beside a door on a field edge (Esc cancels)",
                "Tür: ein Türfeld anklicken oder ein Feld neben einer Tür auf einer "
                "Feldkante (Esc bricht ab)",
            ),
            t.language,
        )
    return Offer(
        "gm:door",
        t("hud.gm.door"),
        tooltip=t("hud.gm.door_tip"),
        needs=Needs.FIELD,
        make=make,
        prompts=(prompt,),
    )


def _cover_row(battle: Battle, creature: CreatureState | None, t: Texts) -> OfferRow:
    """The cover of the next attack of the current creature at the card's creature (D-9)."""
    attacker = battle.current if battle.state.order else None
    override = None
    if creature is not None and attacker is not None and attacker.key != creature.key:
        override = cover_override(battle, attacker.key, creature.key)
    else:
        attacker = None
    offers = []
    for cover in COVERS:
        key, label = f"gm:cover:{cover.name}", t(f"hud.cover.{cover.name}")
        if attacker is None or creature is None:
            need = t("hud.gm.cover_need")
            offers.append(Offer(key, label, False, reason=need, tooltip=need))
            continue
        tip = t(
            "hud.gm.cover_tip",
            attacker=attacker.name,
            target=creature.name,
            cover=t(f"hud.cover.{cover.name}"),
        )
        command = GmCoverOverride(None, attacker.key, creature.key, cover.name)
        selected = override is not None and override.name == cover.name
        offers.append(Offer(key, label, tooltip=tip, selected=selected, make=_sends(command)))
    return OfferRow(tuple(offers), t("hud.gm.cover"))


def _impulse(battle: Battle, creature: CreatureState | None, t: Texts) -> Offer:
    label = t("hud.gm.impulse")
    if creature is None:
        return _needs_creature("gm:impulse", label, t)
    key = creature.key

    def command_for(
        effect: ImpulseEffect, target: str | None, cell: Cell | None, roll: int | None
    ) -> Command:
        return GmSpendImpulse(None, key, effect.name, target=target, cell=cell, roll=roll)

    return Offer(
        "gm:impulse",
        label,
        tooltip=t("hud.gm.impulse_tip"),
        needs=Needs.CHOICE,
        choices=effect_offers(battle, t, command_for, None, None),
        prompts=(t("hud.gm.impulse_title", name=creature.name),),
    )


def _end(battle: Battle, t: Texts) -> Offer:
    items = [
        Offer(f"gm:end:{key}", side.name, make=_sends(GmEndFight(None, key)))
        for key, side in battle.sides.items()
    ]
    items.append(Offer("gm:end:none", t("hud.gm.no_winner"), make=_sends(GmEndFight(None, None))))
    tip = t("hud.gm.end_tip")
    return Offer(
        "gm:end",
        t("hud.gm.end"),
        not battle.state.over,
        reason=tip,
        tooltip=tip,
        needs=Needs.CHOICE,
        choices=tuple(items),
        prompts=(t("hud.gm.end_title"),),
    )

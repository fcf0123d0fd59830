"""The built-in opponent: a simple, deterministic policy for any creature.

Stabilise a dying ally within melee reach when the creature carries a Medkit
(``UseAction`` STABILIZE, E-ACT-VH-STABILISIEREN-1), strike an enemy in reach, shoot
in the best range band, prefer fields with cover from the enemies when it moves to
shoot, advance on the nearest visible enemy, run when nothing else helps, end the turn
otherwise. Every rule is asked of ``game.rulesets.entaria.rules`` and ``game.rulesets.entaria.combat``; the
policy only ranks the answers.

The policy draws no random numbers of its own: given the same state it chooses the
same command, so a simulated match depends on its seed alone. It avoids taking the
same action twice in a turn (that would make the creature Wehrlos, E-ACT-6).
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from game.board.grid import BattleGrid, Cell, Cover, distance
from game.board.movement import find_path, path_cost, reachable
from game.board.sight import cover, line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.basic_actions import (
    enemy_reach,
    move_allowance,
    movement_profile,
    unclimbable_cells,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import UNARMED, AttackPlan, affinity_of, armour_of, plan_attack
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import Attack, ChangePosition, EndTurn, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.queries.targets import target_marks
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.damage import damage_from_die
from game.rulesets.entaria.rules.movement import disengage_required
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState, Stance
from game.rulesets.entaria.support_actions import Interact, UseAction

#: How many fields a move of the policy looks at when it wants cover (closest first).
MAX_COVER_CANDIDATES = 48
#: How many enemies (nearest first) the cover of a field is measured against.
MAX_THREATS = 3
_UNSEEN = {Condition.INVISIBLE}


# ------------------------------------------------------------ commands
def build_command(cls: type[Command], actor: str, **values: object) -> Command | None:
    """Return ``cls(actor, **values)`` with the values whose fields it has (None: cannot)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {name: value for name, value in values.items() if name in fields}
    for name, f in fields.items():
        if name == "actor" or name in kwargs:
            continue
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            return None
    try:
        return cls(actor=actor, **kwargs)
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------- helpers
@dataclass(frozen=True)
class _Shot:
    """A ranged attack the policy could make, with what makes it better or worse."""

    plan: AttackPlan
    score: tuple[int, int, int, int, str]


def _spent(battle: Battle) -> set[Action]:
    return set(battle.state.budget.actions)


def _can(battle: Battle, action: Action) -> bool:
    """Return whether ``action`` fits the budget and was not taken yet (no Wehrlos)."""
    allowed, _ = battle.state.budget.can_spend(action)
    return allowed and action not in _spent(battle)


def _targets(battle: Battle, creature: CreatureState) -> list[CreatureState]:
    """Return the enemies worth attacking: in the fight and targetable, nearest first."""
    found = [
        enemy
        for enemy in battle.enemies_of(creature)
        if not enemy.out_of_fight
        and not (battle.held_conditions(enemy) & _UNSEEN)
        and not battle.is_hidden_from(enemy, creature.key)  # Unentdeckt per observer
    ]
    return sorted(found, key=lambda e: (distance(creature.cell, e.cell), e.key))


def _others(battle: Battle, *exclude: str) -> list[Cell]:
    return [
        c.cell
        for c in battle.state.creatures.values()
        if c.key not in exclude and Condition.DEAD not in c.conditions
    ]


def _ranged_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    """Return the held weapons the policy may fire at a creature: ranged and loaded."""
    weapons = []
    for key in creature.held:
        weapon = battle.catalogue.weapons.get(key)
        if weapon is None or not weapon.ranged or weapon.targets_field:
            continue
        if weapon.has_magazine and creature.magazines.get(key, 0) <= 0:
            continue
        weapons.append(weapon)
    return sorted(weapons, key=lambda w: (-w.damage_value, w.key))


def _melee_options(battle: Battle, creature: CreatureState) -> list[str]:
    """Return the weapon keys for a melee attack, best first; bare hands last."""
    weapons = [
        battle.catalogue.weapons[key]
        for key in creature.held
        if key in battle.catalogue.weapons and battle.catalogue.weapons[key].melee
    ]
    keys = [w.key for w in sorted(weapons, key=lambda w: (-w.damage_value, w.key))]
    return [*keys, UNARMED]


def _has_medkit(battle: Battle, creature: CreatureState) -> bool:
    items = battle.catalogue.items
    return any(key in items and items[key].medkit for key in (*creature.held, *creature.carried))


def _shot_score(plan: AttackPlan, edge: int, failure: bool) -> tuple[int, int, int, int, str]:
    """Rank a shot: automatic failure last, then the engine's edge, cover, LP, distance, key.

    ``edge`` is what the attack roll would get (``queries.target_marks``: band, cover,
    and the target's conditions such as Wehrlos or Liegend, D-2), so a target the
    attack has Vorteil against comes first.
    """
    return (
        -edge + (100 if failure else 0),
        int(plan.cover),
        plan.target.lp,
        distance(plan.attacker.cell, plan.target.cell),
        plan.target.key,
    )


def _best_shot(battle: Battle, creature: CreatureState) -> _Shot | None:
    best: _Shot | None = None
    targets = _targets(battle, creature)
    if not targets:
        return None
    keys = [t.key for t in targets]
    for weapon in _ranged_weapons(battle, creature):
        marks = target_marks(battle, creature.key, weapon.key, only=keys)
        for enemy in targets:
            mark = marks.get(enemy.key)
            if mark is None or not mark.attackable or mark.edge is None:
                continue
            try:
                plan = plan_attack(battle, creature, enemy, weapon, melee=False)
            except CommandRejected:
                continue
            shot = _Shot(plan, _shot_score(plan, mark.edge, mark.automatic_failure))
            if best is None or shot.score < best.score:
                best = shot
    return best


def _finishes(battle: Battle, plan: AttackPlan) -> bool:
    """Return whether any hit of the shot (the w6 rolls at least 1) takes the target to 0 LP."""
    weapon = plan.weapon
    if weapon is None:
        return False
    armour = armour_of(battle, plan.target, cover=plan.cover, melee=False)
    # the rules' damage: armour floors at 0 and the affinity counts (E-DMG-2, E-RES-1..4)
    least = damage_from_die(
        weapon.damage_value,
        1,
        armour=armour,
        affinity=affinity_of(battle, plan.target, weapon),
    ).final
    return least > 0 and plan.target.lp <= least


def _best_strike(battle: Battle, creature: CreatureState) -> Attack | None:
    """Return the melee attack with the most edge (Wehrlos, Liegend ...), nearest first."""
    near = [e for e in _targets(battle, creature) if distance(creature.cell, e.cell) <= 3]
    if not near:
        return None  # reach beyond 3 fields does not occur
    keys = [e.key for e in near]
    best: tuple[tuple[int, int, int], Attack] | None = None
    for key in _melee_options(battle, creature):
        weapon = None if key == UNARMED else battle.catalogue.weapons[key]
        action = Action.UNARMED_ATTACK if weapon is None else Action.MELEE_ATTACK
        if not _can(battle, action):
            continue
        marks = target_marks(battle, creature.key, key, only=keys)
        for rank, enemy in enumerate(near):
            mark = marks.get(enemy.key)
            if mark is None or not mark.attackable or not mark.melee or mark.edge is None:
                continue
            try:
                plan_attack(battle, creature, enemy, weapon, melee=True)
            except CommandRejected:
                continue
            score = (-mark.edge + (100 if mark.automatic_failure else 0), enemy.lp, rank)
            if best is None or score < best[0]:
                best = (score, Attack(creature.key, enemy.key, key))
        if best is not None:
            return best[1]  # the best weapon that reaches anybody
    return None


# ----------------------------------------------------------------- movement
@dataclass(frozen=True)
class _Mover:
    """What every move of one creature this turn shares: occupied fields and costs."""

    battle: Battle
    creature: CreatureState
    enemies: list[Cell]
    allies: list[Cell]

    @classmethod
    def of(cls, battle: Battle, creature: CreatureState) -> _Mover:
        # fields the Move handler refuses to enter (a climb without two free hands,
        # E-TERRAIN-CLIMB-1) are searched around like enemy fields
        blocked = unclimbable_cells(battle, creature)
        return cls(
            battle,
            creature,
            [c.cell for c in battle.enemies_of(creature)] + blocked,
            [c.cell for c in battle.allies_of(creature)],
        )

    def costs(self, budget: int | None) -> dict[Cell, int]:
        return reachable(
            self.battle.grid,
            self.creature.cell,
            budget,
            enemies=self.enemies,
            allies=self.allies,
            cost_model=movement_profile(self.battle, self.creature),
        )

    def path_to(self, goal: Cell) -> list[Cell] | None:
        return find_path(
            self.battle.grid,
            self.creature.cell,
            goal,
            enemies=self.enemies,
            allies=self.allies,
            cost_model=movement_profile(self.battle, self.creature),
        )

    def allowance(self, action: Action, path: list[Cell]) -> int:
        kind = self.battle.creature_type(self.creature)
        halved = disengage_required(
            action,
            path,
            enemy_reach(self.battle, self.creature),
            move_types=kind.move_types.keys(),
        )
        return move_allowance(self.battle, self.creature, action, halved=halved)

    def move(self, action: Action, path: list[Cell]) -> Move | None:
        """Return the move along the longest affordable prefix of ``path`` (or None)."""
        if len(path) < 2:
            return None
        allowance = self.allowance(action, path)
        profile = movement_profile(self.battle, self.creature)
        end = 1
        while end + 1 < len(path):
            try:
                cost = path_cost(
                    self.battle.grid,
                    path[: end + 2],
                    enemies=self.enemies,
                    allies=self.allies,
                    cost_model=profile,
                )
            except ValueError:
                break
            if cost > allowance:
                break
            end += 1
        # a move never ends on another creature's field (E-OBST-2)
        while end >= 1 and self.battle.state.creature_at(path[end]) is not None:
            end -= 1
        if end < 1:
            return None
        prefix = path[: end + 1]
        try:
            cost = path_cost(
                self.battle.grid,
                prefix,
                enemies=self.enemies,
                allies=self.allies,
                cost_model=profile,
            )
        except ValueError:
            return None
        if cost > self.allowance(action, prefix):
            return None
        return Move(self.creature.key, action.name, tuple(prefix))


def _approach_goal(mover: _Mover, targets: list[CreatureState]) -> list[Cell] | None:
    """Return the cheapest path to a field next to one of ``targets`` (visible ones first)."""
    battle, creature = mover.battle, mover.creature
    costs = mover.costs(None)
    visible = [t for t in targets if line_of_sight(battle.grid, creature.cell, t.cell)]
    for group in (visible, targets):
        best: tuple[int, Cell] | None = None
        for target in group:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    cell = (target.cell[0] + dx, target.cell[1] + dy)
                    if cell in costs and (best is None or (costs[cell], cell) < best):
                        best = (costs[cell], cell)
        if best is not None:
            if best[1] == creature.cell:
                return None
            return mover.path_to(best[1])
    return None


def _cover_mask(battle: Battle) -> np.ndarray:
    """Return the fields next to a field that gives cover (where cover can be had)."""
    solid = (battle.grid.cover > 0) | battle.grid.blocks_sight
    padded = np.pad(solid, 1)
    near = np.zeros_like(solid)
    height, width = solid.shape
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            near |= padded[dy : dy + height, dx : dx + width]
    return near


def _protection(battle: Battle, field: Cell, threats: list[CreatureState], mover: str) -> int:
    """Return the worst cover ``field`` has against ``threats`` (no sight counts as full)."""
    worst = int(Cover.FULL)
    for enemy in threats:
        others = _others(battle, enemy.key, mover)
        level = cover(battle.grid, enemy.cell, field, creatures=others)
        worst = min(worst, int(Cover.FULL if level is None else level))
    return worst


def _shooting_move(
    battle: Battle,
    creature: CreatureState,
    mover: _Mover,
    approach: list[Cell] | None,
    *,
    will_shoot: bool,
) -> Move | None:
    """Return a walk to the field with the best shot and the best cover (or None)."""
    weapons = _ranged_weapons(battle, creature)
    targets = _targets(battle, creature)
    if not weapons or not targets:
        return None
    weapon = weapons[0]
    allowance = move_allowance(battle, creature, Action.WALK, halved=False)
    costs = mover.costs(allowance)
    near_cover = _cover_mask(battle)
    fields = sorted(
        (cell for cell in costs if near_cover[cell[1], cell[0]] or cell == creature.cell),
        key=lambda c: (costs[c], c),
    )[:MAX_COVER_CANDIDATES]
    # the open field where the approach leads is a candidate too (open ground has no cover)
    if approach is not None and will_shoot:
        fields += [cell for cell in approach[1:] if cell in costs and cell not in fields]
    threats = targets[:MAX_THREATS]

    def rank(field: Cell) -> tuple[int, int, int, Cell]:
        shot_edge = -9
        if will_shoot:
            for enemy in targets:
                band = range_band(distance(field, enemy.cell))
                if not weapon.fires_at(band):
                    continue
                assert band is not None
                level = cover(battle.grid, field, enemy.cell, creatures=_others(battle, enemy.key))
                if level is None:
                    continue
                shot_edge = max(shot_edge, band.edge + cover_bonus(level).attacker_edge)
        return (shot_edge, _protection(battle, field, threats, creature.key), -costs[field], field)

    here = rank(creature.cell)
    ranked = max(rank(field) for field in fields) if fields else here
    best = ranked[3]
    if ranked[:2] <= here[:2] or best == creature.cell:
        return None
    path = mover.path_to(best)
    return None if path is None else mover.move(Action.WALK, path)


#: The last grid asked about (a weak reference: an id can be reused by another grid),
#: its version and its copy with the doors open.
_DOORS_OPEN: dict[str, tuple[weakref.ref[BattleGrid], int, BattleGrid | None]] = {}


def _doors_open(grid: BattleGrid) -> BattleGrid | None:
    """Return a copy of ``grid`` with every closed door open (None: no closed door).

    Used only to plan a route: the creature walks to the first closed door on it and
    opens it with Interagieren (E-ACT-HH-INTERAGIEREN). One copy per grid version.
    """
    cached = _DOORS_OPEN.get("grid")
    if cached is not None and cached[0]() is grid and cached[1] == grid.version:
        return cached[2]
    closed = np.argwhere(grid.door & ~grid.door_open)
    opened: BattleGrid | None = None
    if len(closed):
        opened = grid.copy()
        for y, x in closed:
            opened.set_door_open((int(x), int(y)), True)
    _DOORS_OPEN["grid"] = (weakref.ref(grid), grid.version, opened)
    return opened


def _door_route(mover: _Mover, targets: list[CreatureState]) -> Iterator[Command]:
    """Yield the steps toward ``targets`` through closed doors: open the next, else walk."""
    battle, creature = mover.battle, mover.creature
    opened = _doors_open(battle.grid)
    if opened is None or not targets:
        return
    profile = movement_profile(battle, creature)
    costs = reachable(
        opened,
        creature.cell,
        None,
        enemies=mover.enemies,
        allies=mover.allies,
        cost_model=profile,
    )
    best: tuple[int, Cell] | None = None
    for target in targets:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                cell = (target.cell[0] + dx, target.cell[1] + dy)
                if cell in costs and (best is None or (costs[cell], cell) < best):
                    best = (costs[cell], cell)
    if best is None or best[1] == creature.cell:
        return
    path = find_path(
        opened,
        creature.cell,
        best[1],
        enemies=mover.enemies,
        allies=mover.allies,
        cost_model=profile,
    )
    if path is None:
        return
    grid = battle.grid
    door = next(
        (i for i, c in enumerate(path) if grid.door[c[1], c[0]] and not grid.door_open[c[1], c[0]]),
        None,
    )
    if door is None:
        return
    if door == 1 and _can(battle, Action.INTERACT):
        yield Interact(creature.key, "open_door", cell=path[1])
        return
    if _can(battle, Action.WALK):
        walk = mover.move(Action.WALK, path[:door])
        if walk is not None:
            yield walk


def _safe_advance(
    battle: Battle, creature: CreatureState, mover: _Mover, path: list[Cell]
) -> Move | None:
    """Return a walk along ``path`` that stops before any enemy's melee reach (or None)."""
    zones = enemy_reach(battle, creature)
    end = 1
    while end < len(path) and not any(path[end] in zone for zone in zones):
        end += 1
    if end < 2:
        return None
    return mover.move(Action.WALK, path[:end])


# -------------------------------------------------------------------- choosing
def candidates(battle: Battle) -> Iterator[Command]:
    """Yield the current creature's sensible commands, best first, ending with EndTurn.

    The turn is used whole: walk to a better field and shoot, or shoot and then duck
    into cover (or advance, short of the enemies' reach, from open ground). A second
    shot would repeat the action and make the shooter Wehrlos (E-ACT-6): only to finish
    a target. Without a target in sight the creature advances on the nearest known
    enemy, opening closed doors on the way.
    """
    creature = battle.current
    if battle.state.over:
        yield EndTurn(creature.key)
        return
    yield from _stabilise(battle, creature)
    lying = creature.stance is Stance.PRONE or Condition.PRONE in creature.conditions
    if lying and _can(battle, Action.CHANGE_POSITION):
        yield ChangePosition(creature.key, Stance.STANDING.value)  # Liegend helps the enemy
    yield from _reload(battle, creature)
    strike = _best_strike(battle, creature)
    if strike is not None:
        yield strike
    mover = _Mover.of(battle, creature)
    in_reach = any(creature.cell in zone for zone in enemy_reach(battle, creature))
    shot = _best_shot(battle, creature)
    can_shoot = _can(battle, Action.RANGED_ATTACK)
    can_walk = not in_reach and _can(battle, Action.WALK)
    targets = _targets(battle, creature)
    path = _approach_goal(mover, targets) if targets and can_walk else None
    if shot is not None and can_shoot:
        if can_walk and battle.state.budget.halves_left >= 2:
            # a field with better cover or a better band first, when one is in walking reach
            better = _shooting_move(battle, creature, mover, path, will_shoot=True)
            if better is not None:
                yield better
        weapon = shot.plan.weapon
        assert weapon is not None
        yield Attack(creature.key, shot.plan.target.key, weapon.key)
    yield from _throw(battle, creature)
    shot_already = Action.RANGED_ATTACK in _spent(battle)
    if shot is not None and shot_already and _finishes(battle, shot.plan):
        weapon = shot.plan.weapon
        assert weapon is not None
        yield Attack(creature.key, shot.plan.target.key, weapon.key)  # Wehrlos, but it ends him
    if not can_walk or not targets:
        if targets and not in_reach and shot is None:
            yield from _door_route(mover, targets)  # after a walk: open the door reached
        yield EndTurn(creature.key)
        return
    if _ranged_weapons(battle, creature):
        # shoot from a better field, or (already shot) duck into cover
        move = _shooting_move(battle, creature, mover, path, will_shoot=can_shoot)
        if move is not None:
            yield move
        if shot is not None:
            if path is not None and _protection(
                battle, creature.cell, targets[:MAX_THREATS], creature.key
            ) == int(Cover.NONE):
                advance = _safe_advance(battle, creature, mover, path)
                if advance is not None:
                    yield advance
            yield EndTurn(creature.key)
            return
    if path is not None:
        walk = mover.move(Action.WALK, path)
        arrives = walk is not None and walk.path[-1] == path[-1]
        if not arrives and not battle.state.budget.spent and _can(battle, Action.RUN):
            run = mover.move(Action.RUN, path)
            if run is not None:
                yield run
        if walk is not None:
            yield walk
    else:
        yield from _door_route(mover, targets)
    yield EndTurn(creature.key)


def _in_reach(battle: Battle, creature: CreatureState, other: CreatureState) -> bool:
    """Return whether ``other`` stands within the creature's melee reach (E-REACH-2)."""
    kind = battle.creature_type(creature)
    return in_melee_reach(
        creature.cell,
        other.cell,
        attacker_side=kind.size_fields,
        target_side=battle.creature_type(other).size_fields,
        reach=kind.reach,
    )


def _stabilise(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield Stabilisieren of each dying ally within reach, the lowest LP first.

    Stabilisieren is a VH that needs a Medkit and a Sterbend target (E-ACT-VH-STABILISIEREN-1);
    success turns Sterbend into Stabiles Koma (E-ACT-VH-STABILISIEREN-2). The ally
    nearest to death (E-LP-4) comes first; ties by key, so the choice is deterministic.
    """
    if not _has_medkit(battle, creature) or not _can(battle, Action.STABILIZE):
        return
    dying = [
        ally
        for ally in battle.allies_of(creature)
        if Condition.DYING in ally.conditions
        and Condition.STABLE_COMA not in ally.conditions
        and _in_reach(battle, creature, ally)
    ]
    for ally in sorted(dying, key=lambda a: (a.lp, a.key)):
        yield UseAction(creature.key, Action.STABILIZE.name, target=ally.key)


def _throw(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield a throw of a held area weapon (grenade) at an enemy's field, far from allies.

    A ThrowAtField command (E-THROW-2). Allies within the blast radius
    plus one field (a miss scatters, D-7) rule a target out.
    """
    throw = COMMANDS["throw_at_field"]
    if not _can(battle, Action.THROW_ATTACK):
        return
    grenades = [
        battle.catalogue.weapons[key]
        for key in creature.held
        if key in battle.catalogue.weapons and battle.catalogue.weapons[key].targets_field
    ]
    allies = [a.cell for a in battle.allies_of(creature)] + [creature.cell]
    for weapon in sorted(grenades, key=lambda w: w.key):
        margin = int(weapon.area_size or 1) + 2
        for enemy in _targets(battle, creature):
            band = range_band(distance(creature.cell, enemy.cell))
            if not weapon.fires_at(band):
                continue
            if any(distance(cell, enemy.cell) <= margin for cell in allies):
                continue
            if not line_of_sight(battle.grid, creature.cell, enemy.cell):
                continue
            command = build_command(throw, creature.key, weapon=weapon.key, target=enemy.cell)
            if command is not None:
                yield command
                return


def _reload(battle: Battle, creature: CreatureState) -> Iterator[Command]:
    """Yield a reload of an empty held weapon (a Reload command, Interagieren)."""
    if _ranged_weapons(battle, creature):
        return
    reload = COMMANDS["reload"]
    if not _can(battle, Action.INTERACT):
        return
    for key in creature.held:
        weapon = battle.catalogue.weapons.get(key)
        if weapon is not None and weapon.has_magazine and creature.magazines.get(key, 0) <= 0:
            command = build_command(reload, creature.key, weapon=key)
            if command is not None:
                yield command


def choose_command(battle: Battle) -> Command:
    """Return the current creature's next command: the best candidate the engine accepts.

    Each candidate is tried on a scratch copy of the match (the copy shares the
    catalogue and the set-up), so the command returned is one ``battle.apply`` accepts;
    the last resort is EndTurn.
    """
    for command in candidates(battle):
        if isinstance(command, EndTurn) or _accepted(battle, command):
            return command
    return EndTurn(battle.current.key)


def _accepted(battle: Battle, command: Command) -> bool:
    from game.rulesets.entaria.clone import clone_battle

    try:
        clone_battle(battle).apply(command)
    except CommandRejected:
        return False
    return True


def play_step(battle: Battle) -> tuple[Command, list[Event]]:
    """Apply the current creature's best accepted command; return it with its events.

    Candidates are tried on the battle itself: a refused command changes nothing.
    """
    for command in candidates(battle):
        try:
            return command, battle.apply(command)
        except CommandRejected:
            continue
    command = EndTurn(battle.current.key)
    return command, battle.apply(command)


# ------------------------------------------------------------------ simulation
@dataclass(frozen=True)
class Outcome:
    """How a simulated match ended."""

    over: bool
    winner: str | None
    rounds: int
    commands: int
    reason: str  # "fight over" or "round limit"


def simulate(
    battle: Battle,
    *,
    max_rounds: int = 30,
    apply: Callable[[Command], list[Event]] | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
) -> Outcome:
    """Play both sides with the policy until the fight is over or ``max_rounds`` ended.

    ``apply`` is where commands go (default ``battle.apply``; a Match's ``apply`` records
    undo steps and autosaves); ``on_events`` sees every command's events (the log).
    """
    send = apply or battle.apply
    limit = max(1, max_rounds) * max(1, len(battle.state.order)) * 8 + 8
    count = 0
    while not battle.state.over and battle.state.round <= max_rounds and count < limit:
        events: list[Event] | None = None
        for command in candidates(battle):
            try:
                events = send(command)
            except CommandRejected:
                continue
            break
        if events is None:  # pragma: no cover - EndTurn is accepted while the fight goes on
            break
        count += 1
        if on_events is not None:
            on_events(events)
    return Outcome(
        over=battle.state.over,
        winner=battle.state.winner,
        rounds=min(battle.state.round, max_rounds),
        commands=count,
        reason="fight over" if battle.state.over else "round limit",
    )

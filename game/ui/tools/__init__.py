"""What a click on the map means right now: select, move, attack, throw, template, area fire.

Contract with the scene: ``Tool.handle(event) -> bool`` (consumed), ``Tool.draw_under``
(overlays under the tokens), ``Tool.draw_over`` (paths, labels over the tokens),
``Tool.cancel()``, ``Tool.name``; ``begin_action(scene, action) -> Tool | None`` picks the
tool for an action of the action bar (None: the action was sent as a command at once or
is not available; the reason is shown in the HUD).

Every answer comes from ``game.rulesets.entaria.queries`` (through
``overlays_rules.layers_of``, cached per change of the match) and from
``Battle.legal_actions``; every change is a command sent with ``scene.send``. The tools
compute no rule. They see the battle screen only as a ``game.ui.host.MapHost``, which knows
creatures by key and as the views' pieces: ``overlays_rules.creature_at`` and
``selected_creature`` look up ENTARIA's creature.

One module per tool family: ``base`` (Tool, the base with the select tool's clicks,
PopupMenu), ``select`` (SelectTool, the default tool: its keys and hand-overs),
``move_overlay`` (the Gehen overlay), ``move``, ``attack``, ``throw``, ``template``,
``area_fire``, ``targets`` (TargetTool, MenuTool), ``action_menus`` (the generic actions'
menus and prompts), ``begin`` (``begin_action`` and the action -> tool table) and ``bench``
(``overlay_bench_setup``). The default tool's clicks are described in ``base``, its keys in
``select``.

Decisions (where the brief left a choice):
- Attacks from the action bar: Nahkampf, Fernkampf, Wurfangriff at a creature, Gezielter
  Angriff, Distanzschuss, Waffenloser Kampf (option from a menu first), Rundumschlag
  (click up to ACTIONS' max_targets enemies, Enter), Mehrfachangriff (one click per held
  weapon, in hand order; it fires when every weapon has a target, Enter earlier) and
  Zurückdrängen (target, then the field). The weapon bar at the bottom of the map (or E)
  picks the weapon; a Bereichsfeuer weapon offers area fire (BEM_SHOT) from there.
- Area fire in two steps (D-6): the player chooses the area (AreaFireRoll: the engine
  rolls the check and the total), then paints the rolled total onto the declared fields
  (PlaceAreaFire). While a rolled total waits, the select tool goes straight back to
  painting it (a scene opened after a load or an undo too); Esc cannot take the roll
  back (the end of the turn places the engine's suggestion). The chosen fields are
  declared in the order they were chosen, the order that suggestion fills them in.
- Generic actions: a UseAction asks for a creature when the catalogue's RollSpec rolls
  against a creature's Rettungswert or a precondition names a target (plus Helfen,
  Gegner studieren, Stabilisieren, Wiederbeleben); Erste Hilfe, Stehlen and Verbergen
  take one optionally (Enter: none). A ZW the game master sets (RollSpec.against None)
  is picked from a menu; Abwarten's event and Rufen's words from short preset menus.
"""

from __future__ import annotations

from game.ui.popup import MenuItem
from game.ui.tools.area_fire import AreaFireTool
from game.ui.tools.attack import AttackTool
from game.ui.tools.base import PopupMenu, Tool
from game.ui.tools.begin import begin_action
from game.ui.tools.bench import BenchTool, overlay_bench_setup
from game.ui.tools.move import MoveTool
from game.ui.tools.select import SelectTool
from game.ui.tools.targets import MenuTool, TargetTool
from game.ui.tools.template import TemplateTool
from game.ui.tools.throw import ThrowTool

__all__ = [
    "AreaFireTool",
    "AttackTool",
    "BenchTool",
    "MenuItem",
    "MenuTool",
    "MoveTool",
    "PopupMenu",
    "SelectTool",
    "TargetTool",
    "TemplateTool",
    "ThrowTool",
    "Tool",
    "begin_action",
    "overlay_bench_setup",
]

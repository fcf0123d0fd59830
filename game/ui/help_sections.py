"""What the help overlay (F1) lists: its sections and their items, as keys of ``menus.help``."""

from __future__ import annotations

#: Sections of the help: (section, its items), each a key of ``menus.help``.
HelpSections = tuple[tuple[str, tuple[str, ...]], ...]

#: The shortcuts the battle scene (scenes/battle.py) and the HUD (number keys) react to,
#: with ENTARIA's map tools (the title screen's help shows them all).
HELP_SECTIONS: HelpSections = (
    ("map", ("pan_drag", "pan_keys", "zoom_wheel", "zoom_keys", "fit", "true_size", "ping")),
    (
        "turn",
        ("select", "drag_move", "actions", "groups", "end_turn", "skip_opponent", "undo", "redo"),
    ),
    ("overlays", ("threats", "ranges", "sight")),
    (
        "tools",
        ("measure", "shape", "length", "snap", "weapon", "paint", "confirm", "gm_cover", "cancel"),
    ),
    ("program", ("save", "help")),
)

#: The shortcuts of a battle screen played through the ruleset's views alone.
VIEWS_HELP_SECTIONS: HelpSections = (
    HELP_SECTIONS[0],
    ("turn", ("select", "actions", "groups", "end_turn", "skip_opponent", "undo", "redo")),
    ("tools", ("cancel",)),
    ("program", ("save", "help")),
)

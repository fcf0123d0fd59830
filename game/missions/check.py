"""``kampfkarte check MISSION``: validate a mission file and summarise it.

The report lists every error (the mission cannot be played), every warning (it
loads but something looks wrong: a creature in a wall, sides that cannot reach
each other) and a summary: the ruleset, size, terrain counts, sides, creatures.
The mission's ruleset checks its words (creature types, equipment, what is held at the
start, conditions, terrain kinds, materials) while it loads and sets its match up once.
``check --json`` prints the same report as JSON (``game.missions.check_json``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.match.mission_ruleset import MissionTerms
from game.match.problems import MissionError, Problem
from game.missions.edge_counts import edge_counts
from game.missions.loader import load_any
from game.missions.model import LoadedMission, Mission
from game.missions.playability import mission_warnings
from game.missions.ruleset_choice import mission_ruleset, mission_terms
from game.missions.setup import prepare_match
from game.missions.toml_schema import DEFAULT_CHARACTERS
from game.missions.uvtt import UvttLoaded

__all__ = ["CheckReport", "check_mission", "field_name", "run_check", "terrain_counts"]

EXIT_VALID = 0
EXIT_INVALID = 1

_FORMAT_NAMES = {"toml": "native TOML", "uvtt": "Universal VTT", "tiled": "Tiled"}


@dataclass(frozen=True)
class CheckReport:
    """The outcome of checking one mission file.

    ``errors`` make the mission invalid; ``warnings`` do not. ``mission`` is None
    when it could not be loaded. ``summary`` is the human-readable text.
    """

    path: str
    mission: Mission | None
    source_format: str | None
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    summary: str = ""
    terrain_counts: Mapping[str, int] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return not self.errors and self.mission is not None

    @property
    def text(self) -> str:
        """Return the full report: summary, warnings, errors, verdict."""
        lines = [self.summary] if self.summary else []
        if self.warnings:
            lines.append(f"Warnings ({len(self.warnings)}):")
            lines += [f"  {w}" for w in self.warnings]
        if self.errors:
            lines.append(f"Errors ({len(self.errors)}):")
            lines += [f"  {e}" for e in self.errors]
        if self.valid:
            verdict = f"{self.path}: valid"
            if self.warnings:
                verdict += f" ({len(self.warnings)} warning{'s' * (len(self.warnings) != 1)})"
        else:
            count = len(self.errors)
            verdict = f"{self.path}: invalid ({count} error{'s' * (count != 1)})"
        lines.append(verdict)
        return "\n".join(lines) + "\n"


def check_mission(path: Path | str, *, catalogue: Any | None = None) -> CheckReport:
    """Return the report on the mission file ``path`` (any format ``load_any`` reads).

    ``catalogue`` is the catalogue of the ruleset the mission names (None: its own).
    """
    label = str(path)
    try:
        loaded = load_any(path, catalogue=catalogue)
    except MissionError as exc:
        return CheckReport(label, None, None, errors=tuple(exc.problems))
    mission = loaded.mission
    try:
        warnings = list(loaded.warnings)  # the loader's: a missing tile image, no terrain
        warnings += mission_warnings(
            mission, catalogue, path_label=label, locations=loaded.key_locations
        )
        prepare_match(mission, catalogue, path_label=label)  # what the ruleset would refuse
    except MissionError as exc:
        return CheckReport(
            label,
            mission,
            loaded.source_format,
            errors=tuple(exc.problems),
            warnings=tuple(loaded.warnings),
        )
    counts = terrain_counts(mission, catalogue)
    summary = _summary(label, loaded, counts)
    return CheckReport(
        label,
        mission,
        loaded.source_format,
        warnings=tuple(warnings),
        summary=summary,
        terrain_counts=counts,
    )


def run_check(path: Path | str, out: TextIO) -> int:
    """Check ``path``, write the report to ``out``; return 0 if valid (warnings allowed), else 1."""
    report = check_mission(path)
    out.write(report.text)
    return EXIT_VALID if report.valid else EXIT_INVALID


def terrain_counts(mission: Mission, catalogue: Any | None = None) -> dict[str, int]:
    """Return how many fields each kind of terrain covers, by readable name, most first.

    The names of terrain kinds and materials are the mission's ruleset's (``catalogue``:
    that ruleset's, None: the one it ships).
    """
    terms = mission_terms(mission.ruleset, catalogue)
    counts = Counter(char for row in mission.rows for char in row)
    named: Counter[str] = Counter()
    for char, count in counts.items():
        named[f"{field_name(char, mission, terms)} ({char})"] += count
    return dict(named.most_common())


def field_name(char: str, mission: Mission, terms: MissionTerms) -> str:
    """Return the readable name of map character ``char``'s fields (``terms``: its ruleset's)."""
    entry = mission.legend.get(char)
    if char in DEFAULT_CHARACTERS and (entry is None or entry.material is None):
        return DEFAULT_CHARACTERS[char]
    if entry is None:
        return "unknown"
    if entry.terrain is not None:
        name = terms.terrain_name(entry.terrain)
        # furniture: its terrain, and an object of its material
        return f"{name} ({terms.material_name(entry.material)})" if entry.material else name
    material_name = terms.material_name(entry.material) if entry.material else ""
    if entry.door is not None:
        state = "offene Tür" if entry.door == "open" else "geschlossene Tür"
        return f"{state} ({material_name})" if material_name else state
    return material_name


def _ruleset_line(loaded: LoadedMission) -> str:
    """Return which ruleset the mission uses and whether the file names it."""
    key = loaded.mission.ruleset
    line = f"Ruleset: {key} = {mission_ruleset(key).name('en')}"
    if "mission.ruleset" not in loaded.key_locations:
        line += "; the default, the file names none"
    return line


def _summary(label: str, loaded: LoadedMission, counts: Mapping[str, int]) -> str:
    mission, source_format = loaded.mission, loaded.source_format
    lines = [f"Mission: {mission.title}"]
    lines.append(f"File: {label} ({_FORMAT_NAMES.get(source_format, source_format)})")
    lines.append(_ruleset_line(loaded))
    if mission.author:
        lines.append(f"Author: {mission.author}")
    if mission.players is not None:
        low, high = mission.players
        lines.append(f"Players: {low}" if low == high else f"Players: {low}-{high}")
    for language, text in mission.description.items():
        flat = " ".join(text.split())
        if len(flat) > 90:
            flat = flat[:87].rstrip() + "..."
        lines.append(f"Description ({language}): {flat}")
    area = mission.width * mission.height
    lines.append(f"Map: {mission.width} x {mission.height} fields ({area} fields)")
    if mission.background is not None:
        bg = mission.background
        lines.append(
            f"Background: {bg.path}, {bg.pixels_per_field} px per field, offset {list(bg.offset)}"
        )
    lines.append("Terrain:")
    lines += [f"  {name}: {count}" for name, count in counts.items()]
    if mission.edges:  # walls and doors on field borders (D-13); silent on maps without
        lines.append(edge_counts(mission.edges).line())
    if isinstance(loaded, UvttLoaded):  # which walls became edges, which fields (D-13)
        lines += loaded.placement.lines()
    lines.append(f"Sides ({len(mission.sides)}):")
    for side in mission.sides:
        members = sum(1 for c in mission.creatures if c.side == side.key)
        lines.append(
            f"  {side.key}: {side.name} ({side.controller.value}, {side.colour}), "
            f"{members} creature{'s' * (members != 1)}, deployment zone "
            f"{len(side.deployment)} field{'s' * (len(side.deployment) != 1)}"
        )
    lines.append(f"Creatures ({len(mission.creatures)}):")
    for creature in mission.creatures:
        extras = []
        if creature.life_points is not None:
            extras.append(f"LP {creature.life_points}")
        if creature.held:
            extras.append(f"in hand: {', '.join(creature.held)}")
        if creature.conditions:
            extras.append(", ".join(creature.conditions))
        if creature.companion_of:
            where = "before" if creature.companion_before else "after"
            extras.append(f"companion of {creature.companion_of}, acts {where} it")
        if creature.hidden:
            extras.append("hidden")
        more = f" [{'; '.join(extras)}]" if extras else ""
        lines.append(
            f"  {creature.key}: {creature.name} ({creature.type}), side {creature.side}, "
            f"at {list(creature.cell)} facing {creature.facing.value}{more}"
        )
    if mission.gm_notes:
        lines.append(f"GM notes: {len(mission.gm_notes.strip().splitlines())} lines")
    return "\n".join(lines)

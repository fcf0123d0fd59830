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
from game.missions.setup import PreparedMatch, prepare_match
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
    when it could not be loaded. ``summary`` is the human-readable text (English),
    ``summary_de`` the German one; each problem carries its message in both languages.
    """

    path: str
    mission: Mission | None
    source_format: str | None
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    summary: str = ""
    terrain_counts: Mapping[str, int] = field(default_factory=dict)
    summary_de: str = ""

    @property
    def valid(self) -> bool:
        return not self.errors and self.mission is not None

    @property
    def text(self) -> str:
        """Return the full report in English: summary, warnings, errors, verdict."""
        return self.text_in("en")

    def text_in(self, language: str) -> str:
        """Return the full report in ``language`` ("de" German, else English): headings,
        each problem's line (German where the loader gave it) and the verdict."""
        de = language == "de"
        summary = self.summary_de if de and self.summary_de else self.summary
        lines = [summary] if summary else []
        warned, failed = len(self.warnings), len(self.errors)
        if self.warnings:
            lines.append(f"Warnungen ({warned}):" if de else f"Warnings ({warned}):")
            lines += [f"  {w.render(language)}" for w in self.warnings]
        if self.errors:
            lines.append(f"Fehler ({failed}):" if de else f"Errors ({failed}):")
            lines += [f"  {e.render(language)}" for e in self.errors]
        if self.valid and de:
            verdict = f"{self.path}: gültig"
            if self.warnings:
                verdict += f" ({warned} Warnung{'en' * (warned != 1)})"
        elif self.valid:
            verdict = f"{self.path}: valid"
            if self.warnings:
                verdict += f" ({warned} warning{'s' * (warned != 1)})"
        elif de:
            verdict = f"{self.path}: ungültig ({failed} Fehler)"
        else:
            verdict = f"{self.path}: invalid ({failed} error{'s' * (failed != 1)})"
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
        # what the ruleset would refuse
        prepared = prepare_match(mission, catalogue, path_label=label)
    except MissionError as exc:
        return CheckReport(
            label,
            mission,
            loaded.source_format,
            errors=tuple(exc.problems),
            warnings=tuple(loaded.warnings),
        )
    counts = terrain_counts(mission, catalogue)
    return CheckReport(
        label,
        mission,
        loaded.source_format,
        warnings=tuple(warnings),
        summary=_summary(label, loaded, counts, "en", _facts(prepared, "en")),
        terrain_counts=counts,
        summary_de=_summary(label, loaded, counts, "de", _facts(prepared, "de")),
    )


def run_check(path: Path | str, out: TextIO, language: str = "en") -> int:
    """Check ``path``, write the report to ``out`` in ``language``; return 0 if valid
    (warnings allowed), else 1."""
    report = check_mission(path)
    out.write(report.text_in(language))
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


def _ruleset_line(loaded: LoadedMission, language: str = "en") -> str:
    """Return which ruleset the mission uses and whether the file names it."""
    key = loaded.mission.ruleset
    if language == "de":
        line = f"Regelwerk: {key} = {mission_ruleset(key).name('de')}"
        if "mission.ruleset" not in loaded.key_locations:
            line += "; die Voreinstellung, die Datei nennt keins"
        return line
    line = f"Ruleset: {key} = {mission_ruleset(key).name('en')}"
    if "mission.ruleset" not in loaded.key_locations:
        line += "; the default, the file names none"
    return line


#: The summary's headings: English, German.
_HEADINGS = {
    "File": "Datei",
    "Author": "Autor",
    "Players": "Spieler",
    "Description": "Beschreibung",
    "Map": "Karte",
    "Background": "Hintergrund",
    "Terrain": "Gelände",
    "Sides": "Seiten",
    "Creatures": "Wesen",
    "GM notes": "Notizen der Spielleitung",
}


def _facts(prepared: PreparedMatch, language: str) -> tuple[str, ...]:
    """Return what the mission's ruleset says of its set-up (a zone count, D-14)."""
    return tuple(prepared.ruleset.mission_facts(prepared.setup, language))


def _summary(
    label: str,
    loaded: LoadedMission,
    counts: Mapping[str, int],
    language: str,
    facts: tuple[str, ...] = (),
) -> str:
    """Return the summary of a mission that loaded, its headings in ``language``.

    ``facts`` are the ruleset's lines about the set-up, printed after the terrain.
    """
    de = language == "de"

    def h(heading: str) -> str:
        return _HEADINGS[heading] if de else heading

    mission, source_format = loaded.mission, loaded.source_format
    lines = [f"Mission: {mission.title}"]
    lines.append(f"{h('File')}: {label} ({_FORMAT_NAMES.get(source_format, source_format)})")
    lines.append(_ruleset_line(loaded, language))
    if mission.author:
        lines.append(f"{h('Author')}: {mission.author}")
    if mission.players is not None:
        low, high = mission.players
        lines.append(f"{h('Players')}: {low}" if low == high else f"{h('Players')}: {low}-{high}")
    for code, text in mission.description.items():
        flat = " ".join(text.split())
        if len(flat) > 90:
            flat = flat[:87].rstrip() + "..."
        lines.append(f"{h('Description')} ({code}): {flat}")
    area = mission.width * mission.height
    unit = "Felder" if de else "fields"
    lines.append(f"{h('Map')}: {mission.width} x {mission.height} {unit} ({area} {unit})")
    if mission.background is not None:
        bg = mission.background
        per, offset = ("px je Feld", "Versatz") if de else ("px per field", "offset")
        lines.append(
            f"{h('Background')}: {bg.path}, {bg.pixels_per_field} {per}, {offset} {list(bg.offset)}"
        )
    lines.append(f"{h('Terrain')}:")
    lines += [f"  {name}: {count}" for name, count in counts.items()]
    lines += list(facts)  # the ruleset's: e.g. the zone count (D-14)
    if mission.edges:  # walls and doors on field borders (D-13); silent on maps without
        lines.append(_edge_line(edge_counts(mission.edges), de))
    if isinstance(loaded, UvttLoaded):  # which walls became edges, which fields (D-13)
        lines += loaded.placement.lines(language)
    lines.append(f"{h('Sides')} ({len(mission.sides)}):")
    for side in mission.sides:
        lines.append(_side_line(side, mission, de))
    lines.append(f"{h('Creatures')} ({len(mission.creatures)}):")
    for creature in mission.creatures:
        extras = []
        if creature.life_points is not None:
            extras.append(f"LP {creature.life_points}")
        if creature.held:
            extras.append(f"{'in der Hand' if de else 'in hand'}: {', '.join(creature.held)}")
        if creature.conditions:
            extras.append(", ".join(creature.conditions))
        if creature.companion_of and de:
            where = "vor" if creature.companion_before else "nach"
            extras.append(f"Begleiter von {creature.companion_of}, handelt {where} ihm")
        elif creature.companion_of:
            where = "before" if creature.companion_before else "after"
            extras.append(f"companion of {creature.companion_of}, acts {where} it")
        if creature.hidden:
            extras.append("verborgen" if de else "hidden")
        more = f" [{'; '.join(extras)}]" if extras else ""
        if de:
            lines.append(
                f"  {creature.key}: {creature.name} ({creature.type}), Seite {creature.side}, "
                f"auf {list(creature.cell)}, Blick {creature.facing.value}{more}"
            )
        else:
            lines.append(
                f"  {creature.key}: {creature.name} ({creature.type}), side {creature.side}, "
                f"at {list(creature.cell)} facing {creature.facing.value}{more}"
            )
    if mission.gm_notes:
        count = len(mission.gm_notes.strip().splitlines())
        lines.append(f"{h('GM notes')}: {count} {'Zeilen' if de else 'lines'}")
    return "\n".join(lines)


def _edge_line(counts: Any, de: bool) -> str:
    """Return the edge walls' and doors' line (D-13) in German or English."""
    if not de:
        return str(counts.line())
    text = f"Wände auf Feldkanten: {counts.walls}, Türen auf Feldkanten: {counts.doors}"
    if counts.doors:
        text += f" ({counts.doors_open} offen, {counts.doors_closed} geschlossen)"
    return text


def _side_line(side: Any, mission: Mission, de: bool) -> str:
    """Return one side's line: key, name, controller, colour, creatures, deployment zone."""
    members = sum(1 for c in mission.creatures if c.side == side.key)
    zone = len(side.deployment)
    head = f"  {side.key}: {side.name} ({side.controller.value}, {side.colour}), "
    if de:
        return f"{head}{members} Wesen, Aufstellungszone {zone} Feld{'er' * (zone != 1)}"
    return (
        f"{head}{members} creature{'s' * (members != 1)}, deployment zone "
        f"{zone} field{'s' * (zone != 1)}"
    )

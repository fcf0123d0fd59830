"""Reading a native mission file: the TOML text, checked section by section, to a Mission.

Reading checks everything and reports every problem at once: each names the file,
the line and column (for map characters: where that row stands in the file) or the
TOML key, what was found and what was expected.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from game.match.mission_ruleset import MissionTerms
from game.match.problem_texts import toml_syntax_de
from game.match.problems import MissionError, Problem, capped, described, problem_of
from game.match.toml_scanner import KeyLocations
from game.match.tomlcheck import locate_keys, parse_toml
from game.missions.loader_texts import mission_say
from game.missions.model import Mission
from game.missions.ruleset_choice import UNCHECKED_TERMS, mission_terms, ruleset_problem
from game.missions.toml_creatures import CreatureSection
from game.missions.toml_edges import EdgeSection
from game.missions.toml_map import MapSections
from game.missions.toml_parties import PartySections
from game.missions.toml_schema import (
    ENVIRONMENT_KEYS,
    LANGUAGE_RE,
    MAX_LONG_TEXT,
    MISSION_KEYS,
    NOTES_KEYS,
    TOP_KEYS,
)
from game.missions.toml_zones import ZoneSection
from game.rulesets import DEFAULT_RULESET


def read_mission_text(
    text: str, path_label: str, catalogue: Any | None, base_dir: Path | str | None
) -> tuple[Mission, KeyLocations]:
    """Return the mission in TOML ``text`` and where its keys stand; raise MissionError.

    ``catalogue`` is the catalogue of the ruleset the mission names (None: the one
    that ruleset ships).
    """
    text = text.removeprefix("\ufeff")  # so that positions count from the first real character
    data, syntax = parse_toml(text, path_label)
    if data is None:
        raise MissionError(syntax if _names_a_mission(text) else _not_a_mission(text, syntax))
    if "mission" not in data and "map" not in data:  # say so, not key by key (issue 13)
        raise MissionError([problem_of(path_label, mission_say("not_a_mission"))])
    where = locate_keys(text)
    reader = MissionReader(path_label, where, catalogue)
    mission = reader.mission(data)
    if mission is not None and base_dir is not None and mission.background is not None:
        reader.check_background_file(Path(base_dir), mission.background.path)
    if mission is not None and base_dir is not None:
        reader.check_creature_images(Path(base_dir), mission.creatures)
    errors = [p for p in reader.problems if not p.warning]
    if errors or mission is None:
        invalid = problem_of(path_label, mission_say("mission_invalid"))
        raise MissionError(capped(errors or [invalid]))
    return mission, where


_MISSION_TABLE = re.compile(r"^[ \t]*\[[ \t]*(?:mission|map)[ \t]*[\].]", re.MULTILINE)
_POSITION = re.compile(r"\s*\(at line \d+, column \d+\)\s*$|\s*\(at end of document\)\s*$")


def _names_a_mission(text: str) -> bool:
    """Return whether TOML text has a ``[mission]`` or ``[map]`` table header (a mission's)."""
    return _MISSION_TABLE.search(text) is not None


def _not_a_mission(text: str, problems: list[Problem]) -> list[Problem]:
    """Return the problems of text that is no mission, with no line of it in them (issue 13).

    A syntax error keeps its place and tomllib's words (which quote nothing), not the line.
    """
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        error = _POSITION.sub("", str(exc))
        texts = {"en": error, "de": toml_syntax_de(error)}
        found = [p for p in problems if p.line is not None]
        line, column = (found[0].line, found[0].column) if found else (None, None)
        message = mission_say("not_a_mission_toml", error=texts)
        return [problem_of(problems[0].path, message, line=line, column=column)]
    except (RecursionError, ValueError):
        pass
    return problems


class MissionReader(MapSections, PartySections, CreatureSection, EdgeSection, ZoneSection):
    """Validates the parsed TOML and builds the Mission, collecting problems."""

    def __init__(self, label: str, where: KeyLocations, catalogue: Any | None) -> None:
        super().__init__(label, where)
        self.catalogue = catalogue
        self.terms = UNCHECKED_TERMS  # until the mission has said its ruleset
        self.defined = set()

    # ------------------------------------------------------------- sections
    def mission(self, data: dict[str, Any]) -> Mission | None:
        self.table(data, "", TOP_KEYS, ("mission", "map"), shown="the mission file")
        ruleset = self.ruleset(data.get("mission"))
        self.terms = self.terms_of(ruleset)
        # A missing [mission] or [map] is reported once, above; not key by key.
        meta = self.meta(data["mission"]) if "mission" in data else None
        grid = self.grid(data["map"]) if "map" in data else (None, None, None, None)
        legend = self.legend(data.get("legend", {}))
        width, height, rows, background = grid
        if rows is not None and legend is not None:
            self.characters(rows, legend)
        sides = self.sides(data.get("sides", []), width, height)
        creatures = self.creatures(data.get("creatures", []), sides, width, height)
        raw_map = data.get("map")
        edges = self.edges(
            raw_map.get("edges", []) if isinstance(raw_map, dict) else [], width, height
        )
        notes = self.notes(data.get("notes", {}))
        weightless, underwater = self.environment(data.get("environment", {}))
        zones = self.zones(data.get("zones"), width, height)
        if any(not p.warning for p in self.problems):
            return None
        if (
            meta is None
            or ruleset is None
            or rows is None
            or legend is None
            or width is None
            or height is None
        ):
            return None  # cannot happen without a problem above; never build half a mission
        title, description, author, players = meta
        return Mission(
            title=title,
            width=width,
            height=height,
            rows=tuple(row for row, _ in rows),
            legend=legend,
            description=description,
            author=author,
            players=players,
            background=background,
            sides=tuple(sides.values()),
            creatures=tuple(creatures),
            gm_notes=notes,
            weightless=weightless,
            underwater=underwater,
            ruleset=ruleset,
            edges=tuple(edges),
            zones=zones,
        )

    def ruleset(self, value: object) -> str | None:
        """Return the ruleset ``[mission]`` names (the default when it names none).

        None: the key is not one of ``game.rulesets.RULESETS`` (reported here).
        """
        if not isinstance(value, dict) or "ruleset" not in value:
            return DEFAULT_RULESET  # a broken [mission] is reported by meta()
        key = self.string(value["ruleset"], "mission.ruleset", limit=64)
        if key is None:
            return None
        problem = ruleset_problem(key)
        if problem is not None:
            self.error("mission.ruleset", problem)
            return None
        return key

    def terms_of(self, ruleset: str | None) -> MissionTerms:
        """Return how ``ruleset`` reads the mission's words (unknown ruleset: unchecked)."""
        if ruleset is None:
            return UNCHECKED_TERMS
        return mission_terms(ruleset, self.catalogue, path_label=self.label)

    def meta(self, value: object) -> tuple[str, dict[str, str], str, tuple[int, int] | None] | None:
        section = self.table(value, "mission", MISSION_KEYS, ("title",))
        if section is None:
            return None
        title = self.string(section["title"], "mission.title") if "title" in section else None
        description: dict[str, str] = {}
        raw = section.get("description")
        if isinstance(raw, str):
            text = self.string(raw, "mission.description", limit=MAX_LONG_TEXT, empty=True)
            if text:
                description["de"] = text
        elif isinstance(raw, dict):
            for language, text in raw.items():
                key = f"mission.description.{language}"
                if not LANGUAGE_RE.match(language):
                    self.error(key, mission_say("bad_language", key=key, language=language))
                    continue
                checked = self.string(text, key, limit=MAX_LONG_TEXT, empty=True)
                if checked:
                    description[language] = checked
        elif raw is not None:
            self.error("mission.description", mission_say("bad_description", found=described(raw)))
        author = ""
        if "author" in section:
            author = self.string(section["author"], "mission.author", empty=True) or ""
        players: tuple[int, int] | None = None
        if "players" in section:
            pair = self.int_list(
                section["players"], "mission.players", (2,), mission_say("a_players_pair")
            )
            if pair is not None:
                low, high = pair
                if not 1 <= low <= high <= 99:
                    self.error("mission.players", mission_say("bad_players", low=low, high=high))
                else:
                    players = (low, high)
        if title is None:
            return None
        return title, description, author, players

    def environment(self, value: object) -> tuple[bool, bool]:
        """Return (weightless, underwater) of the [environment] table (sections 25, 26)."""
        section = self.table(value, "environment", ENVIRONMENT_KEYS)
        if section is None:
            return False, False
        flags = {
            key: bool(self.boolean(section[key], f"environment.{key}"))
            for key in ENVIRONMENT_KEYS
            if key in section
        }
        return flags.get("weightless", False), flags.get("underwater", False)

    def notes(self, value: object) -> str:
        section = self.table(value, "notes", NOTES_KEYS)
        if section is None or "gm" not in section:
            return ""
        return self.string(section["gm"], "notes.gm", limit=MAX_LONG_TEXT, empty=True) or ""

"""The bundled missions (the top-level ``maps/``), found from any install, and by name.

A checkout or an editable install has ``maps/`` beside the ``game`` package; a wheel
(``pip install``, pipx) has it in ``share/kampfkarte/maps`` (``game.match.places``).
Every command accepts a bundled mission by its name (``dretop-versteck``), as well as
any mission file.
"""

from __future__ import annotations

from pathlib import Path

from game.match.places import shipped_dir

#: The bundled mission the README's first command opens.
DEMO_MISSION = "dretop-versteck.toml"
#: The suffix of a bundled mission (they are native missions).
BUNDLED_SUFFIX = ".toml"


class UnknownMission(LookupError):
    """A mission named on the command line is neither a file nor a bundled mission."""

    def __init__(self, name: str, bundled: list[str]) -> None:
        super().__init__(name)
        self.name = name
        self.bundled = bundled

    def text(self, language: str) -> str:
        """Return the message in ``language`` (de, else English), listing the bundled names."""
        names = ", ".join(self.bundled) or "-"
        if language == "de":
            return (
                f"die Missionsdatei {self.name} gibt es nicht, und eine mitgelieferte Mission "
                f"dieses Namens auch nicht; mitgeliefert sind: {names}"
            )
        return (
            f"no such mission file: {self.name}, and no bundled mission of that name; "
            f"the bundled missions are: {names}"
        )


def bundled_maps_dir() -> Path:
    """Return the folder of the bundled missions; raise FileNotFoundError naming where looked."""
    return shipped_dir("maps", DEMO_MISSION)


def demo_mission_path() -> Path:
    """Return the path of the demo mission."""
    return bundled_maps_dir() / DEMO_MISSION


def bundled_names() -> list[str]:
    """Return the names of the bundled missions, sorted (none when the folder is missing)."""
    try:
        folder = bundled_maps_dir()
    except FileNotFoundError:
        return []
    return sorted(p.stem for p in folder.glob(f"*{BUNDLED_SUFFIX}") if p.is_file())


def bundled_mission(name: str) -> Path | None:
    """Return the bundled mission called ``name`` (with or without ``.toml``), or None."""
    stem = name[: -len(BUNDLED_SUFFIX)] if name.lower().endswith(BUNDLED_SUFFIX) else name
    if stem not in bundled_names():
        return None
    return bundled_maps_dir() / f"{stem}{BUNDLED_SUFFIX}"


def find_mission(text: str) -> Path:
    """Return the mission ``text`` names: a file that exists, else a bundled mission by name.

    A file wins over a bundled mission of the same name. Raise UnknownMission when it is
    neither.
    """
    path = Path(text)
    if path.exists():
        return path
    found = bundled_mission(text)
    if found is None:
        raise UnknownMission(text, bundled_names())
    return found

"""The ``kampfkarte`` command line: its parser, one function per subcommand."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeAlias

#: What runs a subcommand: its parsed arguments in, the exit code out.
Runner = Callable[[argparse.Namespace], int]
if TYPE_CHECKING:
    Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

MISSION_HELP = (
    "mission file (.toml, .dd2vtt/.uvtt, .tmx/.tmj) or the name of a bundled mission "
    "(e.g. dretop-versteck)"
)


def _positive_int(text: str) -> int:
    """Return ``text`` as an int of at least 1 (argparse turns the error into a usage message)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _language_option(command: argparse.ArgumentParser, what: str) -> None:
    """Add ``--language de|en`` (default: the settings' language, else German)."""
    command.add_argument(
        "--language",
        choices=["de", "en"],
        default=None,
        help=f"language of {what} (default: the game's settings, else de)",
    )


def _assets_option(command: argparse.ArgumentParser) -> None:
    """Add ``--assets DIR``: a folder a Tiled map's tilesets and images may lie in too."""
    command.add_argument(
        "--assets",
        metavar="DIR",
        default=None,
        help="a folder a Tiled map's tilesets and images may also lie in (besides the map's "
        "folder and its project folder, the one with a .tiled-project file)",
    )


def _add_play(commands: Commands, run: Runner) -> None:
    """Add ``play``."""
    play = commands.add_parser(
        "play", help="start a skirmish (hot-seat): the title screen, or straight on MISSION"
    )
    play.add_argument("mission", nargs="?", help=MISSION_HELP)
    play.add_argument("--seed", type=int, default=None, help="seed of the dice (default: random)")
    # hidden: stop after N frames (the install test plays one headless frame)
    play.add_argument("--frames", type=_positive_int, default=None, help=argparse.SUPPRESS)
    _language_option(play, "the command's messages (the window follows the settings)")
    _assets_option(play)
    play.set_defaults(run=run)


def _add_preview(commands: Commands, run: Runner) -> None:
    """Add ``preview``."""
    preview = commands.add_parser(
        "preview", help="show a mission map read-only; reloads when the file changes"
    )
    preview.add_argument("mission", help=MISSION_HELP)
    _language_option(preview, "the command's messages")
    _assets_option(preview)
    preview.set_defaults(run=run)


def _add_check(commands: Commands, run: Runner) -> None:
    """Add ``check``."""
    check = commands.add_parser(
        "check", help="validate mission files and print a summary of each (ruleset included)"
    )
    check.add_argument(
        "missions",
        nargs="+",
        metavar="mission",
        help=MISSION_HELP,
    )
    check.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per file, one per line (keys: maps/README.md)",
    )
    _language_option(check, "the report (--json: each problem's text; its message stays English)")
    _assets_option(check)
    check.set_defaults(run=run)


def _add_import(commands: Commands, run: Runner) -> None:
    """Add ``import``."""
    convert = commands.add_parser(
        "import", help="convert a Universal VTT or Tiled map to a mission file (.toml)"
    )
    convert.add_argument("source", help="a .dd2vtt/.df2vtt/.uvtt/.json or .tmx/.tmj file")
    convert.add_argument(
        "-o",
        "--output",
        required=True,
        help="the mission .toml to write (its images beside it); an existing file is not "
        "overwritten unless --force is given",
    )
    convert.add_argument(
        "--force",
        action="store_true",
        help="replace an existing mission .toml and its images (hand edits are lost)",
    )
    _language_option(convert, "the command's messages and the problems found")
    _assets_option(convert)
    convert.set_defaults(run=run)


def _add_print(commands: Commands, run: Runner) -> None:
    """Add ``print``."""
    printer = commands.add_parser("print", help="write a PDF of a map with 25 mm fields")
    printer.add_argument("mission", help=MISSION_HELP)
    printer.add_argument("-o", "--output", required=True, help="the PDF to write")
    printer.add_argument("--paper", default="A4", choices=["A4", "A3", "letter"])
    printer.add_argument("--landscape", action="store_true", help="landscape pages")
    printer.add_argument("--no-creatures", action="store_true", help="leave the tokens out")
    _language_option(printer, "the command's messages")
    _assets_option(printer)
    printer.set_defaults(run=run)


def _add_simulate(commands: Commands, run: Runner) -> None:
    """Add ``simulate``."""
    simulate = commands.add_parser(
        "simulate", help="play a mission headless, both sides by the built-in policy"
    )
    simulate.add_argument("mission", help=MISSION_HELP)
    simulate.add_argument(
        "--seed", type=int, default=None, help="seed of the dice (default: random, printed)"
    )
    simulate.add_argument(
        "--rounds", type=_positive_int, default=30, help="round limit (default 30)"
    )
    simulate.add_argument("--quiet", action="store_true", help="print only the outcome")
    _language_option(simulate, "the log")
    _assets_option(simulate)
    simulate.set_defaults(run=run)


def _add_scenario(commands: Commands, run: Runner) -> None:
    """Add ``scenario``."""
    scenario = commands.add_parser(
        "scenario",
        help="run a scenario (mission, dice, commands, expectations) and check its results",
    )
    scenario.add_argument("scenario", nargs="?", help="scenario file (.toml)")
    scenario.add_argument(
        "--commands", metavar="RULESET", help="list the command kinds of RULESET with their fields"
    )
    scenario.add_argument("--log", action="store_true", help="also print every event")
    _language_option(scenario, "--log")
    scenario.set_defaults(run=run)


def _add_bench(commands: Commands, run: Runner) -> None:
    """Add ``bench``."""
    bench = commands.add_parser(
        "bench", help="print timings of the rules queries, the engine or the screen"
    )
    bench.add_argument(
        "suite", nargs="?", default="rules", help="what to measure: rules, engine or ui"
    )
    bench.add_argument(
        "--repeats", type=_positive_int, default=30, help="runs per figure, at least 1 (default 30)"
    )
    bench.add_argument("--seed", type=int, default=2026, help="seed of the random test maps")
    bench.add_argument(
        "--frames", type=_positive_int, default=600, help="frames of bench ui (default 600)"
    )
    bench.add_argument(
        "--mission",
        default="",
        help="bench engine: the mission (a file or a bundled name) whose match is measured "
        "(default: the demo mission)",
    )
    bench.add_argument(
        "--edges",
        action="store_true",
        help="bench ui: render the map with walls and doors on field edges (D-13)",
    )
    bench.set_defaults(run=run)


def build_parser(runners: Mapping[str, Runner]) -> argparse.ArgumentParser:
    """Return the parser; ``runners`` names the function that runs each subcommand."""
    parser = argparse.ArgumentParser(
        prog="kampfkarte",
        description="Kampfkarte: battle map and rules bookkeeping for tabletop fights.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in _ADDERS.items():
        add(commands, runners[name])
    return parser


_ADDERS: dict[str, Callable[[Commands, Runner], None]] = {
    "play": _add_play,
    "preview": _add_preview,
    "check": _add_check,
    "import": _add_import,
    "print": _add_print,
    "simulate": _add_simulate,
    "scenario": _add_scenario,
    "bench": _add_bench,
}

"""The ``kampfkarte`` command: play, preview, check, import, print, simulate, scenario, bench."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.cli_language import cli_language, say
from game.cli_output import safe_output

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def _quiet_pygame() -> None:
    """Keep pygame's greeting off the terminal (set before pygame is imported)."""
    import os

    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


def _play(args: argparse.Namespace) -> int:
    language = cli_language(args.language)
    mission = None
    if args.mission:
        mission = _mission_file("play", args.mission, language)
        if mission is None or _cannot_begin(mission, language):
            return EXIT_INVALID
    _quiet_pygame()
    from game.ui.play import run_play_command

    return run_play_command(mission, seed=args.seed, frames=args.frames)


def _find_mission(command: str, text: str, language: str) -> Path | None:
    """Return the mission ``text`` names (a file, else a bundled mission by name), or None.

    None after saying (in ``language``) that it is neither, listing the bundled names.
    """
    from game.missions.bundled import UnknownMission, find_mission

    try:
        return find_mission(text)
    except UnknownMission as unknown:
        print(f"kampfkarte {command}: {unknown.text(language)}", file=sys.stderr)
        return None


def _mission_file(command: str, text: str, language: str) -> Path | None:
    """Return the mission file ``text`` names, or None after saying why there is none."""
    mission = _find_mission(command, text, language)
    if mission is not None and not mission.is_file():
        print(_no_file(command, mission, language), file=sys.stderr)
        return None
    return mission


def _no_file(command: str, mission: Path, language: str) -> str:
    """Return "no such mission file" in ``language``."""
    return say(
        language,
        f"kampfkarte {command}: no such mission file: {mission}",
        f"kampfkarte {command}: die Missionsdatei {mission} gibt es nicht",
    )


def _cannot_begin(mission: Path, language: str) -> bool:
    """Say why (in ``language``) and return True when the mission cannot be opened: it
    has problems. Checked before the window opens, so they are printed in the command's
    language. A mission without creatures opens in the set-up screen (issue 13).
    """
    from game.match.problems import MissionError
    from game.missions.simulate import mission_setup

    try:
        mission_setup(str(mission))
    except MissionError as error:
        print(error.render(language), file=sys.stderr)
        return True
    return False


def _preview(args: argparse.Namespace) -> int:
    mission = _mission_file("preview", args.mission, cli_language(args.language))
    if mission is None:
        return EXIT_INVALID
    _quiet_pygame()
    from game.ui.play import run_preview

    return run_preview(mission)


def _bench(args: argparse.Namespace) -> int:
    if args.edges and args.suite != "ui":
        print("kampfkarte bench: --edges is for bench ui only", file=sys.stderr)
        return EXIT_USAGE
    if args.mission and args.suite != "engine":
        print("kampfkarte bench: --mission is for bench engine only", file=sys.stderr)
        return EXIT_USAGE
    if args.suite == "engine":
        from game.missions.simulate import run_engine_bench

        mission = None
        if args.mission:
            mission = _mission_file("bench", args.mission, cli_language(None))
            if mission is None:
                return EXIT_INVALID
        return run_engine_bench(
            repeats=args.repeats, seed=args.seed, out=sys.stdout, mission=mission
        )
    if args.suite == "ui":
        _quiet_pygame()
        from game.ui.bench import run_ui_bench

        return run_ui_bench(frames=args.frames, seed=args.seed, out=sys.stdout, edges=args.edges)
    if args.suite != "rules":
        print(
            f"kampfkarte bench: unknown suite {args.suite!r}; expected 'rules', 'engine' or 'ui'",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from game.bench import run_rules_bench

    run_rules_bench(repeats=args.repeats, seed=args.seed, out=sys.stdout)
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    from game.missions.simulate import run_simulate

    mission = _find_mission("simulate", args.mission, cli_language(args.language))
    if mission is None:
        return EXIT_INVALID
    seed = args.seed
    if seed is None:  # a random fight; its first line names the seed, to play it again
        import random

        seed = random.randrange(1, 2**31)
    return run_simulate(
        str(mission),
        seed,
        args.rounds,
        args.quiet,
        sys.stdout,
        language=cli_language(args.language),
    )


def _scenario(args: argparse.Namespace) -> int:
    if (args.scenario is None) == (args.commands is None):
        print(
            "kampfkarte scenario: give either a scenario file (kampfkarte scenario FILE.toml) "
            "or --commands RULESET",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if args.commands is not None:
        from game.scenarios.listing import run_list_commands

        return run_list_commands(args.commands, sys.stdout, sys.stderr)
    from game.scenarios.runner import run_scenario_file

    return run_scenario_file(
        args.scenario, sys.stdout, sys.stderr, log=args.log, language=cli_language(args.language)
    )


def _report_problems(error: Exception, language: str) -> int:
    """Print a loader's problems (a MissionError's lines in ``language``); return 1."""
    render = getattr(error, "render", None)
    print(render(language) if callable(render) else str(error), file=sys.stderr)
    return EXIT_INVALID


def _check(args: argparse.Namespace) -> int:
    language = cli_language(args.language)
    if args.json:
        from game.missions.check_json import run_check_json

        # a bundled name becomes its file; anything else is reported in its JSON object
        named = [_bundled_or_as_given(text) for text in args.missions]
        return run_check_json(named, sys.stdout, language)
    from game.missions.check import run_check

    status = EXIT_OK
    for number, text in enumerate(args.missions):
        if number:
            print(file=sys.stdout)  # a blank line between two files' reports
        mission = _find_mission("check", text, language)
        found = EXIT_INVALID if mission is None else run_check(mission, sys.stdout, language)
        status = max(status, found)
    return status


def _bundled_or_as_given(text: str) -> str:
    """Return ``text`` when it is a file (or not bundled), else the bundled mission's path."""
    from game.missions.bundled import UnknownMission, find_mission

    try:
        return str(find_mission(text))
    except UnknownMission:
        return text


def _import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.match.datafiles import write_bytes_atomic
    from game.match.problems import MissionError
    from game.missions.loader import NATIVE_SUFFIXES, load_any
    from game.missions.paths import check_image, resolve_inside
    from game.missions.toml_format import dumps_mission, loads_mission

    lang = cli_language(args.language)
    out = Path(args.output)
    if out.suffix.lower() != ".toml":
        print(
            say(
                lang,
                f"kampfkarte import: -o must name a .toml file, got {out}",
                f"kampfkarte import: -o muss eine .toml-Datei nennen, nicht {out}",
            ),
            file=sys.stderr,
        )
        return EXIT_USAGE
    if Path(args.source).suffix.lower() in NATIVE_SUFFIXES:
        print(
            say(
                lang,
                f"kampfkarte import: {args.source} is already a mission file (.toml); nothing "
                f"to convert. Check it with: kampfkarte check {args.source}",
                f"kampfkarte import: {args.source} ist schon eine Missionsdatei (.toml); es "
                f"gibt nichts umzuwandeln. Prüfen mit: kampfkarte check {args.source}",
            ),
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        loaded = load_any(args.source)
        text = dumps_mission(loaded.mission)
        try:  # write only what the native reader accepts: the file must load as written
            loads_mission(text, str(out))
        except MissionError:
            print(
                say(
                    lang,
                    f"kampfkarte import: {out} not written; the converted mission:",
                    f"kampfkarte import: {out} nicht geschrieben; die umgewandelte Mission:",
                ),
                file=sys.stderr,
            )
            raise
        images: dict[Path, bytes] = {}
        for name, data in loaded.images.items():
            image_path = resolve_inside(out.parent, name, path_label=str(out))
            check_image(data, path_label=str(image_path))
            images[image_path] = data
        if not args.force and _refuse_existing([out, *images], lang):
            return EXIT_INVALID  # nothing written: neither the mission nor its images
        out.parent.mkdir(parents=True, exist_ok=True)
        for image_path, data in images.items():
            write_bytes_atomic(image_path, data)
            print(say(lang, f"image written: {image_path}", f"Bild geschrieben: {image_path}"))
        write_bytes_atomic(out, text.encode("utf-8"))
    except MissionError as error:
        return _report_problems(error, lang)
    except OSError as error:
        print(
            say(
                lang,
                f"kampfkarte import: cannot write {out}: {error.strerror}",
                f"kampfkarte import: {out} kann nicht geschrieben werden: {error.strerror}",
            ),
            file=sys.stderr,
        )
        return EXIT_INVALID
    mission = loaded.mission
    for warning in loaded.warnings:  # the file converted; what the map lacks is said here
        print(warning.render(lang), file=sys.stderr)
    print(
        say(
            lang,
            f"{out}: {mission.title!r}, {mission.width}x{mission.height} fields, "
            f"{len(mission.creatures)} creatures (from {loaded.source_format})",
            f"{out}: {mission.title!r}, {mission.width}x{mission.height} Felder, "
            f"{len(mission.creatures)} Wesen (aus {loaded.source_format})",
        )
    )
    from game.missions.uvtt import UvttLoaded

    if isinstance(loaded, UvttLoaded):  # which walls became edges, which fields (D-13)
        from game.missions.edge_counts import edge_counts

        for line in loaded.placement.lines(lang):
            print(line)
        print(edge_counts(mission.edges).line())
    return EXIT_OK


def _refuse_existing(targets: Sequence[Path], language: str) -> bool:
    """Say so (in ``language``) and return True when one of ``targets`` already exists.

    A game master's hand edits of an imported mission or its picture must not vanish
    under a second import; ``--force`` replaces them on purpose.
    """
    existing = [target for target in targets if target.exists() or target.is_symlink()]
    for target in existing:
        print(
            say(
                language,
                f"kampfkarte import: {target} already exists; not overwritten "
                "(give --force to replace it)",
                f"kampfkarte import: die Datei {target} gibt es schon; sie bleibt, wie sie ist "
                "(mit --force wird sie ersetzt)",
            ),
            file=sys.stderr,
        )
    if existing:
        nothing = say(language, "nothing written", "nichts geschrieben")
        print(f"kampfkarte import: {nothing}", file=sys.stderr)
    return bool(existing)


def _print(args: argparse.Namespace) -> int:
    from game.export.pdf import PrintUnavailable, write_map_pdf
    from game.match.problems import MissionError
    from game.missions.grid import build_grid
    from game.missions.loader import load_any
    from game.missions.ruleset_choice import mission_terms

    source = _find_mission("print", args.mission, cli_language(args.language))
    if source is None:
        return EXIT_INVALID
    try:
        loaded = load_any(source)
        mission = loaded.mission
        grid = build_grid(mission)
        terms = mission_terms(mission.ruleset)
        report = write_map_pdf(
            mission,
            grid,
            args.output,
            paper=args.paper,
            landscape=args.landscape,
            creatures=not args.no_creatures,
            images=loaded.images,
            base_dir=loaded.base_dir,
            footprints={c.type: terms.footprint(c.type) for c in mission.creatures},
        )
    except PrintUnavailable as error:
        print(f"kampfkarte print: {error}", file=sys.stderr)
        return EXIT_USAGE
    except MissionError as error:
        return _report_problems(error, cli_language(args.language))
    except (OSError, ValueError) as error:
        print(f"kampfkarte print: {error}", file=sys.stderr)
        return EXIT_INVALID
    lang = cli_language(args.language)
    print(
        say(
            lang,
            f"{args.output}: {report.pages} page(s), {report.rows} x {report.columns}, "
            f"fields {report.field_mm} mm",
            f"{args.output}: {report.pages} Seite(n), {report.rows} x {report.columns}, "
            f"Felder {report.field_mm} mm",
        )
    )
    for note in report.notes:
        print(f"{say(lang, 'note', 'Hinweis')}: {note}")
    return EXIT_OK


def _use_assets(args: argparse.Namespace) -> bool:
    """Let the loads read tilesets and images in ``--assets DIR`` (none: no such folder);
    return False after saying so when DIR is no folder."""
    folder = getattr(args, "assets", None)
    if folder is not None and not Path(folder).is_dir():
        print(
            say(
                cli_language(args.language),
                f"kampfkarte {args.command}: --assets {folder} is no folder; expected the "
                "folder that holds the map's tilesets",
                f"kampfkarte {args.command}: --assets {folder} ist kein Ordner; erwartet: der "
                "Ordner mit den Tilesets der Karte",
            ),
            file=sys.stderr,
        )
        return False
    from game.missions.map_files import use_assets

    use_assets(folder)
    return True


def build_parser() -> argparse.ArgumentParser:
    """Return the command line parser, each subcommand run by its function here."""
    from game.cli_parser import build_parser as parser_of

    return parser_of(
        {
            "play": _play,
            "preview": _preview,
            "check": _check,
            "import": _import,
            "print": _print,
            "simulate": _simulate,
            "scenario": _scenario,
            "bench": _bench,
        }
    )


def main(argv: Sequence[str] | None = None) -> int:
    safe_output()  # text from a file never breaks the output (issue 13 point 2)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits 2 on usage errors and 0 on --help
        return int(stop.code or 0)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    if not _use_assets(args):
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader closed early (``kampfkarte simulate ... | head``)
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's StringIO)
        pass


if __name__ == "__main__":
    sys.exit(main())

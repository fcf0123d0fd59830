"""The ``kampfkarte`` command: play, preview, check, import, print, simulate, bench."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

#: Subcommands planned in DESIGN.md with the issue that builds them.
PLANNED: dict[str, tuple[str, str]] = {
    "play": ("start a skirmish on a mission map (hot-seat)", "the battle screen"),
    "preview": ("show a mission map without playing it", "the battle screen"),
    "check": ("validate a mission file and print a summary", "mission maps"),
    "import": ("convert a Universal VTT or Tiled map to a mission file", "mission maps"),
    "print": ("write a printable PDF of a map at true 25 mm scale", "mission maps"),
    "simulate": ("run a match headless from a mission, a seed and commands", "the match engine"),
}


def _not_built(name: str) -> Callable[[argparse.Namespace], int]:
    def run(_args: argparse.Namespace) -> int:
        summary, capability = PLANNED[name]
        print(
            f"kampfkarte {name}: not built yet ({summary}); it arrives with {capability}.\n"
            "What works today: kampfkarte bench rules",
            file=sys.stderr,
        )
        return EXIT_USAGE

    return run


def _bench(args: argparse.Namespace) -> int:
    from game.bench import run_rules_bench

    if args.suite != "rules":
        print(f"kampfkarte bench: unknown suite {args.suite!r}; expected 'rules'", file=sys.stderr)
        return EXIT_USAGE
    run_rules_bench(repeats=args.repeats, seed=args.seed, out=sys.stdout)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kampfkarte",
        description="Kampfkarte: battle map and rules bookkeeping for ENTARIA.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (summary, capability) in PLANNED.items():
        sub = commands.add_parser(name, help=f"{summary} (not built yet: {capability})")
        sub.add_argument("mission", nargs="?", help="mission file (.toml, .uvtt, .tmx, ...)")
        sub.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        sub.set_defaults(run=_not_built(name))
    bench = commands.add_parser("bench", help="print timings of the rules queries")
    bench.add_argument("suite", nargs="?", default="rules", help="what to measure: rules")
    bench.add_argument("--repeats", type=int, default=30, help="runs per figure (default 30)")
    bench.add_argument("--seed", type=int, default=2026, help="seed of the random test maps")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits 2 on usage errors and 0 on --help
        return int(stop.code or 0)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

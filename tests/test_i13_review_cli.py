"""Issue 13 review points 6 and nits: the parser is built one subcommand at a time
(each still parses as before), and ``simulate`` without --seed picks one and names it."""

from __future__ import annotations

import re

import pytest

from game.cli import build_parser, main


@pytest.mark.rule("I13-review-6")
def test_i13_review_6_every_subcommand_is_still_parsed_and_run_by_its_function() -> None:
    parser = build_parser()
    samples = {
        "play": ["play"],
        "preview": ["preview", "x.toml"],
        "check": ["check", "a.toml", "b.toml", "--json"],
        "import": ["import", "a.dd2vtt", "-o", "a.toml"],
        "print": ["print", "a.toml", "-o", "a.pdf", "--paper", "A3"],
        "simulate": ["simulate", "a.toml"],
        "scenario": ["scenario", "--commands", "entaria"],
        "bench": ["bench", "engine", "--repeats", "2"],
    }
    runners = set()
    for name, argv in samples.items():
        args = parser.parse_args(argv)
        assert args.command == name
        assert args.run.__name__ == f"_{name}"
        runners.add(args.run)
    assert len(runners) == len(samples)
    assert parser.parse_args(["simulate", "a.toml"]).seed is None


@pytest.mark.rule("I13-review-nits")
def test_i13_review_simulate_without_a_seed_names_the_one_it_took(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "dretop-versteck", "--quiet", "--language", "en"]) == 0
    output = capsys.readouterr().out
    first = output.splitlines()[0]
    found = re.search(r"\(seed (\d+)\)", first)
    assert found is not None, first
    seed = found.group(1)
    assert main(["simulate", "dretop-versteck", "--quiet", "--language", "en", "--seed", seed]) == 0
    assert capsys.readouterr().out == output  # the named seed plays the same fight again

"""Scenarios as data: a mission, dice, commands in their save form and expected results.

``kampfkarte scenario FILE.toml`` (``runner``) reads a scenario (``reader``, the format
in tests/scenarios/README.md), plays it with scripted dice and checks each expectation
on the state as a save stores it (``statepath``), on the log and on the open decision.
``kampfkarte scenario --commands RULESET`` (``listing``) lists the command kinds.
"""

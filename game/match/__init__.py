"""The ruleset-neutral match machinery: commands and their registry, events, decisions,
the record (replay, undo, redo), saves, and readable errors for data files.
"""

"""Handlers of further actions (filled in by the match-engine work)."""

"""Handlers for special situations (filled in by the match-engine work)."""

"""Kampfkarte ui layer (not built yet)."""

"""Kampfkarte battle layer (not built yet)."""

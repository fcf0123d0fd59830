"""The catalogue data files (TOML), shipped as package data."""

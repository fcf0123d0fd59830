"""The Genesis catalogue data file (TOML), shipped as package data."""

"""Mission files: the native TOML format, Universal VTT and Tiled import, validation."""

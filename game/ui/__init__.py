"""The screen (pygame): window, scenes, camera, map, tokens, overlays, HUD, hot-seat."""

"""Pure rules of the quick version: zones, bands, movement, initiative blocks, attacks."""

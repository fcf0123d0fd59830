"""ENTARIA quick rules, zone version (``entaria-schnell``, Q- IDs); not registered yet."""

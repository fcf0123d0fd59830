"""The ENTARIA rules on the grid: pure functions over numpy arrays.

Nothing here imports pygame, reads files, looks at the clock or keeps global
random state; every function that rolls takes a ``Roller``.
"""

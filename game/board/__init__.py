"""The battle map, whatever the rules: grid and layers, sight, movement costs and paths,
templates, dice. numpy only; no pygame, no files, no clock, no global random state.
"""

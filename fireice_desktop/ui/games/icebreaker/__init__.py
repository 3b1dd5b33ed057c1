"""Icebreaker on the desktop: the sea of hexagons with its ships and icebergs, the set-up
card and the rules drawings (see :mod:`.entry`)."""

"""The games' rules and the machinery every game shares, in pure Python (standard
library only; nothing here draws or prints).

Layers, each importing only those above it:

- ``errors``, ``interface`` (the one game interface and ``History``), ``levels``;
- ``registry`` (each game described once, found by name) and ``treesearch`` (a
  game-independent alpha-beta);
- ``games/`` — one package per game (``fireice``: Fire & Ice and its solitaire;
  ``icebreaker``), each registering itself; a game's package imports only the
  layers above and never another game;
- ``search`` (the computer's level driver), ``record`` (saved games) and ``match``,
  which look games up by name.

The command line and the desktop app sit on top.
"""

"""The games' rules and the machinery every game shares, in pure Python (standard
library only; nothing here draws or prints).

Layers, top to bottom; each imports only those below it:

- ``records/`` — saved games, which look their game up among those installed;
- ``games/`` — one package per game (``fireice``: Fire & Ice and its solitaire;
  ``icebreaker``), each registering itself; a game's package never imports another game;
- ``teaching/`` (lessons, practice, ratings) and ``match/`` (matches between levels and
  outside programs);
- ``analysis/`` (the review of a game) and ``search`` (the computer's level driver);
- ``registry`` (each game described once, found by name);
- ``command_line`` (how the command offers a game) and ``treesearch`` (a game-independent
  alpha-beta);
- ``errors`` and ``interface`` (the one game interface and ``History``);
- ``levels`` and ``words``.

The player's files, the command line and the desktop app sit on top.
"""

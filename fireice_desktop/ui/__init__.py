"""The desktop game on pygame-ce and pygame-gui: thin screens over the engine.

- ``app`` — the window and the loop; it is the navigator that opens screens by name.
- ``routes`` — the one table of screens; only ``app`` imports it.
- ``screens/`` — one module per screen (menu, set-up cards, handicap, rules, settings,
  statistics, and the one game screen).  A screen imports no other screen: it opens one by name
  through its navigator (``navigation``).
- ``views/`` — one view per game for the game screen: board, picture, words, widgets.
- ``game/`` — the game screen's parts: the board controller, the panel, the players
  (a person or a computer level per side), background jobs, the one move easing, the
  yes-or-no question and the scorekeeper that counts games in the statistics.
- ``cards``, ``backdrops``, ``scene``, ``saving`` — what screens share: card screens
  over a picture, widgets, the Save/Open/Text windows.
- ``art`` (fonts, wood, pegs), ``board_view``, ``layout``, ``hex_view``, ``hex_layout`` —
  drawing the wooden board and the sea, and the layouts that map pixels to holes and cells.

Everything here may import the engine, ``storage`` and ``statistics``; nothing in the
engine imports this package.
"""

"""The desktop game on pygame-ce and pygame-gui: thin screens over the engine.

- ``app`` (with ``main_loop``) — the window and the loop; it is the navigator that opens
  screens by name.
- ``routes`` — the one table of screens; only ``app`` imports it.
- ``screens/`` — one module per screen of the app's own (menu, rules, settings, statistics, and
  the one game screen).  A screen imports no other screen: it opens one by name through its
  navigator (``navigation``).
- ``games/`` — one package per game: its views, art, layouts, set-up screens, rules drawings
  and backdrop, described by one ``GameUI`` (``registry``) in its ``entry`` module.
  ``installed`` lists them; the routes, the menu, the statistics and the rules loop over that
  list, and nothing else names a game.  A game's package imports no other game's, and no screen.
- ``game/`` — the game screen's parts, for every game: the board controller, what a view is
  (``view``), the panel, the players (a person or a computer level per side), background jobs,
  the one move easing, the yes-or-no question and the scorekeeper that counts games in the
  statistics.
- What screens and games share: card screens over a picture (``cards``, ``backdrops``),
  widgets (``scene``), the Save/Open/Text windows (``saving``, ``file_dialog``,
  ``text_window``, ``notices``, ``text``), the keyboard (``keyboard``, ``focus_ring``,
  ``board_cursor``, ``focus_keys``), fonts and wood (``art``), the hint's arrow
  (``drawing``), the rules text and what its drawings are (``rules_text``, ``rules_drawings``).

Everything here may import the engine, ``storage`` and ``statistics``; nothing in the
engine imports this package.
"""

"""The desktop game on pygame-ce and pygame-gui: thin screens over the engine.

Layers, top to bottom; each imports only those below it (and the player's files and the
engine), and the parts of one folder never import each other round a loop:

- ``app`` (with ``main_loop``) — the window and the loop; it is the navigator that opens
  screens by name.  ``routes`` — the one table of screens; only ``app`` imports it.
- ``screens/`` — one module per screen of the app's own (menu, rules, settings, statistics,
  Learn and the one game screen), with the screens' own parts (the Save and Open windows, the
  rules text).  A screen imports no other screen: it opens one by name through its navigator
  (``frame.navigation``).
- ``games/`` — one package per game: its views, art, layouts, set-up screens, rules drawings
  and backdrop, described by one ``GameUI`` (``frame.registry``) in its ``entry`` module;
  ``games.installed`` lists them.  The routes, the menu, the statistics and the rules loop
  over that list, and nothing else names a game.  A game's package imports no other game's,
  and no screen.
- ``game/`` — the game screen's parts, for every game: the board controller, what a view is
  (``view``), the panel, the players (a person or a computer level per side), the keys and the
  mouse, the computer's advice (``advice/``) and the windows over the board (``windows/``).
- ``frame/`` — what every screen stands on: the scene, the navigator and the shared services,
  card screens and backdrops, the player's settings and files, and what a game's UI package
  tells the desktop.
- ``keyboard/`` — playing without a mouse: the focus ring and the board's cursor.
- ``toolkit/`` — what every drawing uses, over pygame-gui: scaling, text, the language,
  notices, the file dialog, art, the move easing, work off the UI thread and the changes to
  how pygame-gui works.

Nothing in the engine or the player's files imports this package.
"""

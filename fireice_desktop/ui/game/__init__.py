"""The game screen's parts: the board controller, the panel, the players, the mouse and
the keys, keeping the game, the finish, the trainer; the computer's advice (``advice/``) and
the windows over the board (``windows/``).  May import the engine, the player's files and
the UI's frame, keyboard and toolkit; never a screen, the routes or the list of games."""

"""The game screen's parts: the board controller, the panel, the players, the mouse and
the keys, the windows over the board, the work off the UI thread, the autosave, background
jobs and the one move easing.  May import the engine and the UI's shared modules; never a
screen, the routes or the list of games."""

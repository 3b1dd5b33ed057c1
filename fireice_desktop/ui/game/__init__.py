"""The game screen's parts: the board controller, the panel, the players, background jobs
and the one move easing.  May import the engine, ``views.base`` and the UI's shared
modules; never a screen."""

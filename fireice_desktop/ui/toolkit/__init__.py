"""What every screen draws with, over pygame-gui: scaling, text, theme ids, shapes, tool tips,
notices, the file dialog, the art and assets, the language, the sounds, the motion of moves and
long work off the UI thread."""

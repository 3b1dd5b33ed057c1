"""The frame every screen stands on: the scene interface, the navigator and the shared
services, card screens and their backdrops, the player's settings and files as the desktop
reads them, and what a game's UI package tells the desktop (its descriptor, its drawings for the
Rules screen, the words of the Statistics screen)."""

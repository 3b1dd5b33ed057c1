"""The player's statistics file: its counts, its puzzles, the checks that read it, and what
a screen reports to it."""

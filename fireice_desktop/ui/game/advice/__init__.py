"""What the computer adds to the game screen, off the UI thread: the hint, the review and its
graph, and the tutor's warning."""

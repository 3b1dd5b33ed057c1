"""Training on Fire & Ice positions: practising one's own mistakes, and the puzzles."""

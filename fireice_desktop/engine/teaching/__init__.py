"""Teaching: lessons, practising one's mistakes, and the puzzle rating."""

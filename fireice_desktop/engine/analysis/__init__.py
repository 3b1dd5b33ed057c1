"""The computer's review of a game: chances, verdicts, reasons and the tutor's warning."""

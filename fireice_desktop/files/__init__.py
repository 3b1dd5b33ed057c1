"""The player's files: where they live, the kept game and settings' home, the statistics, the
single-copy lock and the error log."""

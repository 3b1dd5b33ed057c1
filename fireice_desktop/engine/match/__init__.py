"""Matches between levels or outside programs: their games, processes and results."""

"""Fire & Ice Desktop: Jens-Peter Schliemann's Fire & Ice, its solitaire, and Icebreaker."""

__version__ = "0.1.0"

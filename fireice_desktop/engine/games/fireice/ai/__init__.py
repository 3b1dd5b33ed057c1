"""The Fire & Ice computer player: its levels, evaluation, fitted weights, search and playouts."""

"""Playing without a mouse: the keys that move the focus, the focus ring over the buttons,
the cursor on a board, and the two together as a screen uses them."""

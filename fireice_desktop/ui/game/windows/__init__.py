"""The windows over the game screen's board: a yes-or-no question, the Save and Open dialogs
and the Text window."""

"""Fire & Ice and its solitaire on the desktop: the wooden board and its pegs, the
handicap and computer set-up screens, the rules drawings (see :mod:`.entry`)."""

"""One module per screen, and the screens' own parts (:mod:`.saving`, :mod:`.rules_text`).
A screen imports no other screen: it opens one by name through its navigator
(:mod:`..frame.navigation`), and :mod:`..routes` is the one table of them all."""

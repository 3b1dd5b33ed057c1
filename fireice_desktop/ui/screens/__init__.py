"""One module per screen.  A screen imports no other screen: it opens one by name
through its navigator (:mod:`..navigation`), and :mod:`..routes` is the one table of
them all."""

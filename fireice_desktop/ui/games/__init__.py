"""Each game's UI package: ``fireice`` (Fire & Ice and its solitaire) and ``icebreaker``.

A package holds everything the desktop shows of its games (views, art, layouts, set-up
screens, rules drawings, backdrop) and describes it with one
:class:`~..frame.registry.GameUI` in its ``entry`` module; :mod:`.installed` lists them. A
game's package imports no other game's package and no screen.
"""

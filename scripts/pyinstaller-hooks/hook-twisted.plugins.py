"""Twisted's plug-ins for the standalone build: the one online play uses.

Twisted finds the kinds of endpoint a string such as ``tls:HOST:PORT`` names (magic-wormhole
reaches a ``wss://`` mailbox server through one) by listing the files in the folder of the
``twisted.plugins`` package and importing each.  In the bundle the modules are in the
archive, so the folder holds only copies of the files for the listing: ``twisted_core``,
the plug-in with the ``tls`` endpoint, and the package's own ``__init__``.
"""

from __future__ import annotations

from pathlib import Path

import twisted.plugins

PLUGINS = Path(twisted.plugins.__file__).parent
#: The plug-ins bundled (a module each in ``twisted/plugins``).
BUNDLED = ("twisted_core",)

hiddenimports = [f"twisted.plugins.{name}" for name in BUNDLED]
datas = [(str(PLUGINS / f"{name}.py"), "twisted/plugins") for name in ("__init__", *BUNDLED)]

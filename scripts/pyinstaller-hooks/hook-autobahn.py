"""autobahn's data for the standalone build.

autobahn checks WebSocket frames with native code of its own (NVX, built with cffi when it
was installed); the modules that load it read their C source when imported, so the source
files must be inside the bundle too.
"""

from __future__ import annotations

from PyInstaller.utils.hooks import collect_data_files

datas = collect_data_files("autobahn.nvx", includes=["*.c"])

"""``python -m fireice_desktop`` does what the ``fireice`` command does."""

from .cli import main

raise SystemExit(main())

"""The player's settings, remembered between runs in the user's config directory."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from ...files.storage import (
    SaveFileError,
    config_dir,
    read_text,
    remove_stale_temporaries,
    write_atomic,
)
from ...online.addresses import PUBLIC_MAILBOX, PUBLIC_RELAY, AddressError, Servers
from ..toolkit.language import LANGUAGES, system_language

SETTINGS_NAME = "settings.json"
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
#: The most characters of the player's name (the name the friend sees in online play).
MOST_NAME = 40


@dataclass
class Settings:
    """What a player can change on the Settings screen."""

    sound: bool = True
    show_legal_moves: bool = True
    coordinates: bool = True  # island letters and hole numbers on the board
    animation_speed: str = "normal"
    fullscreen: bool = False
    solvable_deals_only: bool = True
    tutor: bool = False  # ask before a blunder stands, in two-player games
    language: str = "en"  # a code of language.LANGUAGES; on the first run, the system's
    last_folder: str = ""  # where the last Open or Save window ended ("": the games folder)
    player_name: str = ""  # the name a friend sees in online play ("": the system's user name)
    mailbox: str = PUBLIC_MAILBOX  # the mailbox server that pairs online players by code
    relay: str = PUBLIC_RELAY  # the transit relay, for a connection when no direct one works
    direct_connections: bool = True  # try a direct connection before the relay

    def servers(self) -> Servers:
        """The servers online play uses, as set."""
        return Servers(self.mailbox, self.relay, self.direct_connections)

    @property
    def animation_factor(self) -> float:
        """How long animations take relative to normal (0 means none)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; defaults for anything missing, unreadable or wrong (a
        folder, a named pipe, a huge file: :func:`~...files.storage.read_text` refuses them)."""
        settings = cls(language=system_language())
        # A write killed half-way leaves its temporary file: those of earlier runs go.
        remove_stale_temporaries(config_dir(), SETTINGS_NAME)
        try:
            data = json.loads(read_text(config_dir() / SETTINGS_NAME))
        except (OSError, ValueError, RecursionError):  # RecursionError: nested too deeply
            return settings
        if not isinstance(data, dict):
            return settings
        for item in fields(cls):
            value = data.get(item.name)
            default = getattr(settings, item.name)
            if isinstance(value, type(default)) and not (
                (item.name == "animation_speed" and value not in ANIMATION_SPEEDS)
                or (item.name == "language" and value not in LANGUAGES)
            ):
                setattr(settings, item.name, value)
        settings.player_name = settings.player_name[:MOST_NAME]
        try:
            settings.servers().checked()
        except AddressError:  # edited by hand into something that is not an address
            settings.mailbox, settings.relay = PUBLIC_MAILBOX, PUBLIC_RELAY
        return settings

    def save(self) -> None:
        """Write the settings atomically (a temporary file, then ``os.replace``)."""
        folder = config_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(folder / SETTINGS_NAME, json.dumps(asdict(self), indent=1))
        except (OSError, SaveFileError):
            pass  # settings are a convenience: a read-only home must not stop the game

"""Where online play meets: the mailbox server (pairing by code) and the transit relay (the
connection when no direct one works), as magic-wormhole writes their addresses, and the
invite code's form.  Pure checks, no network: a mistake is refused before anything starts.

    mailbox  ws://relay.magic-wormhole.io:4000/v1      (the default: magic-wormhole's own)
    relay    tcp:transit.magic-wormhole.io:4001
    code     7-guitarist-revenge
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..engine.words import Words, quoted, say

#: The public servers magic-wormhole's own project runs (as its ``wormhole`` command uses).
PUBLIC_MAILBOX: Final = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY: Final = "tcp:transit.magic-wormhole.io:4001"
#: The game's own application id: codes of other programs never pair with ours.
APP_ID: Final = "fireice-desktop/online/v1"

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST = rf"(?:{_LABEL}(?:\.{_LABEL})*|\[[0-9A-Fa-f:.]{{2,45}}\])"
_MAILBOX = re.compile(rf"wss?://({_HOST}):([0-9]{{1,5}})(/[A-Za-z0-9._~/-]{{0,100}})?")
_RELAY = re.compile(rf"tcp:({_HOST}):([0-9]{{1,5}})")
_CODE = re.compile(r"([0-9]{1,6})-([a-z]{2,12})(-[a-z]{2,12}){1,3}")


class AddressError(ValueError):
    """An address or a code that cannot be one; :attr:`words` says why."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


#: The longest host name (as DNS allows).
MOST_HOST: Final = 253


def _fits(match: re.Match[str] | None) -> bool:
    """Whether an address's host is not too long and its port is one."""
    return (
        match is not None and len(match.group(1)) <= MOST_HOST and 1 <= int(match.group(2)) <= 65535
    )


def check_mailbox(text: str) -> str:
    """``text`` as a mailbox server's address (``ws://HOST:PORT/v1``), or :class:`AddressError`."""
    address = text.strip()
    match = _MAILBOX.fullmatch(address)
    if not _fits(match):
        raise AddressError(say("online.address.mailbox", text=quoted(text)))
    return address


def check_relay(text: str) -> str:
    """``text`` as a transit relay's address (``tcp:HOST:PORT``), or :class:`AddressError`."""
    address = text.strip()
    match = _RELAY.fullmatch(address)
    if not _fits(match):
        raise AddressError(say("online.address.relay", text=quoted(text)))
    return address


def check_code(text: str) -> str:
    """``text`` as an invite code (``7-guitarist-revenge``: spaces around it and case do not
    matter, and spaces between the words count as hyphens), or :class:`AddressError`."""
    code = "-".join(text.strip().lower().replace("-", " ").split())
    if len(text) > 200 or _CODE.fullmatch(code) is None:
        raise AddressError(say("online.address.code", text=quoted(text)))
    return code


@dataclass(frozen=True)
class Servers:
    """The mailbox server and transit relay to use, and whether a direct connection may be
    tried (``direct=False``: everything through the relay)."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    direct: bool = True

    def checked(self) -> Servers:
        return Servers(check_mailbox(self.mailbox), check_relay(self.relay), self.direct)

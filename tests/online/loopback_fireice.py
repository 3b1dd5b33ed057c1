"""``fireice`` as the online tests run it: offering the friend 127.0.0.1 only.

    python tests/online/loopback_fireice.py online host --mailbox ws://127.0.0.1:P/v1 ...

For a direct connection, magic-wormhole's Dilation offers the friend the address of every
network interface this machine has (``wormhole.ipaddrs.find_addresses``, called by
``wormhole._dilation.connector.Connector._get_listener_addresses``), and leaves 127.0.0.1
out whenever another address exists.  Run as it is, a test's "direct" game would then be
offered and would try the machine's LAN or public addresses: traffic beyond the loopback,
and a test that depends on the machine's network.  This script replaces that discovery with
one that names 127.0.0.1 only, then runs the program's own entry point
(:func:`fireice_desktop.cli.main`) unchanged; every ``fireice`` process the online tests
start runs through it, so nothing they do reaches beyond the loopback, even with direct
connections allowed.

The replacement reaches into the library, so it is pinned to the version it was read in:
another version of magic-wormhole stops here, saying so, before anything connects (read
``_get_listener_addresses`` again in the new version, then change the pin).
"""

from __future__ import annotations

#: The magic-wormhole version whose address discovery this script replaces.
PINNED_WORMHOLE = "0.24.0"


def loopback_only() -> None:
    """Make magic-wormhole offer 127.0.0.1 alone for a direct connection."""
    import wormhole
    import wormhole.ipaddrs

    if wormhole.__version__ != PINNED_WORMHOLE:
        raise SystemExit(
            f"loopback_fireice.py is pinned to magic-wormhole {PINNED_WORMHOLE}, "
            f"not {wormhole.__version__}: check how it finds its addresses"
        )
    wormhole.ipaddrs.find_addresses = lambda: ["127.0.0.1"]


def main() -> int:
    loopback_only()
    from fireice_desktop.cli import main as fireice

    return fireice()


if __name__ == "__main__":
    raise SystemExit(main())

"""``fireice online host|join|resume``: a game with a friend who is not in the room, at the
terminal or from a script.

Standard output carries only these lines, each flushed at once (a contract)::

    code: 7-guitarist-revenge          (host and resume, first)
    move 1: fire D4-C4                 (every move of either side, in order)
    result: fire wins | result: ice resigned | result: paused

Prompts, the board and what the connection is doing go to standard error.  This side's moves
are read from standard input one line at a time, only when it is this side's turn; ``resign``
resigns; the end of the input when a move is due pauses the game (both sides keep it).
Offers from the friend (a rematch, a take-back) are declined here.

Exit status 0 after a ``result:`` line; 2 for options that do not fit or a text that cannot
be a code; 1 for a wrong code, nobody hosting the code (within a minute), a mailbox server
that cannot be reached (within half a minute), or a friend's copy that breaks the rules
(this side's game kept as it was).

Twisted and magic-wormhole, and the game's own session and kept online game, are imported
only when one of these commands runs: every other command starts as fast as before.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import queue
import signal
import threading
import time
from typing import TYPE_CHECKING, Any, Final

from ..engine.command_line import CommandLine, Option
from ..engine.errors import IllegalMoveError, NotationError
from ..engine.games import registered_games
from ..engine.records.game import GameRecord
from ..engine.registry import Game, find_game
from ..engine.words import quoted, spoken
from ..files.storage import SaveFileError
from ..online.addresses import PUBLIC_MAILBOX, PUBLIC_RELAY, AddressError, Servers, check_code
from ..online.messages import MOST_NAME
from .errors import EXIT_FAILURE, CommandError, tell
from .game_parsers import Commands
from .options import add_option, option_values
from .streams import flush_output, read_line, say

if TYPE_CHECKING:  # the game's own online modules too are imported only when one is played
    from ..online.kept import Keeper
    from ..online.session import Session

#: Seconds a guest waits for the host of its code before giving up.
NOBODY_PATIENCE: Final = 45.0
#: Seconds to wait for a line of input right after asking for a move (a script's is there).
INPUT_GLANCE: Final = 0.02
#: Seconds to wait for the friend to confirm the last move before closing at the end.
LAST_ACK_PATIENCE: Final = 5.0


def _say_now(line: str) -> None:
    """``line`` on standard output, delivered at once: a script (or the friend's program)
    waits for each line, and a pipe would otherwise hold them until the program ends."""
    say(line)
    flush_output()


def online_games() -> list[Game]:
    """The games that can be played online: the two-player games with a game code."""
    return [
        game
        for game in registered_games()
        if game.code_number is not None and not game.solo and game.command_line is not None
    ]


def _line(game: Game) -> CommandLine:
    line = game.command_line
    assert line is not None
    return line


def _invite_options(game: Game) -> tuple[Option, ...]:
    line = _line(game)
    options = line.setup_options if line.invite_options is None else line.invite_options
    # No defaults in the parser: a flag of another game is then seen as given.
    return tuple(dataclasses.replace(option, default=None, required=False) for option in options)


def add_online_commands(commands: Commands) -> None:
    """``online host``, ``online join CODE`` and ``online resume``."""
    games = online_games()
    online = commands.add_parser("online", help="play a friend who is not in the room")
    online_commands = online.add_subparsers(dest="subcommand", metavar="COMMAND", required=True)
    host = online_commands.add_parser("host", help="start a game and print its invite code")
    names = [game.name for game in games]
    host.add_argument(
        "--game", choices=names, default=names[0], help=f"the game (default {names[0]})"
    )
    host.add_argument(
        "--as",
        dest="side",
        choices=[side for game in games for side in _line(game).match_sides],
        help="the side you play (default: the side that moves first)",
    )
    seen: set[str] = set()
    for game in games:
        for option in _invite_options(game):
            if option.flag not in seen:
                seen.add(option.flag)
                add_option(host, option)
    join = online_commands.add_parser("join", help="join the game a friend's invite code names")
    join.add_argument("code", metavar="CODE", help="the invite code, like 7-guitarist-revenge")
    resume = online_commands.add_parser(
        "resume", help="take up the kept online game with a new code for the friend to join"
    )
    for command in (host, join, resume):
        command.add_argument(
            "--mailbox",
            metavar="URL",
            default=PUBLIC_MAILBOX,
            help=f"the mailbox server (default {PUBLIC_MAILBOX})",
        )
        command.add_argument(
            "--relay",
            metavar="ADDRESS",
            default=PUBLIC_RELAY,
            help=f"the transit relay (default {PUBLIC_RELAY})",
        )
        command.add_argument(
            "--direct",
            choices=("none",),
            help="none: no direct connection, everything through the relay",
        )
        command.add_argument(
            "--name", default="", help="the name your friend sees (default: your login name)"
        )
        command.set_defaults(handler=cmd_online, subparser=command, check=_check)


def _check(args: argparse.Namespace) -> None:
    """Options that do not fit together: usage, status 2."""
    if args.subcommand == "host":
        args.setup, args.me = _host_setup(args)
    if len(args.name) > MOST_NAME or not args.name.isprintable():
        raise CommandError(
            f"--name {quoted(args.name)}: a name is at most {MOST_NAME} printable characters",
            usage=True,
        )
    try:
        Servers(args.mailbox, args.relay).checked()
        if args.subcommand == "join":
            args.code = check_code(args.code)
    except AddressError as error:
        raise CommandError(str(error), usage=True) from None


def _host_setup(args: argparse.Namespace) -> tuple[Any, Any]:
    """The set-up and the host's side the options name (a mistake: usage, status 2)."""
    game = find_game(args.game)
    own = _invite_options(game)
    own_flags = {option.flag for option in own}
    for other in online_games():
        for option in _invite_options(other):
            if option.flag not in own_flags and getattr(args, option.dest, None) is not None:
                raise CommandError(f"{option.flag} is not an option of {game.title}", usage=True)
    sides = _line(game).match_sides
    if args.side is not None and args.side not in sides:
        raise CommandError(f"--as {args.side} is not a side of {game.title}", usage=True)
    line = _line(game)
    values = option_values(args, own)
    try:
        if line.invite_values is not None:
            values = dict(line.invite_values(values))
        for option in line.setup_options:
            if values.get(option.dest) is None and option.default is not None:
                values[option.dest] = option.default
        setup = game.setup_from_options(values)
        me = game.parse_side(args.side or sides[0])
    except ValueError as error:
        raise CommandError(str(error), usage=True) from None
    return setup, me


def cmd_online(args: argparse.Namespace) -> int:
    """Run ``fireice online host|join|resume``; the exit status."""
    # Imported here, as Twisted is later: every command builds the parser from this module,
    # and none but these should wait for the online game's modules to load.
    from ..online.kept import Keeper, load_online
    from ..online.session import Session, new_game

    servers = Servers(args.mailbox, args.relay, args.direct != "none")
    keeper = Keeper()
    name = args.name or os.environ.get("USER", "") or "friend"
    if args.subcommand == "host":
        game = new_game(GameRecord(args.game, (), args.setup), args.me)
        session = Session("host", game, name, keeper, _version())
    elif args.subcommand == "resume":
        kept = load_online()
        if kept.online is None:
            if kept.problem:
                where = f"; it was set aside as {kept.set_aside_as}" if kept.set_aside_as else ""
                raise CommandError(
                    f"the kept online game cannot be read ({kept.problem}){where}", EXIT_FAILURE
                )
            raise CommandError("no online game is kept here to resume", EXIT_FAILURE)
        keeper.id = kept.online.id
        session = Session("host", kept.online, name, keeper, _version())
    else:
        kept = load_online()
        session = Session("guest", kept.online, name, keeper, _version())
    return _Terminal(args, session, servers, keeper).run()


def _version() -> str:
    from .. import __version__

    return __version__


class _Terminal:
    """One online game played at the terminal."""

    def __init__(
        self, args: argparse.Namespace, session: Session, servers: Servers, keeper: Keeper
    ) -> None:
        self.args = args
        self.session = session
        self.servers = servers
        self.keeper = keeper
        self.lines: queue.Queue[str | CommandError | None] = queue.Queue()
        self.want_line = threading.Event()
        self.asked = False
        self.printed = 0
        self.stop = False

    # --- standard input, read only when a move is due ---------------------------------

    def _reader(self) -> None:
        while True:
            self.want_line.wait()
            self.want_line.clear()
            try:
                line = read_line()
            except CommandError as error:
                self.lines.put(error)
                continue
            self.lines.put(line)
            if line is None:
                return

    def run(self) -> int:
        from ..online.link import Link  # Twisted and magic-wormhole, only now
        from ..online.table import Connection, Failed, Shown, Table

        previous = signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGTERM, self._terminated)
        link = Link(self.servers, _version())
        table = Table(self.session, link)
        if self.session.role == "host":
            link.host()
            tell("Asking the mailbox server for an invite code…")
        else:
            link.join(self.args.code)
            tell(f"Joining {self.args.code}…")
        threading.Thread(target=self._reader, name="input", daemon=True).start()
        started_at = time.monotonic()
        paired = False
        result: str | None = None
        try:
            while result is None:
                if self.stop and not table.paused:
                    table.pause()
                    if not self.session.started:
                        table.close()
                        result = "paused"
                        break
                for happened in table.pump(wait=0.05):
                    if isinstance(happened, Shown):
                        _say_now(f"code: {happened.code}")
                        tell("Give your friend this code: they type  fireice online join CODE")
                    elif isinstance(happened, Connection):
                        paired = paired or happened.state in ("paired", "connected")
                        self._connection(happened.state, link)
                        if happened.state == "closed" and result is None:
                            result = "paused" if table.paused else None
                            if result is None:
                                raise CommandError("the connection closed", EXIT_FAILURE)
                    elif isinstance(happened, Failed):
                        self._failed(table, happened)
                    else:
                        result = self._event(table, happened) or result
                if result is None and table.paused and table.over:
                    result = "paused"
                waited = time.monotonic() - started_at
                if not paired and self.session.role == "guest" and waited > NOBODY_PATIENCE:
                    table.close()
                    raise CommandError(
                        f"nobody is hosting the code {self.args.code} "
                        f"(waited {int(NOBODY_PATIENCE)} seconds)",
                        EXIT_FAILURE,
                    )
                if result is None:
                    result = self._maybe_read(table)
            self._wait_for_last_ack(table)
        finally:
            signal.signal(signal.SIGTERM, previous)
            table.close()
            link.wait_closed(LAST_ACK_PATIENCE)
        if self.keeper.set_aside_as is not None:
            aside = self.keeper.set_aside_as
            tell(f"The unfinished online game kept before was set aside as {aside}.")
        _say_now(f"result: {result}")
        return 0

    def _terminated(self, signum: int, frame: Any) -> None:
        self.stop = True

    def _connection(self, state: str, link: Any) -> None:
        if state == "paired":
            tell("The code is right: connecting…")
        elif state == "connected":
            route = "through the relay" if "relay" in link.route else "directly"
            tell(f"Connected {route}." if link.route else "Connected.")
        elif state == "lost":
            tell("Connection lost — reconnecting…")
        elif state == "back":
            tell("Connection back.")

    def _failed(self, table: Any, failed: Any) -> None:
        words = spoken(failed.words, "en")
        raise CommandError(words.rstrip("."), EXIT_FAILURE)

    def _print_moves(self) -> None:
        game = self.session.online
        assert game is not None
        positions = None
        while self.printed < game.count:
            if positions is None:
                positions = game.record.positions()
            n = self.printed + 1
            side = positions[n - 1].to_move
            _say_now(f"move {n}: {side.key} {game.record.moves[n - 1]}")
            self.printed = n

    def _event(self, table: Any, event: Any) -> str | None:
        from ..online.session import Acked, Moved, Offered, Over, Started, TakenBack, shown_name

        game = self.session.online
        assert game is not None
        if isinstance(event, Started):
            self.printed = 0
            friend = shown_name(game.friend) or "your friend"
            kind = find_game(game.record.game)
            tell(f"{kind.title}: you play {game.me.key}, {friend} plays {game.me.other.key}.")
            self._print_moves()
            self._show_board()
        elif isinstance(event, Moved):
            self._print_moves()
            if event.by_friend:
                self._show_board()
        elif isinstance(event, TakenBack):
            self.printed = min(self.printed, event.keep)
        elif isinstance(event, Offered):
            offer = "take-back" if event.what == "takeback" else "rematch"
            tell(f"Your friend offers a {offer}: declined here.")
            table.act("answer", False)
        elif isinstance(event, Over):
            self._print_moves()
            loser = game.resigned
            return f"{loser} resigned" if loser else f"{event.winner.key} wins"
        elif isinstance(event, Acked):
            pass
        return None

    def _show_board(self) -> None:
        game = self.session.online
        assert game is not None
        kind = find_game(game.record.game)
        tell(kind.describe(game.position))

    def _maybe_read(self, table: Any) -> str | None:
        if not self.session.my_turn() or table.over:
            return None
        game = self.session.online
        assert game is not None
        just_asked = not self.asked
        if just_asked:
            tell(f"Your move ({game.me.key}), or resign:")
            self.asked = True
            self.want_line.set()
        try:
            # A script's line is there at once: take it now rather than after the next
            # wait for the network (a move's way to the friend is that much shorter).
            line = self.lines.get(timeout=INPUT_GLANCE) if just_asked else self.lines.get_nowait()
        except queue.Empty:
            return None
        self.asked = False
        if isinstance(line, CommandError):
            tell(str(line))
            return None
        if line is None:
            tell(
                "The input ended: the game is paused and kept (fireice online resume takes it up)."
            )
            table.pause()
            return None
        text = line.strip()
        if not text:
            return None
        if text.lower() == "resign":
            events = table.act("resign")
            return "".join(self._event(table, e) or "" for e in events) or None
        try:
            events = table.act("play", text)
        except (IllegalMoveError, NotationError, ValueError) as error:
            if isinstance(error, SaveFileError):
                raise CommandError(
                    f"the online game could not be kept, so the move was not sent: {error}",
                    EXIT_FAILURE,
                ) from None
            tell(str(error))
            return None
        result = None
        for event in events:
            result = self._event(table, event) or result
        return result

    def _wait_for_last_ack(self, table: Any) -> None:
        """At the end, give the friend time to confirm the last move (so both print it)."""
        deadline = time.monotonic() + LAST_ACK_PATIENCE
        game = self.session.online
        while game is not None and game.pending and not table.over and time.monotonic() < deadline:
            table.pump(wait=0.05)
            game = self.session.online
        if not table.over:
            table.pump(wait=0.3)

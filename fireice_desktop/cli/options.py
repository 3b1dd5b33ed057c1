"""A game's :class:`~..engine.command_line.Option` as a flag of the argument parser.

The engine describes a game's flags as plain data, with a plain function that parses
a value and raises ``ValueError`` saying what is wrong; here that becomes argparse's
``type``, whose ``ArgumentTypeError`` argparse reports after the usage, as
``argument --FLAG: MESSAGE``, with exit status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..engine.command_line import Option


def _typed(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse`` as argparse's ``type``: its ``ValueError`` is the message shown."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def add_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, option: Option) -> None:
    """Add ``option`` to ``parser`` (or to a group of its flags)."""
    positional = not option.flag.startswith("-")
    settings: dict[str, Any] = {"help": option.help}
    if not positional:
        settings["dest"] = option.dest
    if option.metavar is not None:
        settings["metavar"] = option.metavar
    if option.default is not None:
        settings["default"] = option.default
    if option.choices is not None:
        settings["choices"] = option.choices
    if option.required and not positional:
        settings["required"] = True
    if option.parse is int:  # argparse's own message: "invalid int value: 'x'"
        settings["type"] = int
    elif option.parse is not None:
        settings["type"] = _typed(option.parse)
    if option.switch:
        parser.add_argument(option.flag, action="store_true", **settings)
    elif positional:
        settings.setdefault("metavar", option.flag)
        parser.add_argument(option.dest, **settings)
    else:
        parser.add_argument(option.flag, **settings)


def option_values(args: argparse.Namespace, options: tuple[Option, ...]) -> dict[str, Any]:
    """The values ``options`` were parsed into, by their ``dest``."""
    return {option.dest: getattr(args, option.dest) for option in options}


__all__ = ["add_option", "option_values"]

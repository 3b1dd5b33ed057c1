"""The servers' addresses and the invite code (online/addresses.py): the forms magic-wormhole
writes are taken, anything else is refused with AddressError saying the form to write,
before anything starts, whatever the text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireice_desktop.online.addresses import (
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    AddressError,
    Servers,
    check_code,
    check_mailbox,
    check_relay,
)


@pytest.mark.parametrize(
    "text",
    [
        PUBLIC_MAILBOX,
        "ws://relay.magic-wormhole.io:4000/v1",
        "wss://h:443/v1",
        "ws://[::1]:4000/v1",
        "ws://127.0.0.1:1/v1",
        "ws://127.0.0.1:65535/v1",
        "ws://localhost:4000",
        "  ws://club.example.org:4000/v1\n",
    ],
)
def test_a_mailbox_address_is_taken(text: str) -> None:
    assert check_mailbox(text) == text.strip()


@pytest.mark.parametrize(
    "text",
    [
        PUBLIC_RELAY,
        "tcp:127.0.0.1:4001",
        "tcp:transit.magic-wormhole.io:4001",
        "tcp:[::1]:4001",
        "tcp:" + "a." * 126 + "b:4001",  # 253 characters
        " tcp:h:1 ",
    ],
)
def test_a_relay_address_is_taken(text: str) -> None:
    assert check_relay(text) == text.strip()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7-guitarist-revenge", "7-guitarist-revenge"),
        ("7-Guitarist-REVENGE", "7-guitarist-revenge"),
        ("  7 guitarist revenge \n", "7-guitarist-revenge"),
        ("7 - guitarist -  revenge", "7-guitarist-revenge"),
        ("123-aa-bb-cc-dd", "123-aa-bb-cc-dd"),
    ],
)
def test_a_code_is_taken_whatever_its_case_and_spaces(text: str, code: str) -> None:
    assert check_code(text) == code


LONG = "x" * 10_000
BAD_MAILBOXES = [
    "ws://relay.magic-wormhole.io:0/v1",
    "ws://relay.magic-wormhole.io:70000/v1",
    "ws://relay.magic-wormhole.io:99999/v1",
    "ws://relay.magic-wormhole.io/v1",
    "relay.magic-wormhole.io:4000/v1",
    "http://relay.magic-wormhole.io:4000/v1",
    "https://relay.magic-wormhole.io:4000/v1",
    "ws://relay magic-wormhole.io:4000/v1",
    "ws://relay.magic-wormhole.io:4000/v 1",
    "ws://h:4000/v1\x00",
    "ws://h\x00:4000/v1",
    f"ws://{LONG}:4000/v1",
    "ws://" + "a." * 5000 + "b:4000/v1",
    "ws://" + "a." * 127 + "b:4000/v1",  # a host name longer than DNS allows
    LONG,
    "",
    "ws://[::1:4000/v1",
    "ws://h:\uff14\uff10\uff10\uff10/v1",  # full-width digits
    PUBLIC_RELAY,
]
BAD_RELAYS = [
    "tcp:127.0.0.1:0",
    "tcp:127.0.0.1:70000",
    "127.0.0.1:4001",
    "tcp://127.0.0.1:4001",
    "http://127.0.0.1:4001",
    "tcp:127.0.0 .1:4001",
    "tcp:h:4001\x00",
    f"tcp:{LONG}:4001",
    "tcp:" + "a." * 127 + "b:4001",  # a host name longer than DNS allows
    LONG,
    "",
    PUBLIC_MAILBOX,
]
BAD_CODES = [
    "",
    "guitarist-revenge",
    "7",
    "7-",
    "7-guitarist",
    "seven-guitarist-revenge",
    "7-guitar1st-revenge",
    "7-guitarist-revenge\x00",
    "7-guitarist\x00-revenge",
    "7-a-b",
    "1234567-guitarist-revenge",
    "7-" + "-".join(["word"] * 5),
    "7-" + "x" * 13 + "-revenge",
    "7-" + "-".join(["guitarist"] * 2000),
    LONG,
    "7-guitarist-revengé",
]


@pytest.mark.parametrize("text", BAD_MAILBOXES)
def test_a_bad_mailbox_address_is_refused_saying_the_form(text: str) -> None:
    with pytest.raises(AddressError) as error:
        check_mailbox(text)
    assert "ws://HOST:PORT/v1" in str(error.value)
    assert len(str(error.value)) < 300  # the text quoted short


@pytest.mark.parametrize("text", BAD_RELAYS)
def test_a_bad_relay_address_is_refused_saying_the_form(text: str) -> None:
    with pytest.raises(AddressError) as error:
        check_relay(text)
    assert "tcp:HOST:PORT" in str(error.value)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("text", BAD_CODES)
def test_a_bad_code_is_refused_saying_what_a_code_is(text: str) -> None:
    with pytest.raises(AddressError) as error:
        check_code(text)
    assert "7-guitarist-revenge" in str(error.value)
    assert len(str(error.value)) < 300


def test_an_address_error_is_a_value_error_with_words() -> None:
    with pytest.raises(ValueError) as error:
        check_relay("nowhere")
    assert isinstance(error.value, AddressError)
    assert str(error.value.words) == str(error.value)


def test_servers_are_checked_together() -> None:
    servers = Servers(" ws://127.0.0.1:4000/v1 ", "tcp:127.0.0.1:4001", direct=False)
    assert servers.checked() == Servers("ws://127.0.0.1:4000/v1", "tcp:127.0.0.1:4001", False)
    assert Servers().checked() == Servers(PUBLIC_MAILBOX, PUBLIC_RELAY, True)
    with pytest.raises(AddressError):
        Servers(relay="tcp:h:0").checked()


CHECKS = [check_mailbox, check_relay, check_code]
TEXTS = (
    st.text(max_size=300)
    | st.from_regex(r"(wss?://|tcp:)?[\w.\[\]:-]{0,40}(:[0-9]{0,6})?(/\S{0,10})?", fullmatch=True)
    | st.from_regex(r"[0-9]{1,7}([ -][A-Za-z]{1,14}){0,5}", fullmatch=True)
)


@settings(max_examples=250, deadline=None)
@given(TEXTS)
def test_any_text_is_an_address_or_address_error(text: str) -> None:
    for check in CHECKS:
        try:
            checked = check(text)
        except AddressError:
            continue
        assert check(checked) == checked  # what was taken is taken again as it is

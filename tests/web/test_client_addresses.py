"""Which address a request is counted by: its peer, or behind a trusted proxy the rightmost
forwarded address no trusted proxy added; IPv6 by its /64."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.config import Settings
from app.web.addresses import AddressConnections, ForwardedClient, RoomCreations, address_key


def seen(
    peer: str, forwarded: list[str] | None = None, proto: str | None = None, kind: str = "http"
) -> tuple[Any, str]:
    """The client and scheme the app sees, behind proxies 10.0.0.0/8 and 127.0.0.1."""
    got: dict[str, Any] = {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        got.update(scope)

    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded or []]
    if proto is not None:
        headers.append((b"x-forwarded-proto", proto.encode()))
    scheme = "ws" if kind == "websocket" else "http"
    scope = {"type": kind, "client": (peer, 5000), "headers": headers, "scheme": scheme}
    asyncio.run(ForwardedClient(app, "10.0.0.0/8, 127.0.0.1")(scope, None, None))  # type: ignore[arg-type]
    return got["client"], got["scheme"]


def test_an_untrusted_peer_is_itself_whatever_it_says() -> None:
    assert seen("203.0.113.5", ["198.51.100.1"], "https") == (("203.0.113.5", 5000), "http")


def test_behind_trusted_proxies_the_rightmost_untrusted_address_counts() -> None:
    assert seen("10.1.2.3", ["198.51.100.1"])[0] == ("198.51.100.1", 0)
    # the client wrote the left one; the proxy appended the one it heard from
    assert seen("10.1.2.3", ["6.6.6.6, 198.51.100.1"])[0] == ("198.51.100.1", 0)
    # several headers are one list; trusted hops are passed over
    assert seen("127.0.0.1", ["198.51.100.1", "10.9.9.9"])[0] == ("198.51.100.1", 0)
    # every hop trusted: the farthest one
    assert seen("10.1.2.3", ["10.0.0.7, 10.0.0.8"])[0] == ("10.0.0.7", 0)


def test_a_forwarded_entry_that_is_no_address_stops_the_walk() -> None:
    assert seen("10.1.2.3", ["198.51.100.1, unknown"])[0] == ("10.1.2.3", 5000)
    assert seen("10.1.2.3", ["junk, 198.51.100.1:4711"])[0] == ("198.51.100.1", 0)
    assert seen("10.1.2.3", ["[2001:db8::1]:443"])[0] == ("2001:db8::1", 0)


def test_the_scheme_comes_from_a_trusted_proxy_only() -> None:
    assert seen("10.1.2.3", [], "https")[1] == "https"
    assert seen("10.1.2.3", [], "https", kind="websocket")[1] == "wss"
    assert seen("10.1.2.3", [], "gopher")[1] == "http"


def test_limits_count_ipv6_by_its_64_and_mapped_ipv4_as_ipv4() -> None:
    assert address_key(("2001:db8:1:2:aaaa::1", 1)) == address_key(("2001:db8:1:2::9", 1))
    assert address_key(("2001:db8:1:2::9", 1)) == "2001:db8:1:2::/64"
    assert address_key(("2001:db8:1:3::9", 1)) != address_key(("2001:db8:1:2::9", 1))
    assert address_key(("::ffff:192.0.2.7", 1)) == "192.0.2.7"
    assert address_key(None) == ""


def test_an_address_holds_so_many_sockets_and_gets_them_back() -> None:
    held = AddressConnections(2)
    assert held.enter("a") and held.enter("a") and not held.enter("a")
    assert held.enter("b")
    held.leave("a")
    assert held.enter("a")
    for key in ("a", "a", "b"):
        held.leave(key)
    assert held.held == {}


def test_room_creations_come_in_a_burst_then_at_a_pace() -> None:
    creations = RoomCreations(burst=2, every=60)
    assert creations.take("a") is None and creations.take("a") is None
    wait = creations.take("a")
    assert wait is not None and 59 <= wait <= 60
    assert creations.take("b") is None


def test_a_trusted_proxy_that_is_no_address_stops_the_server_at_start() -> None:
    with pytest.raises(ValueError, match="KORTBORD_TRUSTED_PROXIES"):
        Settings(trusted_proxies="10.0.0.0/8, proxy.example")
    assert Settings(trusted_proxies="").trusted_proxies == ""

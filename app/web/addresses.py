"""Client addresses: who a request comes from, behind the proxies the host trusts, and what
one address may hold (sockets at once, rooms created).

Behind a reverse proxy every request comes from the proxy; the client's own address is in
``X-Forwarded-For``, which each proxy extends with the address it heard from. Only the
entries added by proxies the host trusts (``KORTBORD_TRUSTED_PROXIES``) can be believed:
the client is the rightmost address that is not a trusted proxy, and whatever stands left
of it is the client's own say. A request from any other peer is that peer.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from app.config import proxy_networks
from app.tables.limits import TokenBucket

log = logging.getLogger("kortbord.web")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def _ip(text: str) -> IPAddress | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


class ForwardedClient:
    """ASGI middleware: from a trusted proxy, the scope's client becomes the address the
    proxies forwarded and its scheme the one they were asked on (``X-Forwarded-Proto``)."""

    def __init__(self, app: ASGIApp, trusted: str) -> None:
        self.app = app
        self.trusted = proxy_networks(trusted)
        self._warned = False

    def trusts(self, ip: IPAddress | None) -> bool:
        return ip is not None and any(ip in net for net in self.trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            self.rewrite(scope)
        await self.app(scope, receive, send)

    def rewrite(self, scope: Scope) -> None:
        client = scope.get("client")
        if not client:
            return
        forwarded: list[str] = []
        proto: str | None = None
        for name, value in scope["headers"]:
            if name == b"x-forwarded-for":
                forwarded.extend(value.decode("latin-1").split(","))
            elif name == b"x-forwarded-proto":
                proto = value.decode("latin-1").strip().lower()
        peer = _ip(client[0])
        if not self.trusts(peer):
            if forwarded and not self._warned:
                self._warned = True
                log.info(
                    "X-Forwarded-For from %s is ignored: that peer is not in"
                    " KORTBORD_TRUSTED_PROXIES",
                    client[0],
                )
            return
        hop = peer
        for entry in reversed(forwarded):
            ip = _ip(entry)
            if ip is None:
                break  # not an address: nothing left of it can be believed either
            hop = ip
            if not self.trusts(ip):
                break
        if hop is not None and hop != peer:
            scope["client"] = (str(hop), 0)
        if proto in ("http", "https", "ws", "wss"):
            if scope["type"] == "websocket":
                proto = proto.replace("http", "ws")
            else:
                proto = proto.replace("ws", "http")
            scope["scheme"] = proto


def address_key(client: Any) -> str:
    """The address limits are counted by: IPv4 as it is, IPv6 by its /64 (one home or one
    machine commonly holds a whole /64)."""
    host = str(client[0]) if client else ""
    ip = _ip(host)
    if ip is None:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class AddressConnections:
    """WebSocket connections held at once, per client address, across rooms."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        held = self.held.get(key, 0)
        if held >= self.limit:
            return False
        self.held[key] = held + 1
        return True

    def leave(self, key: str) -> None:
        held = self.held.get(key, 0) - 1
        if held > 0:
            self.held[key] = held
        else:
            self.held.pop(key, None)


class RoomCreations:
    """Rooms created per client address: a token bucket each, forgotten once full again."""

    PRUNE_PAST = 10_000
    """Addresses remembered before those whose bucket is full again are forgotten."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst = burst
        self.rate = 1 / every
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> int | None:
        """``None`` if the address may create a room now (and it is counted), else the
        whole seconds until it may."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.PRUNE_PAST:
                self.buckets = {k: b for k, b in self.buckets.items() if not b.full()}
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        if bucket.take():
            return None
        return max(1, math.ceil(bucket.wait()))


__all__ = ["AddressConnections", "ForwardedClient", "RoomCreations", "address_key"]

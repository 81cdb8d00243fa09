"""Runtime settings, read from the environment.

Every variable carries the ``KORTBORD_`` prefix except ``DATABASE_URL``, which keeps the
name hosting platforms and tooling already use for it.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from pathlib import Path
from typing import Self

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KORTBORD_")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    data_dir: Path = Path("./data")
    # Empty means "the embedded SQLite file under data_dir", filled in once data_dir is known.
    database_url: str = Field(
        default="", validation_alias=AliasChoices("DATABASE_URL", "database_url")
    )
    public_origin: str | None = None

    # WebSocket limits: the only place they are set.
    ws_max_frame_bytes: int = Field(default=4096, gt=0)
    ws_messages_per_second: float = Field(default=20, gt=0)
    ws_burst: int = Field(default=40, gt=0)
    # Refused messages (malformed, oversized, over the rate) a connection may send before it
    # is closed with 1008: a client that keeps sending them is broken or hostile.
    ws_max_bad_messages: int = Field(default=20, gt=0)
    # ...of which one is forgiven every this many seconds, so that a client which slips now
    # and then is never closed, and one that keeps sending garbage is.
    ws_bad_message_forgiven_after: float = Field(default=10.0, gt=0)
    # Chat lines a connection may send at once, and then one every this many seconds: a
    # pace for people typing, well below the message rate a game's moves need.
    ws_chat_burst: int = Field(default=5, gt=0)
    ws_chat_every: float = Field(default=3.0, gt=0)
    # Messages waiting for a slow client; past this it is closed and resyncs on reconnect.
    ws_send_queue: int = Field(default=256, gt=0)
    # Browser origins allowed to open a WebSocket besides the server's own (comma-separated).
    allowed_origins: str = ""
    # Fair shares of the server: what one room, one seat and one client address may hold.
    # A room takes spectators while fewer than room_spectators watch and it holds fewer than
    # room_connections connections; past either, a newcomer must prove a seat (hello with
    # its secret) within seat_proof_seconds or is closed. A seat's own connections always
    # come in: past seat_connections the seat's oldest one is closed.
    room_connections: int = Field(default=120, gt=0)
    room_spectators: int = Field(default=100, ge=0)
    seat_connections: int = Field(default=4, gt=0)
    seat_proof_seconds: float = Field(default=10.0, gt=0, le=300)
    # WebSocket connections one client address holds at once, across rooms (IPv6: per /64).
    address_connections: int = Field(default=64, gt=0)
    # Rooms one client address may create at once, and then one every this many seconds.
    address_rooms_burst: int = Field(default=10, gt=0)
    address_rooms_every: float = Field(default=60.0, gt=0)
    # Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses or networks
    # (CIDR), comma-separated. The client is the rightmost address they did not add.
    trusted_proxies: str = "127.0.0.1,::1"
    # A crowd's share: spectators are sent a room's state at most this often (seconds; seated
    # players at once), chat lines go out in one message per room per chat_tick, and what
    # spectators say in a room is held to room_chat_burst lines at once, then one line every
    # room_chat_every seconds, whoever says it.
    spectator_every: float = Field(default=0.25, ge=0, le=10)
    # ...but only past this many spectators: a room watched by a few sends them every state
    # at once, as it does its players.
    crowd_spectators: int = Field(default=8, ge=0)
    chat_tick: float = Field(default=0.1, ge=0, le=5)
    room_chat_burst: int = Field(default=20, gt=0)
    room_chat_every: float = Field(default=0.5, gt=0)
    # Hints a seat may ask for at once, and then one every room_hint_every seconds: each is
    # a computer player's decision made on the server.
    room_hint_burst: int = Field(default=5, gt=0)
    room_hint_every: float = Field(default=2.0, gt=0)
    # Seconds a room stays in memory with nobody there (no connection, no computer player
    # to move, nothing due on its clocks): then it is unloaded, its lease released with
    # several instances, and its next visitor loads it again from its log.
    room_idle_seconds: float = Field(default=600.0, gt=0, le=86400)
    # Seconds after which such a room is held as its log alone until then: still this
    # instance's (its lease kept), a few hundred bytes instead of its match, seats and chat
    # in memory, and rebuilt from its log by its next visitor, the same room. Longer than a
    # page reload or a dropped connection, which would otherwise pay for the rebuilding
    # (some 40 ms of CPU for a whole match of Bismarck).
    room_dormant_seconds: float = Field(default=60.0, gt=0, le=86400)
    # The least milliseconds between the starts of two commits to the database: a write
    # that comes sooner waits for the rest, and other rooms' writes that come meanwhile
    # share its commit (one disk flush, one hand-over to the writer thread). At a human pace
    # most actions come alone, and a commit each was much of their cost. Every action is
    # still committed before anyone sees it, at most this much later; after a quiet spell
    # at once. 0: no wait.
    commit_window_ms: float = Field(default=10.0, ge=0, le=100)
    # Seconds a computer player waits before acting, so people can follow the table.
    bot_delay: float = Field(default=0.8, ge=0, le=30)
    # Seconds a strong computer player may think about one decision.
    bot_budget: float = Field(default=0.6, gt=0, le=10)
    # Seconds the strong player's review of a finished deal may think about each decision.
    review_budget: float = Field(default=0.5, gt=0, le=10)
    # Several instances on one PostgreSQL database: each owns its rooms by a lease in the
    # database, renewed every lease_renew seconds and lost lease_seconds after the last
    # renewal; a room asked for by another instance is given up once held handover_tenure
    # seconds. An instance's id must be unique among the running instances; the default is.
    instance_id: str = Field(default_factory=lambda: _default_instance_id(), max_length=64)
    lease_seconds: float = Field(default=10.0, ge=1, le=300)
    lease_renew: float = Field(default=3.0, gt=0, le=100)
    handover_tenure: float = Field(default=5.0, ge=0, le=300)
    # The bare echo-broadcast endpoint bench/load.py measures rooms against; never in production.
    bench_echo: bool = False

    @model_validator(mode="after")
    def _default_database_url(self) -> Self:
        if not self.database_url:
            self.database_url = f"sqlite:///{self.data_dir}/kortbord.db"
        return self

    @model_validator(mode="after")
    def _proxies_are_addresses(self) -> Self:
        proxy_networks(self.trusted_proxies)  # a typo stops the server at start, not later
        return self

    @model_validator(mode="after")
    def _renewals_within_a_lease(self) -> Self:
        if self.lease_renew * 2 > self.lease_seconds:
            raise ValueError("KORTBORD_LEASE_RENEW must be at most half of KORTBORD_LEASE_SECONDS")
        return self


IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_networks(text: str) -> tuple[IPNetwork, ...]:
    """``KORTBORD_TRUSTED_PROXIES`` read: addresses and networks, comma-separated; empty
    trusts none."""
    networks = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(
                f"KORTBORD_TRUSTED_PROXIES: {item!r} is not an address or a network (CIDR)"
            ) from None
    return tuple(networks)


def _default_instance_id() -> str:
    """Host, process and a random part: never the same for two running instances."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"


def get_settings() -> Settings:
    return Settings()

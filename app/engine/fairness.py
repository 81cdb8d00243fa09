"""Deals anyone can verify: the pack order as a function of seeds (``docs/fairness.md``).

Before a deal the table commits to a secret server seed by its SHA-256; the seated players'
client seeds are mixed in when the deal is dealt; the server seed is revealed when the deal
is over. The order of the pack is then HMAC-SHA-256, keyed with the server seed, driving a
Fisher-Yates shuffle of the game's pack in its canonical order (:attr:`Game.pack`). The
scheme is written out in ``docs/fairness.md`` precisely enough to re-implement; this module
is that text in code, and nothing here draws a random number: the seeds come from outside.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator, Sequence
from typing import TypeVar

SCHEME = "kortbord-fair/2"
"""The scheme deals are dealt by now, written beside every deal's seeds: the first dealer of
a match is drawn from its first deal's seeds (:func:`first_dealer`), and each seat's seed
is given for one commitment, after it was shown."""
SCHEMES = ("kortbord-fair/1", SCHEME)
"""Every scheme a record may name; ``kortbord-fair/1`` is the same shuffle, with the first
dealer drawn by the server alone."""
SERVER_SEED_BYTES = 32
CLIENT_SEED_MAX = 64
CLIENT_SEED = re.compile(rf"[0-9A-Za-z_-]{{0,{CLIENT_SEED_MAX}}}")
"""A client seed: up to 64 letters, digits, ``-`` and ``_`` (none of them a separator of the
message below); a seat that gave none contributes the empty string."""
SERVER_SEED = re.compile(rf"[0-9a-f]{{{2 * SERVER_SEED_BYTES}}}")

T = TypeVar("T")


def is_client_seed(text: object) -> bool:
    return isinstance(text, str) and CLIENT_SEED.fullmatch(text) is not None


def is_server_seed(text: object) -> bool:
    return isinstance(text, str) and SERVER_SEED.fullmatch(text) is not None


def commitment(server_seed: str) -> str:
    """SHA-256 of the seed's 32 bytes, in lowercase hex: published before the deal."""
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def message(deal: int, client_seeds: Sequence[str]) -> bytes:
    """What the server seed authenticates: ``<deal>:<seed of seat 0>,<seed of seat 1>,...``."""
    return f"{deal}:{','.join(client_seeds)}".encode()


def stream(server_seed: str, deal: int, client_seeds: Sequence[str]) -> Iterator[int]:
    """Unsigned 32-bit numbers: the blocks HMAC-SHA-256(server seed, message + ``:k``) for
    k = 0, 1, 2, ..., each cut into eight big-endian words."""
    key = bytes.fromhex(server_seed)
    base = message(deal, client_seeds)
    counter = 0
    while True:
        block = hmac.new(key, base + f":{counter}".encode(), hashlib.sha256).digest()
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")
        counter += 1


def below(words: Iterator[int], bound: int) -> int:
    """A uniform integer in ``[0, bound)``: the next word under the largest multiple of
    ``bound`` that fits in 32 bits, modulo ``bound`` (rejection sampling: no bias)."""
    limit = (1 << 32) - (1 << 32) % bound
    for word in words:
        if word < limit:
            return word % bound
    raise AssertionError("the stream is endless")


def first_dealer(server_seed: str, client_seeds: Sequence[str], seats: int) -> int:
    """The dealer of a match's first deal, a number below ``seats`` drawn from the stream of
    deal number 0: the same seeds as deal 1's, so the server, committed to its seed before
    the players chose theirs, cannot choose who is dealt which hand either."""
    _check_seeds(server_seed, client_seeds)
    return below(stream(server_seed, 0, client_seeds), seats)


def _check_seeds(server_seed: str, client_seeds: Sequence[str]) -> None:
    if not is_server_seed(server_seed):
        raise ValueError("a server seed is 64 lowercase hex digits")
    if not all(is_client_seed(s) for s in client_seeds):
        raise ValueError(f"a client seed is up to {CLIENT_SEED_MAX} of 0-9 A-Z a-z - _")


def shuffled(
    pack: Sequence[T], server_seed: str, deal: int, client_seeds: Sequence[str]
) -> list[T]:
    """The pack in the order it is dealt: Fisher-Yates from the last position down, the
    position ``i`` swapped with ``below(i + 1)``."""
    _check_seeds(server_seed, client_seeds)
    order = list(pack)
    words = stream(server_seed, deal, client_seeds)
    for i in range(len(order) - 1, 0, -1):
        j = below(words, i + 1)
        order[i], order[j] = order[j], order[i]
    return order

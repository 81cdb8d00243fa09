"""Room codes, seat secrets and the server seeds deals are dealt from.

A seat secret is 192 random bits, so a plain SHA-256 of it is a safe thing to store: there is
nothing to brute-force. Comparison is constant-time all the same.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from app.engine.fairness import SERVER_SEED_BYTES

ROOM_CODE_BYTES = 12  # 96 bits: not guessable, still a short link
SECRET_BYTES = 24


def new_room_code() -> str:
    return secrets.token_urlsafe(ROOM_CODE_BYTES)


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def new_server_seed() -> str:
    """A deal's server seed: 64 lowercase hex digits (docs/fairness.md)."""
    return secrets.token_hex(SERVER_SEED_BYTES)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def secret_matches(secret: str, digest: str) -> bool:
    return hmac.compare_digest(hash_secret(secret), digest)


def is_room_code(text: str) -> bool:
    return 8 <= len(text) <= 32 and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)

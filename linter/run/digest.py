"""BLAKE2b, the hash both caches name and check their entries with, taken from the
interpreter's own `_blake2` module: `hashlib` imports `_hashlib`, which loads OpenSSL's
libcrypto for every hash, and that costs a one-file run about 4 ms here (and a replayed
run 2 ms of its 10)."""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b


def hex_digest(data: bytes, size: int = 32) -> str:
    """`size` bytes of BLAKE2b of `data`, as 2 × `size` lowercase hex digits."""
    return blake2b(data, digest_size=size).hexdigest()


__all__ = ["blake2b", "hex_digest"]

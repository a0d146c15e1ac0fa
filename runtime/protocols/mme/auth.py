"""The document's SHA-1 schemes: AUTHENTICATE tokens and salted menu passwords.

SHA-1 sums are 20-byte binary strings (never byte-swapped). Both schemes hash a salt
followed by data:

* AUTHENTICATE token = SHA-1(secret server salt + B24 name + U4 player id + U4 time), the
  last three exactly as sent (the name null-filled to 24 bytes);
* a salted password is "encrypted" as SHA-1(salt + data): the first time over the
  password itself (no terminator), then over the previous 20-byte digest. The client's
  MENU_RESPONSE to a MENU_SALTED_PASSWORD carries its own random salt and the digest after
  the server's salts (0, 1 or 2 of them) and then that salt.
"""
from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Sequence

BytesLike = bytes | bytearray | memoryview


def salted(salt: BytesLike, data: BytesLike) -> bytes:
    """One encryption step: SHA-1 of the salt followed by the data."""
    return hashlib.sha1(bytes(salt) + bytes(data)).digest()


def credentials_bytes(name: str | bytes, player_id: int, time: int) -> bytes:
    """The 32 bytes the token covers: the name null-filled to 24 bytes, id and time (U4)."""
    raw = name.encode("latin-1") if isinstance(name, str) else bytes(name)
    if len(raw) > 24:
        raise ValueError("a player name is at most 24 bytes")
    return raw.ljust(24, b"\0") + struct.pack("<II", player_id, time)


def authenticate_token(server_salt: BytesLike, name: str | bytes, player_id: int,
                       time: int) -> bytes:
    """The token the login server issues for these credentials."""
    return salted(server_salt, credentials_bytes(name, player_id, time))


def verify_authenticate(payload: BytesLike, server_salt: BytesLike) -> bool:
    """Does a 52-byte (or longer) AUTHENTICATE or CONNECT payload carry a valid token?

    ``payload`` is the packet's payload (``event.raw[4:]``): the token is checked against
    the name, id and time exactly as sent, including any bytes after the name's NUL.
    """
    payload = bytes(payload)
    if len(payload) < 52:
        return False
    return hmac.compare_digest(salted(server_salt, payload[:32]), payload[32:52])


def password_digest(password: str | bytes, salts: Sequence[BytesLike]) -> bytes:
    """The password encrypted with each salt in turn (the first over the password)."""
    data = password.encode("latin-1") if isinstance(password, str) else bytes(password)
    if not salts:
        raise ValueError("at least one salt is needed")
    for salt in salts:
        data = salted(salt, data)
    return data


def password_response(password: str | bytes, server_salts: Sequence[BytesLike],
                      client_salt: BytesLike) -> bytes:
    """The 40-byte MENU_RESPONSE text a client sends for a salted password field."""
    return bytes(client_salt) + password_digest(password, [*server_salts, client_salt])


def verify_password_response(response: BytesLike, server_salts: Sequence[BytesLike], *,
                             password: str | bytes | None = None,
                             stored_digest: BytesLike | None = None) -> bool:
    """Check a 40-byte password response.

    Give the plain ``password`` (27-byte variant, or any variant when it is known), or the
    ``stored_digest`` saved from an earlier new-password response together with the salts
    that follow the stored one (for the 47-byte variant: ``server_salts = [salt_2]``).
    """
    response = bytes(response)
    if len(response) != 40:
        return False
    client_salt, digest = response[:20], response[20:]
    if stored_digest is not None:
        data = bytes(stored_digest)
        for salt in [*server_salts, client_salt]:
            data = salted(salt, data)
        expected = data
    elif password is not None:
        expected = password_digest(password, [*server_salts, client_salt])
    else:
        raise ValueError("give the password or the stored digest")
    return hmac.compare_digest(expected, digest)

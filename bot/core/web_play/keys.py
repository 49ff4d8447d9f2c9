"""The secrets of a member's web access: a link's token and a session's id, each 192 bits from ``secrets``; only their
SHA-256 hashes are stored. A session's CSRF token is derived from its id (so it is never stored either, and a page
of another site, which cannot read the session's cookie, cannot know it)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Final

SECRET_BYTES: Final = 24
"""192 bits: 32 characters in an address or a cookie."""
SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{32}")
CSRF_LABEL: Final = b"tikal web play: the CSRF token of a session"


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def well_formed(secret: str) -> bool:
    """Whether ``secret`` could be a token or session id of ours (anything else is refused without a read)."""
    return SHAPE.fullmatch(secret) is not None


def digest(secret: str) -> str:
    """What the database keeps of a secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def csrf_of(session_id: str) -> str:
    """The session's CSRF token: what its page sends back with every change it asks for."""
    mac = hmac.new(CSRF_LABEL, session_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def same_secret(given: str, expected: str) -> bool:
    """A comparison that takes as long whatever ``given`` is."""
    return hmac.compare_digest(given.encode(), expected.encode())


__all__ = ["csrf_of", "digest", "new_secret", "same_secret", "well_formed"]

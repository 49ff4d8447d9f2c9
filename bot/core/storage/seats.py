"""Who occupies a seat: a member (a Discord user id), a lobby's computer player, or nobody.

Seats not held by a person carry placeholder member ids below zero, so nothing can ever ping, DM or
mention them: an absent seat (kicked or resigned, played by the bot) has ``-1 - seat``, a computer
player seated in the lobby ``-100 - k`` (k = 1, 2, 3).
"""

from __future__ import annotations

from typing import Final

COMPUTER_MEMBER: Final = -100


def absent_member_id(seat: int) -> int:
    """The placeholder member id of an absent seat."""
    return -1 - seat


def computer_member_id(k: int) -> int:
    """The placeholder member id of the lobby's k-th computer seat (``Bot1`` …)."""
    return COMPUTER_MEMBER - k


def is_absent_member(member_id: int | None) -> bool:
    """Whether a seat's member id is a placeholder (an absent seat or a computer): never ping or DM it."""
    return member_id is not None and member_id < 0


def is_computer_member(member_id: int) -> bool:
    """Whether a member id is a lobby's computer seat."""
    return member_id < COMPUTER_MEMBER

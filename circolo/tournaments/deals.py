"""Duplicate deals: every match of a round is dealt the same hands, each from both sides.

One secret per tournament (drawn with ``secrets`` by the caller and logged) gives each
round its own secret; the round's commitment (the SHA-256 of that secret) is published
when the tournament starts and the secret itself when the round has ended, so anyone can
derive every hand's seed and check the tables' own per-hand commitments against them.

Hand ``h`` of a match (from 0) is dealt ``deal_seed(round_secret, h // 2)``: each deal is
played twice in a row, and since the deal passes to the next seat after every hand, the
second time each side holds the cards the other side held the first time.

>>> secret = round_secret(7, 1)
>>> hand_seeds(secret, 4)[0] == hand_seeds(secret, 4)[1] != hand_seeds(secret, 4)[2]
True
"""

from __future__ import annotations

import hashlib

from circolo.cards import SEED_LIMIT, commitment, seed_bytes

__all__ = [
    "DEALS_SHOWN",
    "deal_seed",
    "hand_seed",
    "hand_seeds",
    "round_commitment",
    "round_secret",
]

DEALS_SHOWN = 32
"""Hands listed with each round (``RoundDeals``); a longer match derives more with
``hand_seed``."""


def _hash(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha256(b"".join(parts)).digest(), "big") % SEED_LIMIT


def round_secret(secret: int, round_no: int) -> int:
    """Round ``round_no``'s secret from the tournament's: revealing one round's secret
    tells nothing about another's."""
    return _hash(b"circolo-round", seed_bytes(secret), round_no.to_bytes(2, "big"))


def round_commitment(secret: int) -> str:
    """What is published before the round: the SHA-256 of the round secret's bytes."""
    return commitment(secret)


def deal_seed(secret: int, deal: int) -> int:
    """The seed of the round's ``deal``-th deal (from 0)."""
    return _hash(b"circolo-deal", seed_bytes(secret), deal.to_bytes(4, "big"))


def hand_seed(secret: int, hand: int) -> int:
    """The seed the table is given for a match's hand ``hand`` (from 0): deals in pairs."""
    if hand < 0:
        raise ValueError("hands count from 0")
    return deal_seed(secret, hand // 2)


def hand_seeds(secret: int, count: int = 2 * DEALS_SHOWN) -> list[int]:
    """The first ``count`` hands' seeds of every match of the round."""
    return [hand_seed(secret, hand) for hand in range(count)]

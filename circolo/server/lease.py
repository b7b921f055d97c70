"""Leases: which process owns a live table (or the lobby) when several share one Redis.

A lease is a Redis key ``<prefix>lease:<name>`` set if absent, with an expiry, to
``"<holder> <token>"``: the holding process's id and a random token. Only the holder,
who knows the token, renews or releases it, through scripts that compare the value
first, so a process that lost its lease (it expired while the process was paused, and
another took it) cannot extend or delete its successor's. One Redis instance, not
Redlock: the lease only says who should own a table; what makes two writers harmless
is the store's fencing, since the new owner claims the table's epoch after acquiring
(``Store.claim_table``) and every write of the old epoch is refused. The epoch is not
kept in Redis, which may restart and lose it.

Renewing and releasing many leases is one round trip each: a Lua script over all the
keys, run by its hash (EVALSHA; loaded again if Redis restarted and forgot it).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # redis is imported only by a room that runs on it
    from redis.asyncio import Redis

_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[i + 1] then
        out[i] = redis.call('PEXPIRE', key, ARGV[1])
    else
        out[i] = 0
    end
end
return out
"""

_RELEASE = """
for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[i] then
        redis.call('DEL', key)
    end
end
return 0
"""


@dataclass(frozen=True)
class Lease:
    """A lease held: its name (``table:<id>``, ``lobby``), the random token that proves
    this acquisition, and the holding process's id."""

    name: str
    token: str
    holder: str

    @property
    def value(self) -> str:
        """What the lease's key holds while this acquisition lasts."""
        return f"{self.holder} {self.token}"


class Leases:
    """One process's leases: acquire, renew, release, and who holds which."""

    def __init__(
        self, client: Redis, process_id: str, ttl: float, prefix: str = "circolo:"
    ) -> None:
        if not process_id or " " in process_id:
            raise ValueError("a process id is a word: not empty, no space")
        if ttl <= 0:
            raise ValueError("a lease's ttl is positive")
        self._client = client
        self.process_id = process_id
        self.ttl = ttl
        self._ms = max(1, round(ttl * 1000))
        self._prefix = prefix + "lease:"
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)

    def key(self, name: str) -> str:
        """The Redis key of the lease called ``name``."""
        return self._prefix + name

    async def acquire(self, name: str) -> Lease | None:
        """The lease ``name`` for this process for ``ttl`` seconds, or None if another
        process (or this one, by an earlier acquisition) holds it."""
        lease = Lease(name, secrets.token_hex(16), self.process_id)
        taken = await self._client.set(self.key(name), lease.value, nx=True, px=self._ms)
        return lease if taken else None

    async def renew(self, leases: Sequence[Lease]) -> list[bool]:
        """Extend each lease still held by its acquisition to ``ttl`` seconds from now, in
        one round trip; False for each one lost (expired, or taken by another since): its
        holder must stop writing to what it guarded."""
        if not leases:
            return []
        keys = [self.key(lease.name) for lease in leases]
        done = await self._renew(keys=keys, args=[self._ms, *(lease.value for lease in leases)])
        return [bool(found) for found in done]

    async def release(self, leases: Sequence[Lease]) -> None:
        """Give the leases up at once (others may acquire them without waiting for the
        expiry), in one round trip; a lease lost already is left to its new holder."""
        if leases:
            keys = [self.key(lease.name) for lease in leases]
            await self._release(keys=keys, args=[lease.value for lease in leases])

    async def holders(self, names: Sequence[str]) -> list[str | None]:
        """The id of the process holding each lease, None when free; one round trip."""
        if not names:
            return []
        found = await self._client.mget([self.key(name) for name in names])
        return [None if value is None else _text(value).split(" ", 1)[0] for value in found]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value

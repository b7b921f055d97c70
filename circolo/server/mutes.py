"""Muted chat: a player reads no chat line of the players they muted.

The list is the store's (``mutes``, by player id: a guest's as an account's, so it
survives a reload and follows an account to every device). Each process keeps the lists
of the players it has connections of, loaded when the connection says hello; a change
made on another process arrives on the bus (topic ``mutes:<player id>``) and the list is
read again. A muted line is refused where every frame is authorized, as it is written to
the muter's socket (``Room.authorized``), so nothing queued or resent slips through. The
room keeps no chat history: a line missed is not sent again on reconnection.

Players' ids stay the server's: a page mutes "the player in seat 2 of this table" and
unmutes by a ``ref``, an HMAC of the pair that means nothing elsewhere.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json

import structlog

from circolo.server.bus import Bus, Subscription
from circolo.server.owner import Outgoing
from circolo.store import MuteRecord, Store, StoreError

log = structlog.get_logger(__name__)

MAX_MUTES = 200
"""Players one player may mute: enough for anyone, and a bounded list to check."""
CHAT_PREFIX = '{"type":"chat",'
"""How every chat frame's text begins (``bus.encode`` of ``Room.chat``'s dict)."""


def topic(player_id: str) -> str:
    return f"mutes:{player_id}"


def chat_seat(frame: Outgoing) -> int | None:
    """The seat a chat frame is from, or None for any other frame (most: cheap to tell)."""
    if isinstance(frame, str):
        if not frame.startswith(CHAT_PREFIX):
            return None
        frame = json.loads(frame)
    if not isinstance(frame, dict) or frame.get("type") != "chat":
        return None
    seat = frame.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


class Mutes:
    """The mute lists of the players connected to this process."""

    def __init__(self, store: Store, bus: Bus, secret: str) -> None:
        self.store = store
        self.bus = bus
        self._key = hashlib.sha256(b"circolo-mutes:" + secret.encode()).digest()
        self._held: dict[str, int] = {}
        self._lists: dict[str, set[str]] = {}
        self._subscriptions: dict[str, Subscription] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def ref(self, player_id: str, muted_id: str) -> str:
        """The page's handle on one mute (stable, and tells nothing of either id)."""
        mac = hmac.new(self._key, f"{player_id}\n{muted_id}".encode(), hashlib.sha256)
        return mac.hexdigest()[:20]

    # -- the lists of connected players -------------------------------------------------------

    async def hold(self, player_id: str) -> None:
        """A connection of ``player_id`` opened: its list is read (once for all of them)."""
        self._held[player_id] = self._held.get(player_id, 0) + 1
        if self._held[player_id] == 1:
            self._subscriptions[player_id] = self.bus.subscribe(
                topic(player_id), lambda _message: self._changed(player_id)
            )
            await self.refresh(player_id)

    def release(self, player_id: str) -> None:
        """A connection of ``player_id`` closed: the last one forgets its list."""
        left = self._held.get(player_id, 0) - 1
        if left > 0:
            self._held[player_id] = left
            return
        self._held.pop(player_id, None)
        self._lists.pop(player_id, None)
        subscription = self._subscriptions.pop(player_id, None)
        if subscription is not None:
            subscription.close()

    async def refresh(self, player_id: str) -> None:
        """Read a held player's list again from the store."""
        try:
            muted = {m.muted_id for m in await self.store.mutes(player_id)}
        except StoreError:
            log.warning("mutes_unread", player=player_id)
            return
        if player_id in self._held:
            self._lists[player_id] = muted

    def _changed(self, player_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self.refresh(player_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def muted(self, player_id: str, sender_id: str) -> bool:
        """Does ``player_id`` (connected here) not read ``sender_id``'s chat?"""
        return sender_id in self._lists.get(player_id, ())

    def mutes_anyone(self, player_id: str) -> bool:
        return bool(self._lists.get(player_id))

    # -- changes ------------------------------------------------------------------------------

    async def listing(self, player_id: str) -> list[MuteRecord]:
        return await self.store.mutes(player_id)

    async def mute(self, player_id: str, muted_id: str, name: str, now: float) -> bool:
        """Mute ``muted_id``; False (nothing changed) when the list is full."""
        kept = await self.store.mutes(player_id)
        if len(kept) >= MAX_MUTES and all(m.muted_id != muted_id for m in kept):
            return False
        await self.store.mute(player_id, muted_id, name, now)
        self._told(player_id, muted_id, add=True)
        return True

    async def unmute(self, player_id: str, ref: str) -> bool:
        """Unmute the player ``ref`` stands for; False if it stands for none muted."""
        for kept in await self.store.mutes(player_id):
            if hmac.compare_digest(self.ref(player_id, kept.muted_id), ref):
                await self.store.unmute(player_id, kept.muted_id)
                self._told(player_id, kept.muted_id, add=False)
                return True
        return False

    def _told(self, player_id: str, muted_id: str, *, add: bool) -> None:
        """This process's list changes at once; the other processes read theirs again."""
        muted = self._lists.get(player_id)
        if muted is not None and add:
            muted.add(muted_id)
        elif muted is not None:
            muted.discard(muted_id)
        self.bus.publish_now(topic(player_id), "{}")

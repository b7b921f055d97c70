"""The real server with the hands' seeds pinned, for end-to-end tests that need a known deal.

``python -m tests.e2e.seeded_server --port N --data-dir D`` runs ``circolo serve`` with the
owner's ``secrets`` replaced by one that gives the seeds of ``CIRCOLO_E2E_SEEDS`` (comma
separated, in the order tables ask for them) and then falls back to real randomness. Only
the hands' seeds are pinned: who cuts, moves and draws still goes through the table.
"""

from __future__ import annotations

import os
import secrets
from collections import deque


class PinnedSecrets:
    """As much of the ``secrets`` module as the owner uses, with the first seeds given."""

    def __init__(self, seeds: list[int]) -> None:
        self.seeds = deque(seeds)

    def randbelow(self, limit: int) -> int:
        if self.seeds:
            return self.seeds.popleft() % limit
        return secrets.randbelow(limit)

    def __getattr__(self, name: str) -> object:
        return getattr(secrets, name)


def main() -> None:
    from circolo.serve_cli import serve
    from circolo.server import owner

    seeds = [int(s) for s in os.environ.get("CIRCOLO_E2E_SEEDS", "").split(",") if s.strip()]
    setattr(owner, "secrets", PinnedSecrets(seeds))  # noqa: B010
    serve()


if __name__ == "__main__":
    main()

"""Each game's bots, by the game's name (its ``Rules.game``): the one place the bots
package names its games. A game's module declares the game it plays (``RULES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from circolo.bots import bisca, burraco, scopa
from circolo.bots.budget import Budget
from circolo.engine import Rules

if TYPE_CHECKING:
    from circolo.bots import Bot


class GameBots(Protocol):
    """What each ``circolo.bots.<game>`` module offers."""

    @property
    def RULES(self) -> type[Rules]: ...

    @property
    def DEFAULT_BUDGET(self) -> Budget: ...

    @property
    def ARENA_HANDS(self) -> int | None:
        """An arena game: one hand from a random first seat (None), or a match of this
        many hands (``Match``), scored by its total."""

    @property
    def ARENA_METRICS(self) -> tuple[str, ...]:
        """Breakdown categories the arena reports before the points, the first deciding."""

    def greedy(self, seed: int | None) -> Bot: ...

    def expert(self, budget: Budget, seed: int | None) -> Bot: ...


BOTS: dict[str, GameBots] = {module.RULES.game: module for module in (scopa, bisca, burraco)}

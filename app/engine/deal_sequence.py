"""A match's deals as most games keep them: a list that grows by one deal at a time, only
the last of which can be unfinished, after ``base`` scored deals no longer held (a state
rebuilt from a view starts with the deal in progress)."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class Finishing(Protocol):
    @property
    def finished(self) -> bool: ...


D = TypeVar("D", bound=Finishing)


class DealSequence(Generic[D]):
    """A mixin for a match class that holds ``deals`` and ``base`` (in its own slots)."""

    __slots__ = ()

    deals: list[D]
    base: int

    @property
    def current(self) -> D | None:
        """The deal being played, or ``None`` between deals and after the match."""
        if self.deals and not self.deals[-1].finished:
            return self.deals[-1]
        return None

    @property
    def finished_deals(self) -> list[D]:
        if self.deals and not self.deals[-1].finished:
            return self.deals[:-1]
        return list(self.deals)

    @property
    def deals_played(self) -> int:
        """Scored deals, those before ``base`` included."""
        return self.base + len(self.deals) - (1 if self.current is not None else 0)

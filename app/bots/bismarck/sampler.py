"""Deal the cards a seat has not seen, uniformly among the deals consistent with its view.

The unseen cards go to three places: the two other hands (exact sizes) and, when the seat is
not forehand, forehand's discard of four. A card may not go to a hand whose player has shown a
void in its suit, and an unplayed open card may only go to forehand (hand or discard). The
drawing itself is the engine's one uniform assignment (``app/engine/assign.py``); this reads
the places from what the seat knows and hands the bots masks.
"""

from __future__ import annotations

import random

from app.engine.assign import Assignment, NoDealFits

from .bits import codes_of
from .knowledge import Knowledge


class InconsistentView(ValueError):
    """No deal of the unseen cards fits what the view shows (a bug upstream, never a game state)."""


class Sampler:
    """Draws the other two hands (and forehand's discard) for one seat's decision."""

    def __init__(self, k: Knowledge) -> None:
        self.others = k.others
        caps = [k.sizes[p] for p in self.others]
        if k.hidden_discard:
            caps.append(k.hidden_discard)
        everywhere = (1 << len(caps)) - 1
        groups: dict[int, list[int]] = {}
        for card in codes_of(k.unseen):
            suit_bit = 1 << (card // 13)
            allowed = 0
            for i, p in enumerate(self.others):
                if k.voids[p] & suit_bit:
                    continue
                if p != 0 and k.forehand_only >> card & 1:
                    continue
                allowed |= 1 << i
            if k.hidden_discard:
                allowed |= 1 << 2
            if not allowed:
                raise InconsistentView(f"card {card} fits nowhere")
            groups.setdefault(allowed, []).append(card)
        keys = sorted(groups, key=lambda a: (a == everywhere, a))
        try:
            self.assignment = Assignment(
                [groups[a] for a in keys],
                [[i for i in range(len(caps)) if a >> i & 1] for a in keys],
                tuple(caps),
            )
        except NoDealFits as contradiction:
            raise InconsistentView(str(contradiction)) from None

    def draw(self, rng: random.Random) -> list[int]:
        """One deal: a mask per place (the two other players in ``others`` order, then the
        discard when it is hidden)."""
        masks = []
        for cards in self.assignment.draw(rng):
            mask = 0
            for card in cards:
                mask |= 1 << card
            masks.append(mask)
        return masks

"""Re-dealing the cards a seat has not seen, consistently with everything it has seen.

Each unseen card of the current deal is swapped with another unseen card of the same suit,
wherever the two lie (another hand, forehand's discard): every play and every follow-suit
decision stays legal, so the action log replays, and the seat's view must not change.
"""

from __future__ import annotations

import random

from engine.playout import hidden_from, replay_log, suit_preserving_permutation

from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Match, discard_action
from app.engine.trick_game import deal_action


def redealt_match(match: Match, log: list[tuple[int, str]], seat: int, rng: random.Random) -> Match:
    """``match`` replayed from ``log`` with the current deal's hidden cards re-dealt."""
    pi = suit_preserving_permutation(hidden_from(match.deals[-1], seat), rng)
    last_deal = max(i for i, (s, text) in enumerate(log) if s == TABLE and text.startswith("deal:"))
    out: list[tuple[int, str]] = []
    for i, (s, text) in enumerate(log):
        action = GAME.parse_action(text)
        if i == last_deal:
            action = deal_action([pi.get(c, c) for c in action.arg.split(",")])
        elif i > last_deal and action.kind == "discard":
            action = discard_action([pi.get(c, c) for c in action.arg.split(",")])
        out.append((s, str(action)))
    return replay_log(match.seats, match.first_dealer, out)

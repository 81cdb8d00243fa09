"""A hint for a player: what the basic computer player would do with their view, and why.

    hint = hint_for(GAMES["spades"], view)   # Hint(action="play:4H", reason="follow_low")

The choice is the ``basic`` level's own decision from the very view the seat is sent, so a
hint tells a player nothing their own screen does not. The reason is a short code the
browser words in each language; it names what the chosen card does in the trick as it
stands (beating the cards so far with the cheapest card that can, following suit with the
lowest, trumping, leading a trump), read from the view with the game's rank order. Every
game of the registry plays tricks, so every game gives a reason for a card played; a bid,
a declaration, an exchange or a claim has none, and the hint is the choice alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.engine import Game
from app.engine.tricks import TrickRules, trick_winner

from . import make_bot
from .base import View, legal_of

REASONS = (
    "lead_trump",
    "lead_high",
    "lead_low",
    "win_cheap",
    "win",
    "trump_cheap",
    "trump",
    "partner_low",
    "follow_low",
    "follow",
    "discard_low",
    "discard",
)
"""Every reason code a hint may carry (static/i18n/*.json words each as ``hint.<code>``)."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: str
    reason: str | None

    def as_json(self) -> dict[str, Any]:
        return {"action": self.action, "reason": self.reason}


def hint_for(game: Game, view: View) -> Hint:
    """The basic player's choice for the seat whose view this is, with its reason where
    there is one. Raises :class:`~app.bots.base.NotMyTurn` when the view offers no action."""
    legal = legal_of(view)
    bot = make_bot(game.name, "basic", seed=0)
    action = bot.decide(view)
    reason = None
    if action.startswith("play:") and legal.get("kind") == "play":
        deal = view.get("deal") or {}
        trump = deal.get("trump", getattr(bot, "trump", None))
        plays = [a[5:] for a in legal["actions"] if a.startswith("play:")]
        reason = trick_reason(
            action[5:],
            plays,
            deal.get("hand", plays),
            deal.get("trick", []),
            trump,
            TrickRules(ranks=game.pack.ranks),
            partner_of(view),
        )
    return Hint(action, reason)


def partner_of(view: View) -> int | None:
    """The seat's partner in a game of partnerships, as the view names them."""
    seat = view.get("seat")
    for team in view.get("teams") or ():
        if seat in team:
            others = [s for s in team if s != seat]
            return others[0] if len(others) == 1 else None
    return None


def trick_reason(
    card: str,
    plays: Sequence[str],
    hand: Sequence[str],
    trick: Sequence[dict[str, Any]],
    trump: str | None,
    rules: TrickRules,
    partner: int | None = None,
) -> str | None:
    """What ``card`` does, played from ``plays`` (the legal cards) to ``trick`` as it stands."""
    strength = rules.strength

    def rank(c: str) -> int:
        return strength[c[0]]

    if not trick:
        suited = [c for c in hand if c[1] == card[1]]
        if card[1] == trump:
            return "lead_trump"
        if len(suited) > 1 and rank(card) == max(map(rank, suited)):
            return "lead_high"
        if len(suited) > 1 and rank(card) == min(map(rank, suited)):
            return "lead_low"
        return None
    cards = [e["card"] for e in trick]
    led = cards[0][1]
    best = trick_winner(cards, trump, rules)

    def wins(c: str) -> bool:
        return trick_winner([*cards, c], trump, rules) == len(cards)

    if wins(card):
        cheaper = [c for c in plays if wins(c) and c[1] == card[1] and rank(c) < rank(card)]
        if card[1] != led:  # only a trump takes a trick of another suit
            return "trump" if cheaper else "trump_cheap"
        return "win" if cheaper else "win_cheap"
    same = [c for c in plays if c[1] == card[1]]
    lowest = rank(card) == min(map(rank, same))
    if partner is not None and trick[best]["seat"] == partner and lowest:
        return "partner_low"
    if card[1] == led:
        return "follow_low" if lowest else "follow"
    return "discard_low" if lowest else "discard"


__all__ = ["REASONS", "Hint", "hint_for", "trick_reason"]

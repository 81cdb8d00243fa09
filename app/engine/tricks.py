"""Trick-taking mechanics shared by every game: who may play what, and who wins a trick.

The games in the rule book differ only in a handful of duties (follow suit, trump when void,
beat the best card so far, overtrump, hold trumps back until broken) and in their rank order.
Those differences are data in :class:`TrickRules`; the two functions below are the single
implementation every game calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import RANKS, SUITS, Card, Suit, strength_table


class Heading(Enum):
    """When a player who follows suit must beat the best card in the trick, if able."""

    NEVER = "never"
    ON_TRUMP_LEAD = "on_trump_lead"  # pinochle: a trump lead must be beaten if possible
    ALWAYS = "always"  # e.g. sixty-six's German endgame: follow and win if possible


@dataclass(frozen=True, slots=True)
class TrickRules:
    """The duties of a trick-taking game. The defaults are whist: follow suit, else any card."""

    follow_suit: bool = True
    heading: Heading = Heading.NEVER
    trump_when_void: bool = False
    overtrump: bool = False
    """With ``trump_when_void``: a trump played must beat a trump already in the trick, if able."""
    trump_lead_needs_break: bool = False
    """Spades-style: trumps may not be led until broken, unless the leader holds nothing else."""
    ranks: str = RANKS
    strength: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "strength", strength_table(self.ranks))


WHIST = TrickRules()


def trick_winner(trick: Sequence[Card], trump: Suit | None, rules: TrickRules = WHIST) -> int:
    """Index (in play order) of the card that wins ``trick``.

    The highest trump wins; without trumps, the highest card of the suit led. Cards of
    another plain suit never win. Because only a strictly higher card takes over, the first
    of two identical cards wins, as every duplicate-pack game in the rule book requires.
    """
    strength = rules.strength
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card[1] == best_card[1]:
            if strength[card[0]] > strength[best_card[0]]:
                best, best_card = i, card
        elif card[1] == trump:
            best, best_card = i, card
    return best


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    rules: TrickRules = WHIST,
    trumps_broken: bool = True,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards already played, in order).

    Duplicates in ``hand`` (pinochle, bezique) are returned as often as they are held.
    """
    if not trick:
        if rules.trump_lead_needs_break and not trumps_broken and trump is not None:
            plain = [c for c in hand if c[1] != trump]
            if plain:
                return plain
        return list(hand)
    if not rules.follow_suit:
        return list(hand)
    led = trick[0][1]
    same = [c for c in hand if c[1] == led]
    if same:
        if rules.heading is Heading.ALWAYS or (
            rules.heading is Heading.ON_TRUMP_LEAD and led == trump
        ):
            best = trick[trick_winner(trick, trump, rules)]
            if best[1] == led:  # once a plain lead has been trumped, following cannot beat it
                strength = rules.strength
                beating = [c for c in same if strength[c[0]] > strength[best[0]]]
                if beating:
                    return beating
        return same
    if rules.trump_when_void and trump is not None:
        trumps = [c for c in hand if c[1] == trump]
        if trumps:
            if rules.overtrump:
                best = trick[trick_winner(trick, trump, rules)]
                if best[1] == trump:
                    strength = rules.strength
                    over = [c for c in trumps if strength[c[0]] > strength[best[0]]]
                    if over:
                        return over
            return trumps
    return list(hand)


@dataclass(slots=True)
class Revealed:
    """What the cards played show each seat did not hold when it played them, read back
    through the duties of :func:`legal_cards`: ``voids``, per seat, the suits it failed to
    follow, in the order it showed them; ``barred``, per seat, the cards beyond those suits
    that a duty would have made it play instead (a trump it did not play when void, a higher
    card it did not head with, a plain card it did not lead before trumps were broken)."""

    voids: list[str]
    barred: list[set[Card]]

    def cards(self, ranks: str) -> list[set[Card]]:
        """Per seat, every card it cannot hold: its barred cards and each void suit whole."""
        return [
            barred.union(r + suit for suit in voids for r in ranks)
            for voids, barred in zip(self.voids, self.barred, strict=True)
        ]


def revealed(
    tricks: Iterable[Sequence[tuple[int, Card]]],
    trump: Suit | None,
    rules: TrickRules,
    seats: int,
    into: Revealed | None = None,
) -> Revealed:
    """What ``tricks`` (each its ``(seat, card)`` in the order played, in the order they
    were played, the last maybe unfinished) show of the seats' hands under ``rules``, added
    to ``into`` where a deal played under other duties before (the stock's tricks, then
    the endgame's). Trumps count as broken once a trump lies in an earlier trick."""
    out = into or Revealed([""] * seats, [set() for _ in range(seats)])
    voids, barred, ranks, strength = out.voids, out.barred, rules.ranks, rules.strength
    broken = False
    for trick in tricks:
        if not trick:
            continue
        leader, best = trick[0]
        led = best[1]
        if led == trump and rules.trump_lead_needs_break and not broken:
            barred[leader].update(r + s for s in SUITS if s != trump for r in ranks)
        for seat, card in trick[1:]:
            if not rules.follow_suit:
                pass
            elif card[1] != led:
                if led not in voids[seat]:
                    voids[seat] += led
                if rules.trump_when_void and trump is not None and card[1] != trump:
                    barred[seat].update(r + trump for r in ranks)
                elif (
                    rules.overtrump
                    and card[1] == trump == best[1]
                    and strength[card[0]] <= strength[best[0]]
                ):
                    barred[seat].update(r + trump for r in ranks if strength[r] > strength[best[0]])
            elif (
                (
                    rules.heading is Heading.ALWAYS
                    or (rules.heading is Heading.ON_TRUMP_LEAD and led == trump)
                )
                and best[1] == led
                and strength[card[0]] <= strength[best[0]]
            ):
                barred[seat].update(r + led for r in ranks if strength[r] > strength[best[0]])
            if (card[1] == best[1] and strength[card[0]] > strength[best[0]]) or (
                card[1] == trump != best[1]
            ):
                best = card
        broken = broken or any(card[1] == trump for _, card in trick)
    return out

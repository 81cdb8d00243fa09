"""The heuristic card play: the basic level's play, and the policy of the strong level's
playouts. One function, :func:`choose`, picks a card from a player's own point of view
(:class:`~.seen.Seen`).

Each player first asks who on the table is a nil bidder still clean, in this order:

- **Himself**: he ducks. Following, the highest card that stays under the best card so
  far; forced over it, the lowest (someone later may still beat it) or, last to play, the
  highest (the trick is his anyway). Void, he throws his most dangerous card: the plain
  card with the fewest unseen cards above it, never a spade that would win. He leads the
  card with the most unseen cards above it.
- **His partner**: he covers. Over the nil bidder's winning card he puts the cheapest card
  that beats it (whoever then takes the trick, the nil bidder does not); with the nil
  bidder still to play, he plays high (his highest card of the suit, or a spade) to leave
  room under it; he leads his highest cards.
- **An opponent**: he tries to set the nil. Over the nil bidder's winning card he plays
  under (his highest card that does not beat it, keeping low cards for later); with the
  nil bidder still to play behind a low card, his lowest, and he never trumps in front of
  him. He leads as for his contract (leading low against a nil costs more tricks than it
  sets nils, the exchange having given the nil bidder low cards), but when he has nothing
  better he leads low in a suit the nil bidder still holds and his partner cannot ruff.

Otherwise (and where the nil leaves him free) he plays for his side's contract
(:meth:`~.seen.Seen.wants_tricks`): second hand low, third hand high, the cheapest card
that holds the trick, never over a partner's card that holds; he cashes sure winners no
opponent can ruff, draws spades with the top spade, leads into the partner's void, and
otherwise low from his longest suit; he discards low from short suits, keeping his
winners. A side that has made its contract while overtricks cost (option bags) ducks
instead, throwing its high cards where they lose.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.spades.rules import SEATS, TRUMP

from .cards import STRENGTH, beats, opponents, partner, power, suit_counts
from .seen import Seen


def choose(k: Seen, legal: list[str]) -> str:
    """The card to play of ``legal`` (never empty)."""
    if len(legal) == 1:
        return legal[0]
    if not k.trick:
        return _lead(k, legal)
    return _follow(k, legal)


# -- shared helpers ---------------------------------------------------------------------------


def _lowest(cards: Sequence[str]) -> str:
    return min(cards, key=power)


def _highest(cards: Sequence[str]) -> str:
    return max(cards, key=power)


def holds(k: Seen, card: str, seats: Sequence[int]) -> bool:
    """Whether ``card``, best in the trick in progress, stays best after ``seats`` play."""
    if not seats:
        return True
    led = k.trick[0][1][1] if k.trick else card[1]
    higher = k.higher_out(card)
    if card[1] == TRUMP:
        if not higher:
            return True
        if led == TRUMP:
            return all(k.void(s, TRUMP) for s in seats)
        # a spade on a plain lead: beaten only by a higher spade from a seat out of the suit
        return all(k.void(s, TRUMP) or not k.may_ruff(s, led) for s in seats)
    if higher and not all(k.void(s, card[1]) for s in seats):
        return False
    return not any(k.may_ruff(s, card[1]) for s in seats)


def _cheapest_winner(cards: Sequence[str]) -> str:
    """Win following suit before trumping, with the lowest card that does it."""
    return min(cards, key=power)


def _discard(k: Seen, legal: Sequence[str]) -> str:
    """A card thrown while unable to follow and not trying to win: low, from a short plain
    suit (a suit emptied can be trumped later), keeping winners; a spade only when nothing
    else may go."""
    plain = [c for c in legal if c[1] != TRUMP]
    if not plain:
        return _lowest(legal)
    counts = suit_counts(k.hand)

    def key(c: str) -> tuple[int, int, int]:
        higher = k.higher_out(c)
        keep = 2 if not higher else (1 if higher == 1 and STRENGTH[c[0]] >= STRENGTH["Q"] else 0)
        return (keep, counts[c[1]], STRENGTH[c[0]])

    return min(plain, key=key)


def _low(k: Seen, legal: Sequence[str], led: str) -> str:
    """The cheapest card: the lowest of the suit led, or a discard."""
    following = [c for c in legal if c[1] == led]
    if following:
        return _lowest(following)
    return _discard(k, legal)


def _dump(k: Seen, legal: Sequence[str], best: str, led: str) -> str:
    """Lose the trick, throwing the highest card that loses it: a card that would win a trick
    later is an overtrick later. Forced to win, win low unless last."""
    losers = [c for c in legal if not beats(c, best)]
    if losers:
        following = [c for c in losers if c[1] == led]
        if following:
            return _highest(following)
        plain = [c for c in losers if c[1] != TRUMP]
        if plain:
            return max(plain, key=lambda c: (-k.higher_out(c), STRENGTH[c[0]]))
        return _highest(losers)
    return _highest(legal) if len(k.trick) == SEATS - 1 else _lowest(legal)


def _danger(k: Seen, card: str) -> tuple[int, int]:
    """How likely ``card`` is to win a trick its holder would rather lose: few unseen cards
    above it, high rank."""
    return (-k.higher_out(card), STRENGTH[card[0]])


# -- following --------------------------------------------------------------------------------


def _follow(k: Seen, legal: list[str]) -> str:
    trick = k.trick
    led = trick[0][1][1]
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best):
            best_seat, best = seat, card
    after = [(k.me + i) % SEATS for i in range(1, SEATS - len(trick))]
    if k.alive_nil(k.me):
        return _follow_as_nil(k, legal, led, best, after)
    p = partner(k.me)
    if k.alive_nil(p):
        if best_seat == p:
            # any card over his saves him, whoever takes the trick in the end
            winners = [c for c in legal if beats(c, best)]
            return _cheapest_winner(winners) if winners else _low(k, legal, led)
        if p in after:
            winners = [c for c in legal if beats(c, best)]
            following = [c for c in winners if c[1] == led]
            if following:
                return _highest(following)  # the higher the bar, the more room under it
            if winners:
                return _cheapest_winner(winners)
            return _low(k, legal, led)
        # the nil bidder has played under someone else's card: safe in this trick
    for nil in opponents(k.me):
        if not k.alive_nil(nil):
            continue
        if best_seat == nil:
            under = [c for c in legal if not beats(c, best)]
            if under:
                following = [c for c in under if c[1] == led]
                # keep the low cards: they are what forces a nil bidder later
                return _highest(following) if following else _discard(k, under)
        elif nil in after and not _bar_is_high(best, led):
            return _low(k, legal, led)
    return _follow_for_contract(k, legal, led, best_seat, best, after)


def _bar_is_high(best: str, led: str) -> bool:
    """Whether the trick's best card is already too high to force a nil bidder still to
    play: a spade on a plain lead, or a queen or better."""
    return (best[1] == TRUMP and led != TRUMP) or STRENGTH[best[0]] >= STRENGTH["Q"]


def _follow_as_nil(k: Seen, legal: list[str], led: str, best: str, after: Sequence[int]) -> str:
    under = [c for c in legal if not beats(c, best)]
    if under:
        following = [c for c in under if c[1] == led]
        if following:
            return _highest(following)
        plain = [c for c in under if c[1] != TRUMP]
        if plain:
            return max(plain, key=lambda c: _danger(k, c))
        return _highest(under)
    if not after:
        return _highest(legal)
    return _lowest(legal)


def _follow_for_contract(
    k: Seen, legal: list[str], led: str, best_seat: int, best: str, after: Sequence[int]
) -> str:
    p = partner(k.me)
    rivals = [s for s in after if s != p]
    if not k.wants_tricks():
        return _dump(k, legal, best, led)
    if best_seat == p and holds(k, best, rivals):
        return _low(k, legal, led)  # never overtake a partner's sure winner
    winners = [c for c in legal if beats(c, best)]
    if not winners:
        return _low(k, legal, led)
    if not after:
        return _cheapest_winner(winners)
    sure = [c for c in winners if holds(k, c, rivals)]
    if len(k.trick) == 1:
        # second hand low, unless a card wins for sure
        return _cheapest_winner(sure) if sure else _low(k, legal, led)
    if sure:
        return _cheapest_winner(sure)
    if best_seat == p:
        return _low(k, legal, led)
    following = [c for c in winners if c[1] == led]
    if following:
        return _highest(following)  # third hand high: make the last hand pay for the trick
    return _cheapest_winner(winners)


# -- leading ----------------------------------------------------------------------------------


def _lead(k: Seen, legal: list[str]) -> str:
    me = k.me
    if k.alive_nil(me):
        return min(legal, key=lambda c: (c[1] == TRUMP, _danger(k, c)))
    p = partner(me)
    if k.alive_nil(p):
        # give the nil bidder room: top cards first, plain before spades
        return max(legal, key=lambda c: (not k.higher_out(c), c[1] != TRUMP, STRENGTH[c[0]]))
    for nil in opponents(me):
        if k.alive_nil(nil):
            return _lead_for_contract(k, legal, nil)
    if not k.wants_tricks():
        return min(legal, key=lambda c: (c[1] == TRUMP, _danger(k, c)))
    return _lead_for_contract(k, legal)


def _lead_for_contract(k: Seen, legal: list[str], nil: int | None = None) -> str:
    me = k.me
    rivals = opponents(me)
    plain = [c for c in legal if c[1] != TRUMP]
    spades = [c for c in legal if c[1] == TRUMP]
    # cash a sure winner no opponent can ruff
    bosses = [
        c
        for c in plain
        if not k.higher_out(c) and k.suit_out(c[1]) and not any(k.may_ruff(s, c[1]) for s in rivals)
    ]
    if bosses:
        return max(bosses, key=lambda c: k.suit_out(c[1]))
    # draw spades with the top spade while an opponent may hold one
    if spades and k.suit_out(TRUMP) and not all(k.void(s, TRUMP) for s in rivals):
        top = [c for c in spades if not k.higher_out(c)]
        if top:
            return _highest(top)
    if not plain:
        return _highest(spades) if not k.higher_out(_highest(spades)) else _lowest(spades)
    # low into the partner's void, for him to trump
    p = partner(me)
    if not k.void(p, TRUMP):
        ruffs = [
            c
            for c in plain
            if k.void(p, c[1]) and not any(k.void(s, c[1]) and not k.void(s, TRUMP) for s in rivals)
        ]
        if ruffs:
            return _lowest(ruffs)
    counts = suit_counts(k.hand)
    if counts[TRUMP]:
        singles = [c for c in plain if counts[c[1]] == 1 and k.higher_out(c)]
        if singles:
            return _lowest(singles)  # empty the suit, to trump it later
    if nil is None:
        return min(plain, key=lambda c: (_guards_an_honour(k, c), -counts[c[1]], STRENGTH[c[0]]))
    # against a nil: low in a suit he still holds and his partner cannot trump
    cover = partner(nil)
    return min(
        plain,
        key=lambda c: (
            k.void(nil, c[1]),
            k.void(cover, c[1]),
            _guards_an_honour(k, c),
            -counts[c[1]],
            STRENGTH[c[0]],
        ),
    )


def _guards_an_honour(k: Seen, card: str) -> bool:
    """Whether ``card`` is in a suit headed by an honour that is not (yet) a winner: leading
    the suit away from it gives the honour up."""
    suit = card[1]
    top = max((c for c in k.hand if c[1] == suit), key=power)
    return top != card and STRENGTH[top[0]] >= STRENGTH["Q"] and k.higher_out(top) > 0

"""Auction pinochle's ``strong`` level: the sampling search every game with a resampler
gets (sampling.py), over the basic level, with a bidding rule of its own.

For each decision the bot deals the cards it has not seen anew many times over
(``game.resample``: deals consistent with its view), plays each candidate out to the end of
the deal on every sampled deal with the basic policy for all three (a lean simulator,
playout.py, instead of the engine: a few thousand playouts fit in a decision) and keeps the
candidate with the best mean margin in chips for its seat. All candidates share the sampled
deals (search.py stops early once one is clearly best).

- Card play: the distinct legal cards (and the bidder's concession before his first lead).
- Trump: the two or three best trumps by the basic level's estimate, each with the meld and
  burial the basic level would choose, and the concession.
- Burial: the best few burials by the basic level's score, and the concession.
- Bidding and the throw-in: playing out every bid would cost too much (each bid leads to a
  widow, a trump, a burial and a deal's play), so the bot samples widows instead: for each
  it takes the best contract its 18 cards would then give (or the concession), valued by the
  card-point model of the hand with the widow (hand.py), and bids on while the mean
  result at the next bid beats passing.
- Melding and the opponents' concession are the basic level's.

The review of a decision (app/bots/review.py) plays its candidates out with the same
simulator (:meth:`StrongBot.reviewer`): the cards and trumps this level weighs (and the
concession), every call; up to the first lead the basic level acts on the engine's state,
then the simulator plays the deal out, settled in chips as the engine settles it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any, cast

from app.engine import TABLE, Game, GameState
from app.engine.cards import SUITS
from app.engine.pinochle import melds as meld_rules
from app.engine.pinochle.auction import GAME as RULES
from app.engine.pinochle.auction.rules import CARDS, End, settle, share_kitty
from app.engine.pinochle.auction.state import Match

from ...base import DEFAULT_BUDGET, View, decision_rng, legal_of
from ...sampling import Reviewer, SamplingBot, margin
from ...search import best_candidate
from . import hand as model
from .basic import BasicBot, played_and_voids
from .cards import bid_chips, points_table
from .playout import Play

TRUMP_CANDIDATES = 3
"""Trumps played out against each other (the best by the basic level's estimate)."""
TRUMP_SLACK = 1.5
"""A trump whose estimate trails the best by more chips than this is not played out."""
BURIAL_CANDIDATES = 5
"""Burials played out against each other (the best by the basic level's score)."""
WIDOWS = 400
"""Widows sampled for a bid or a throw-in at most (fewer if the budget runs out)."""
POINT_WEIGHT = 0.01
"""Chips per card point (per chip the bid is worth) a playout adds to its result for the
points taken beyond the bid: a tie-break between cards that make (or lose) alike."""
SKILL = 10.0
"""Card points added to the model's estimate when bidding: the model knows the basic
level's play, and this level's play takes more."""
BID_EDGE = 0.0
"""Chips per counterparty the next bid must be expected to win before the bot bids it."""


class StrongBot:
    level = "strong"

    def __init__(
        self,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        max_samples: int | None = None,
    ) -> None:
        self.seed = seed
        self.budget = budget
        self.max_samples = max_samples
        self.last_samples = 0
        """Sampled deals behind the last decision (for benchmarks and tests)."""
        self.basic = BasicBot()
        self.game: Game = RULES
        """The game whose ``resample`` deals the searched deals: the engine's, or one that
        hands over the true deal (the open-hand yardstick, ``bench/cheat.py``)."""

    def reviewer(self) -> Reviewer:
        """The review weighs what this player weighs, with its simulator's playouts."""
        search = Search(self.game, self.basic, self.seed, self.budget, self.max_samples)
        return Reviewer(search, self.choices)

    def choices(self, view: View) -> list[str]:
        """The actions this player plays out: the distinct cards, the trumps it weighs, and
        the concession where it is offered; every call, where it samples widows instead."""
        legal = legal_of(view)
        actions: list[str] = list(legal.get("actions", []))
        kind = legal["kind"]
        if kind == "play":
            out = [f"play:{c}" for c in dict.fromkeys(a[5:] for a in actions if a[:5] == "play:")]
        elif kind == "trump":
            out = [f"trump:{t}" for t in self._trumps(view)]
        else:
            return actions
        return out + [a for a in actions if a == "concede"]

    # -- dispatch ----------------------------------------------------------------------------

    def decide(self, view: View) -> str:
        deadline = perf_counter() + self.budget
        legal = legal_of(view)
        kind = legal["kind"]
        self.last_samples = 0
        if kind in ("concede", "meld"):
            return self.basic.decide(view)
        rng = decision_rng(self.seed, view)
        if kind == "bid":
            return self._bid(view, legal["actions"], rng, deadline)
        if kind == "widow":
            return self._widow(view, rng, deadline)
        if kind == "trump":
            return self._trump(view, rng, deadline)
        if kind == "bury":
            return self._bury(view, legal, rng, deadline)
        return self._play(view, legal["actions"], rng, deadline)

    def _best(self, count: int, sample: Callable[[], list[float]], deadline: float) -> int:
        best, self.last_samples = best_candidate(count, sample, deadline, self.max_samples)
        return best

    # -- results in chips ----------------------------------------------------------------------

    @staticmethod
    def _scorer(view: View, trump: str | None) -> Callable[[int], float]:
        """The seat's result for the bidder's count ``total`` played out: its margin in chips
        as the contract is made or not, plus a little for each card point its side took
        beyond (or short of) the bid, so that positions decided either way are still
        played for points."""
        ends = StrongBot._margins(view, trump)
        made, failed = ends[End.MADE], ends[End.DOUBLE_BETE]
        bid: int = view["deal"]["high_bid"]
        weight = POINT_WEIGHT * bid_chips(bid, trump, view["options"])
        if view["seat"] != view["deal"]["bidder"]:
            weight = -weight

        def score(total: int) -> float:
            return (made if total >= bid else failed) + weight * (total - bid)

        return score

    @staticmethod
    def _margins(view: View, trump: str | None) -> dict[End, float]:
        """The seat's margin over the mean other seat for each way the deal may end."""
        d = view["deal"]
        seats: int = view["seats"]
        bid: int = d["high_bid"]
        value = bid_chips(bid, trump, view["options"])
        lone = {c["seat"]: c["value"] for c in d["concessions"]}
        out: dict[End, float] = {}
        for end in (End.MADE, End.DOUBLE_BETE, End.SINGLE_BETE):
            chips, _ = settle(seats, d["bidder"], bid, value, end, lone)
            out[end] = margin(chips, view["seat"])
        return out

    # -- card play -----------------------------------------------------------------------------

    def _play(self, view: View, actions: list[str], rng: random.Random, deadline: float) -> str:
        cards = list(dict.fromkeys(a[5:] for a in actions if a.startswith("play:")))
        conceding = "concede" in actions
        if len(cards) == 1 and not conceding:
            return f"play:{cards[0]}"
        d = view["deal"]
        points = points_table(view["options"])
        ends = self._margins(view, d["trump"])
        score = self._scorer(view, d["trump"])
        meld: int = d["meld"]["value"] if d["meld"] else 0
        resample = self.game.resample
        assert resample is not None
        build = play_of(view, points)

        def sample() -> list[float]:
            start = build(resample(view, rng))
            out = []
            for card in cards:
                out.append(score(meld + start.copy().run(first=card)))
            if conceding:
                out.append(ends[End.SINGLE_BETE])
            return out

        best = self._best(len(cards) + conceding, sample, deadline)
        return "concede" if best == len(cards) else f"play:{cards[best]}"

    # -- the bidder's choices --------------------------------------------------------------------

    def _trump(self, view: View, rng: random.Random, deadline: float) -> str:
        d = view["deal"]
        hand: list[str] = d["hand"]
        bid: int = d["high_bid"]
        options = view["options"]
        points = points_table(options)
        trumps = self._trumps(view)
        plans = [plan(hand, t, bid, points) for t in trumps]
        fixed: list[float | None] = []
        for t, (meld, _, _) in zip(trumps, plans, strict=True):
            fixed.append(self._margins(view, t)[End.MADE] if meld >= bid else None)
        conceded = self._margins(view, None)[End.SINGLE_BETE]
        made = [(f, t) for f, t in zip(fixed, trumps, strict=True) if f is not None]
        if made:
            return f"trump:{max(made)[1]}"  # made on meld: the trump that pays most
        scores = [self._scorer(view, t) for t in trumps]
        resample = self.game.resample
        assert resample is not None

        def sample() -> list[float]:
            match = resample(view, rng)
            deal = match.current
            assert deal is not None
            out = []
            for t, (meld, buried, playing), score, done in zip(
                trumps, plans, scores, fixed, strict=True
            ):
                if done is not None:
                    out.append(done)
                    continue
                hands = {s: list(deal.hands[s]) for s in deal.active}
                hands[deal.bidder] = list(playing)
                play = Play(deal.active, deal.bidder, t, hands, buried, points)
                out.append(score(meld + play.run()))
            out.append(conceded)
            return out

        best = self._best(len(trumps) + 1, sample, deadline)
        return "concede" if best == len(trumps) else f"trump:{trumps[best]}"

    @staticmethod
    def _trumps(view: View) -> list[str]:
        """The trumps played out: the best few by the basic level's estimate."""
        values = BasicBot.contract_values(view)
        ranked = sorted(SUITS, key=lambda t: (-values[t], t))
        top = values[ranked[0]]
        return [t for t in ranked[:TRUMP_CANDIDATES] if values[t] >= top - TRUMP_SLACK]

    def _bury(self, view: View, legal: dict[str, Any], rng: random.Random, deadline: float) -> str:
        d = view["deal"]
        hand: list[str] = d["hand"]
        trump: str = d["trump"]
        points = points_table(view["options"])
        burials = ranked_burials(hand, legal["from"], trump, points)[:BURIAL_CANDIDATES]
        meld: int = d["meld"]["value"] if d["meld"] else 0
        ends = self._margins(view, trump)
        score = self._scorer(view, trump)
        conceding = "concede" in legal.get("also", [])
        resample = self.game.resample
        assert resample is not None
        seat: int = view["seat"]

        def sample() -> list[float]:
            match = resample(view, rng)
            deal = match.current
            assert deal is not None
            out = []
            for buried in burials:
                hands = {s: list(deal.hands[s]) for s in deal.active}
                hands[seat] = playing_of(hand, buried)
                play = Play(deal.active, seat, trump, hands, buried, points)
                out.append(score(meld + play.run()))
            if conceding:
                out.append(ends[End.SINGLE_BETE])
            return out

        best = self._best(len(burials) + conceding, sample, deadline)
        if best == len(burials):
            return "concede"
        return "bury:" + ",".join(burials[best])

    # -- the auction and the throw-in ----------------------------------------------------------

    def _contract_worth(self, view: View, rng: random.Random, deadline: float, bid: int) -> float:
        """The mean result, in chips per counterparty, of holding the contract at ``bid``
        with the widow still to come: over sampled widows, the best trump (or the concession)
        each would give. Before the widow is turned every card the seat does not hold is as
        likely to be in it as any other (the bids say nothing of where a card lies), so the
        widow is drawn straight from those cards."""
        d = view["deal"]
        options = view["options"]
        dealt: list[str] = d["hand"]
        unseen = list((Counter(CARDS) - Counter(dealt)).elements())
        values = {t: bid_chips(bid, t, options) for t in SUITS}
        conceded = -float(bid_chips(bid, None, options))
        total = 0.0
        n = 0
        limit = WIDOWS if self.max_samples is None else max(1, self.max_samples * 8)
        widow = self._widows(view, unseen, rng)
        while n < limit:
            full = [*dealt, *widow()]
            best = conceded
            for t in SUITS:
                meld = model.meld_value(full, t)
                if meld >= bid:
                    worth = float(values[t])
                else:
                    estimate = (
                        meld + SKILL + model.linear(model.WIDOW_MODEL, model.features(full, t))
                    )
                    p = model.chance(estimate, bid, model.WIDOW_SIGMA)
                    worth = values[t] * (3.0 * p - 2.0)
                if worth > best:
                    best = worth
            total += best
            n += 1
            if perf_counter() >= deadline:
                break
        self.last_samples = n
        return total / n

    def _widows(self, view: View, unseen: list[str], rng: random.Random) -> Callable[[], list[str]]:
        """A draw of the widow as the bidding weighs it: straight from the ``unseen`` cards
        with the engine's game (the resampler's own distribution, at a fraction of the
        cost), else the widow of the deal ``self.game`` resamples."""
        if self.game is RULES:
            return lambda: rng.sample(unseen, 3)
        resample = self.game.resample
        assert resample is not None

        def drawn() -> list[str]:
            deal = resample(view, rng).current
            assert isinstance(deal.widow, list)
            return list(deal.widow)

        return drawn

    def _bid(self, view: View, actions: list[str], rng: random.Random, deadline: float) -> str:
        bids = [a for a in actions if a.startswith("bid:")]
        if "pass" not in actions:
            return bids[0]  # eldest's compulsory opening
        if not bids:  # the high bid is at the table's limit
            return "pass"
        least = int(bids[0][4:])
        worth = self._contract_worth(view, rng, deadline, least)
        return bids[0] if worth > BID_EDGE else "pass"

    def _widow(self, view: View, rng: random.Random, deadline: float) -> str:
        d = view["deal"]
        bid: int = d["high_bid"]
        worth = self._contract_worth(view, rng, deadline, bid)
        # margins per unit of value: a made contract gains one from each counterparty; the
        # throw-in pays the basic value to the kitty alone
        seats: int = view["seats"]
        counter = seats - 1 + (1 if bid >= 350 else 0)
        thrown = -float(bid_chips(bid, None, view["options"]))
        return "widow" if worth * (counter + 1) > thrown else "throw_in"


# -- helpers ---------------------------------------------------------------------------------------


class Search(SamplingBot):
    """The sampling search of the review (app/bots/review.py): the basic level acts on the
    engine's state up to the bidder's first lead, the simulator plays the rest, and the
    deal is settled in chips as the engine settles it."""

    def play_out(self, state: GameState, seat: int, played: int) -> float:
        match = cast(Match, state)
        game = self.game
        while match.deals_played == played and not match.is_over:
            actor = match.to_act
            if actor is None or actor == TABLE:
                break
            shown = game.view(match, actor, None, None)
            if shown["deal"]["led"] and legal_of(shown)["kind"] == "play":
                return settled(match, shown, seat)
            match.apply(actor, game.parse_action(self.policy.decide(shown)))
        return super().play_out(state, seat, played)  # the deal is over


def settled(match: Match, view: View, seat: int) -> float:
    """``seat``'s margin in chips for the deal in progress played out by the simulator from
    ``view`` (the seat to play's, after the bidder's first lead), as ``Match.played_out``
    settles it: the chips, and the kitty's share when the deal is the match's last."""
    d = view["deal"]
    options = view["options"]
    bidder: int = d["bidder"]
    bid: int = d["high_bid"]
    meld: int = d["meld"]["value"] if d["meld"] else 0
    total = meld + play_of(view, points_table(options))(match).run()
    end = End.MADE if total >= bid else End.DOUBLE_BETE
    lone = {c["seat"]: c["value"] for c in d["concessions"]}
    value = bid_chips(bid, d["trump"], options)
    chips, kitty = settle(match.seats, bidder, bid, value, end, lone)
    if match.deals_played + 1 >= match.deals_total:
        deal = match.current
        assert deal is not None
        share = share_kitty(match.kitty + kitty, match.seats, deal.dealer)
        chips = [a + b for a, b in zip(chips, share, strict=True)]
    return margin(chips, seat)


def plan(
    hand: Sequence[str], trump: str, bid: int, points: dict[str, int]
) -> tuple[int, list[str], list[str]]:
    """What the basic level does with ``hand`` in ``trump``: the meld it shows (the
    suggestion: the best meld, less its smallest melds while it leaves fewer than three
    cards to bury, unless it makes the bid), its burial and the cards it then plays."""
    melds = meld_rules.best(hand, trump)
    if sum(m.value for m in melds) < bid:
        while melds and len(meld_rules.shown_cards(melds)) > len(hand) - 3:
            melds.remove(min(melds, key=lambda m: m.value))
    meld = sum(m.value for m in melds)
    if meld >= bid:
        return meld, [], []
    free = Counter(hand)
    free.subtract(meld_rules.shown_cards(melds))
    buried, _ = model.choose_burial(hand, list(free.elements()), trump, points)
    return meld, buried, playing_of(hand, buried)


def ranked_burials(
    hand: Sequence[str], free: Sequence[str], trump: str, points: dict[str, int]
) -> list[list[str]]:
    """Distinct burials of three of ``free``, best first by the basic level's score."""
    from itertools import combinations

    scored = []
    for triple in dict.fromkeys(combinations(sorted(free), 3)):
        rest = playing_of(hand, triple)
        scored.append((-model.burial_score(triple, rest, trump, points), triple))
    scored.sort()
    return [list(t) for _, t in scored]


def playing_of(hand: Sequence[str], buried: Sequence[str]) -> list[str]:
    rest = list(hand)
    for c in buried:
        rest.remove(c)
    return rest


def play_of(view: View, points: dict[str, int]) -> Callable[[Match], Play]:
    """The play in progress in ``view`` as the simulator takes it, for each sampled deal:
    what everyone saw (the cards played, the voids shown, the bidder's points) is read once
    from the view, the hands and the burial from each sample."""
    d = view["deal"]
    bidder: int = d["bidder"]
    trump: str = d["trump"]
    played, voids = played_and_voids(d)
    trick = [(e["seat"], e["card"]) for e in d["trick"]]
    taken = d["points_taken"][0]
    tricks_left = 15 - len(d["tricks_played"])
    led: bool = d["led"]
    to_play: int = view["seat"]
    active = tuple(d["active"])

    def build(match: Match) -> Play:
        deal = match.current
        assert deal is not None
        buried = deal.buried or []
        hands = {s: deal.hands[s] for s in active}
        if not led:
            hands[bidder] = playing_of(hands[bidder], buried)
        return Play(
            active,
            bidder,
            trump,
            hands,
            buried,
            points,
            trick=trick,
            played=played,
            voids=voids,
            taken=taken,
            tricks_left=tricks_left,
            to_play=to_play,
        )

    return build

"""The open-hand yardstick: the ``cheat``, a benchmark-only player that runs the strong
player's search on the true deal instead of sampled ones.

Each game's ``strong`` level is a perfect-information Monte Carlo search: it deals the cards
it has not seen anew many times over (its game's ``resample``) and plays its candidates out
on every sampled deal. The cheat is that very bot, built by the registry at the same budget
and the same cap on sampled deals, whose game hands over a clone of the true state before
each decision in place of every sampled deal. What the strong level loses against it is what
its blindness costs; ``bench/bots.py`` reports the share of the cheat's margin over the basic
level that the strong level keeps.

Every strong level reads its sampled deals from one seam, its ``game`` attribute's
``resample`` (the bitmask sampler of Swedish Bismarck and the widow draws of auction
pinochle's bidding stand aside when it is set to another game than the engine's). The true
deal is all of it: the other hands, the undealt stock in the order it will be drawn, the
widow before it is turned, and in Swedish Bismarck the forehand's own sixteen before the
contract, which by the rules it chooses seeing only the four open cards.

With the true deal, ``N`` samples are ``N`` playouts of one deal per candidate. The playouts
of Bismarck, Sixty-six and spades are deterministic (in three deals of each, no playout of a
decision differed from another of the same candidate), so the ``N`` are alike: the cheat's
choice is that of one playout per candidate from the true deal, and its search's early stop
ends a decision at the first check (64 deals) or at the cap, whichever comes first, so that
a decision costs what the strong level's does, or less. A playout policy that drew at
random would make the ``N`` differ by their draws. The levels that keep the basic level's
choice unless another beats it by some standard errors (the partnership pinochles, bezique,
Finnish Bismarck) find no spread in alike playouts, so their test comes down to a better
result on the true deal (in Finnish Bismarck by its loyalty margin too); the pinochles and
bezique first want their least evidence, 8 deals, and under ``--samples 8`` their cheats
play as the basic level.

The true deal may hold more than the hands: a cheat ``from_hand`` searches it only at the
decisions where its seat holds cards it has looked at, and before decides as the strong level
does (Swedish Bismarck's contract, chosen on the four open cards before any hand is dealt; a
blind bid in spades). ``bench/bots.py --cheat-from-hand`` measures that one. A cheat
``hands_only`` sees the other hands and not the order of the stock: its searched deals are
the game's resampler's, from the seat's view with every other hand listed among the cards it
knows there (``deal.known``, Sixty-six's word), so that only the stock is dealt anew
(``--cheat-hands-only``; a game whose view has no ``known`` refuses it).

The cheat lives here, beside the benchmarks, and not among the levels in ``app/bots``:
those are discovered from the packages there and offered to every room, and a player that
reads the true state must never be one a table can seat. It needs the state itself, which
no bot at a table is handed: the arena's ``on_view`` gives it (:class:`Truth`).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import partial
from typing import Any

from app.bots import DEFAULT_BUDGET, make_bot
from app.bots.base import View
from app.engine import Game, GameState, get_game

LEVEL = "cheat"
FROM_HAND = "cheat_from_hand"
"""The name of a cheat ``from_hand`` in benchmarks' reports."""
HANDS_ONLY = "cheat_hands_only"
"""The name of a cheat ``hands_only`` in benchmarks' reports."""


@dataclass
class Truth:
    """The match as the arena hands it before each action (``play_deal``'s ``on_view``):
    what the cheats of one playing of a pack search on."""

    state: GameState | None = None

    def see(self, state: GameState) -> None:
        self.state = state

    def resample(self, view: View, rng: random.Random) -> GameState:
        """A clone of the true state, in place of a deal of the hidden cards dealt anew; the
        search plays on its clones, never on the match itself."""
        state = self.state
        if state is None or state.to_act != view["seat"]:
            raise RuntimeError("the cheat was asked to decide without the true state of its turn")
        return state.clone()

    def hands_resample(self, game: Game, view: View, rng: random.Random) -> GameState:
        """A deal by ``game``'s resampler from ``view`` with every other seat's true hand
        among the cards the seat knows there: the hands as they are, the stock dealt anew."""
        state = self.resample(view, rng)
        deal = dict(view["deal"])
        known = deal.get("known")
        if not isinstance(known, list) or len(known) != state.seats:
            raise ValueError(f"{game.name}'s view lists no cards known in the other hands")
        seat: int = view["seat"]
        deal["known"] = [
            known[s] if s == seat else game.view(state, s, None, None)["deal"]["hand"]
            for s in range(state.seats)
        ]
        resample = game.resample
        assert resample is not None
        dealt: GameState = resample({**view, "deal": deal}, rng)
        return dealt


def open_hand(game: Game, truth: Truth) -> Game:
    """``game`` whose ``resample`` hands over the true state."""
    return dataclasses.replace(game, resample=truth.resample)


class CheatBot:
    """The strong level of ``game`` searching the true deal (``from_hand``: only once its
    seat holds cards it has looked at). It keeps the strong bot's ``max_samples`` (read and
    set through) so that the benchmark holds both alike."""

    level = LEVEL

    def __init__(
        self,
        game: str,
        truth: Truth,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        from_hand: bool = False,
        hands_only: bool = False,
    ) -> None:
        strong: Any = make_bot(game, "strong", seed=seed, budget=budget)
        if not hasattr(strong, "game"):
            raise ValueError(f"{game}'s strong level has no game to deal its searches from")
        rules = strong.game or get_game(game)
        if hands_only:
            dealt = partial(truth.hands_resample, dataclasses.replace(rules))
            strong.game = dataclasses.replace(rules, resample=dealt)
        else:
            strong.game = open_hand(rules, truth)
        self.strong = strong
        self.truth = truth
        self.level = HANDS_ONLY if hands_only else FROM_HAND if from_hand else LEVEL
        self.blind: Any = make_bot(game, "strong", seed=seed, budget=budget) if from_hand else None
        """The strong level itself, for the decisions before the seat's hand (``from_hand``)."""

    @property
    def max_samples(self) -> int | None:
        value: int | None = self.strong.max_samples
        return value

    @max_samples.setter
    def max_samples(self, value: int | None) -> None:
        self.strong.max_samples = value
        if self.blind is not None:
            self.blind.max_samples = value

    @property
    def last_samples(self) -> int:
        value: int = self.strong.last_samples
        return value

    def decide(self, view: View) -> str:
        deal = view.get("deal") or {}
        bot = self.blind if self.blind is not None and not deal.get("hand") else self.strong
        answer: str = bot.decide(view)
        return answer

"""Our Schnapsen players inside another engine: duplicate deals refereed by the ``schnapsen``
package (PyPI; the teaching platform of an intelligent-systems course), against the bots it
ships, which no one here wrote.

    python3 -m venv .venv-versus
    .venv-versus/bin/pip install -e . schnapsen==0.0.5
    .venv-versus/bin/python bench/versus.py --level basic --opponent bully --deals 500
    .venv-versus/bin/python bench/versus.py --level strong --opponent rdeep-time --deals 500

The package is a benchmark dependency only: nothing that serves or tests the project needs it,
so it lives in a virtual environment of its own.

Its ``SchnapsenGamePlayEngine`` deals and referees every game; a game is one deal, and its
result is the winner's game points (1, 2 or 3). Our ``basic`` or ``strong`` player is wrapped
as the package's ``Bot``: before each of its moves the deal so far (the package's history of
tricks, the dealt cards it was given by the referee) is replayed into a Kortbord Schnapsen
match, the player decides on its own seat's view of that match (``Game.view``: what that seat
may see, nothing more), and its action is translated back into the package's ``Move``. A move
the package does not list as valid is counted as refused (goal: none) and replaced by the
package's first valid move, so that the deal still ends.

Duplicate deals: each deal is played twice, with the same cards, our player leading the first
trick in one playing and the other bot in the other. A deal's figure is our game points less
the other's, over both playings; the mean per game and its 95% interval are over deals.

Where the package's engine and our rules (docs/games/schnapsen.md) differ, the harness bridges:

- The package has no closing of the talon and no claim: a deal ends when the winner of a trick
  has 66 (or with the last trick). Our player is not offered ``close`` or ``claim``.
- After a marriage the package always plays the king; our player is offered the king alone.
- The package lets the leader exchange the trump jack while the talon holds any card; where
  our rules would refuse the other bot's exchange, the replay makes it on the ledger, as the
  package did (counted as ``bridged``).

Opponents: ``rand`` (RandBot), ``bully`` (BullyBot), ``rdeep`` (RdeepBot with the 16 samples
and depth 4 of the platform's own example game), ``rdeep-time`` (RdeepBot at depth 4 held to
our player's time a move: after every ``--batch`` deals its samples are scaled by our time a
move over its own in that batch, both timed in the same processes at the same moments, so a
change in the machine's load moves both; the samples it ends with are printed).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

try:
    from schnapsen.bots import BullyBot, RandBot, RdeepBot
    from schnapsen.deck import Card as PCard
    from schnapsen.deck import Rank, Suit
    from schnapsen.game import (
        Bot as PBot,
    )
    from schnapsen.game import (
        Marriage,
        Move,
        PlayerPerspective,
        RegularMove,
        SchnapsenDeckGenerator,
        SchnapsenGamePlayEngine,
        TrumpExchange,
    )
except ImportError:  # pragma: no cover - the harness's own environment has it
    sys.exit(
        "bench/versus.py needs the schnapsen package: python3 -m venv .venv-versus && "
        ".venv-versus/bin/pip install -e . schnapsen==0.0.5"
    )

from app.bots import DEFAULT_BUDGET, make_bot
from app.engine import TABLE, IllegalAction, get_game

GAME = "schnapsen"
Z95 = 1.96
RDEEP_SAMPLES = 16
RDEEP_DEPTH = 4
"""RdeepBot's settings in the platform's own example game (``rdeep_game``)."""

_RANKS = {Rank.ACE: "A", Rank.TEN: "T", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}
_SUITS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_RANK_OF = {v: k for k, v in _RANKS.items()}
_SUIT_OF = {v: k for k, v in _SUITS.items()}


def code(card: PCard) -> str:
    """The package's card in our notation (``QS``)."""
    return _RANKS[card.rank] + _SUITS[card.suit]


def card(text: str) -> PCard:
    return PCard.get_card(_RANK_OF[text[0]], _SUIT_OF[text[1]])


@dataclass
class Tally:
    """What a playing of the package's engine asked of our player and what the harness did."""

    moves: int = 0
    refused: int = 0
    """Our moves the package did not list as valid (goal: none)."""
    bridged: int = 0
    """The other bot's moves our rules refuse, made on the replay as the package made them."""
    seconds: float = 0.0
    """Our player's time deciding."""


@dataclass
class Deal:
    """The cards the referee dealt, as the package lays them: the first player's five, the
    second's, and the talon, top first, its last card the trump card turned under it."""

    first: list[str]
    second: list[str]
    talon: list[str]


def dealt(seed: int) -> Deal:
    """The deal ``SchnapsenGamePlayEngine.play_game`` makes from ``random.Random(seed)``:
    its shuffle of the package's own deck, dealt as its hand generator deals it."""
    generator = SchnapsenDeckGenerator()
    cards = [
        code(c)
        for c in generator.shuffle_deck(
            generator.get_initial_deck(), random.Random(seed)
        ).get_cards()
    ]
    return Deal(cards[0:10:2], cards[1:10:2], cards[10:])


class Ours(PBot):
    """Our player as the package's ``Bot``: it replays the deal so far into a Kortbord match
    and decides on its own seat's view of it."""

    def __init__(
        self, level: str, deal: Deal, first: bool, seed: int, budget: float, tally: Tally
    ) -> None:
        super().__init__(f"kortbord-{level}")
        self.bot = make_bot(GAME, level, seed=seed, budget=budget)
        self.game = get_game(GAME)
        self.deal = deal
        self.seat = 0 if first else 1
        """Our seat in the replay: seat 0 leads the first trick (seat 1 deals)."""
        self.tally = tally

    def get_move(self, perspective: PlayerPerspective, leader_move: Move | None) -> Move:
        state = replay(self.game, self.deal, perspective, leader_move, self.tally)
        assert state.to_act == self.seat, "the replay's turn is not ours"
        view = offered(self.game.view(state, self.seat, None, None))
        start = time.perf_counter()
        text = self.bot.decide(view)
        self.tally.seconds += time.perf_counter() - start
        self.tally.moves += 1
        kind, _, arg = text.partition(":")
        if kind == "marriage":  # the package plays the marriage's king with it
            move: Move = Marriage(card("Q" + arg), card("K" + arg))
        elif kind == "exchange":
            move = TrumpExchange(card("J" + str(view["deal"]["trump"])))
        else:
            move = RegularMove(card(arg))
        valid = perspective.valid_moves()
        if move not in valid:
            self.tally.refused += 1
            print(f"refused: {text} not among {valid}", file=sys.stderr)
            return valid[0]
        return move


def our_pack(deal: Deal) -> list[str]:
    """The pack that deals, in a Kortbord match whose seat 1 deals, the cards the package
    dealt: Schnapsen's positions (docs/games/schnapsen.md §3: three each, the non-dealer's
    first, the trump turned, two each, the talon) laid from the package's hands and talon."""
    first, second, talon = deal.first, deal.second, deal.talon
    return [*first[:3], *second[:3], talon[-1], *first[3:], *second[3:], *talon[:-1]]


def replay(
    game: Any, deal: Deal, perspective: PlayerPerspective, leader_move: Move | None, tally: Tally
) -> Any:
    """The Kortbord match at the package's present moment: the deal, then every trick of its
    history, then the move of the trick's leader when ``leader_move`` is given."""
    state = game.new_match(2, game.resolve_options({}), 1)
    state.apply(TABLE, game.deal(our_pack(deal)))
    moves: list[Move] = []
    for _, trick in perspective.get_game_history():
        if trick is None:
            continue
        if trick.is_trump_exchange():
            moves.append(trick.exchange)
        else:
            moves.extend((trick.leader_move, trick.follower_move))
    if leader_move is not None:
        moves.append(leader_move)
    for move in moves:
        seat = state.to_act
        if move.is_trump_exchange():
            try:
                state.apply(seat, game.parse_action("exchange"))
            except IllegalAction:
                bridge_exchange(state, seat)
                tally.bridged += 1
        elif move.is_marriage():
            king = move.as_marriage().king_card
            state.apply(seat, game.parse_action("marriage:" + code(king)[1]))
            state.apply(seat, game.parse_action("play:" + code(king)))
        else:
            state.apply(seat, game.parse_action("play:" + code(move.as_regular_move().card)))
    return state


def bridge_exchange(state: Any, seat: int) -> None:
    """The trump jack exchanged where the package allows it and our rules do not (a talon of
    two cards or fewer): made on the ledger as the exchange action makes it."""
    deal = state.current
    deal.ledger.exchange(seat, "J" + str(deal.trump))
    deal.exchanged = (seat, len(deal.history))
    deal.window = None


def offered(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with only the actions the package's engine has: no closing, no claim (it ends
    a deal itself once a trick's winner has 66)."""
    legal = view["legal"]
    if not legal or "actions" not in legal:
        return view
    kept = [a for a in legal["actions"] if a not in ("close", "claim")]
    return {**view, "legal": {**legal, "actions": kept}}


def opponent(name: str, seed: int, samples: int) -> PBot:
    rng = random.Random(seed)
    if name == "rand":
        return RandBot(rng, name="RandBot")
    if name == "bully":
        return BullyBot(rng, name="BullyBot")
    if name == "rdeep":
        return RdeepBot(RDEEP_SAMPLES, RDEEP_DEPTH, rng, name="RdeepBot")
    if name == "rdeep-time":
        return RdeepBot(samples, RDEEP_DEPTH, rng, name=f"RdeepBot-{samples}")
    raise SystemExit(f"no opponent {name!r}: rand, bully, rdeep, rdeep-time")


@dataclass(frozen=True)
class Job:
    level: str
    opponent: str
    seed: int
    budget: float
    samples: int
    """RdeepBot's samples per move for ``rdeep-time``."""


@dataclass
class Outcome:
    """One deal played twice: our game points less the other's in each playing."""

    margins: tuple[int, int]
    tally: Tally = field(default_factory=Tally)
    other_seconds: float = 0.0
    other_moves: int = 0


class Timed(PBot):
    """The other bot, its time deciding counted."""

    def __init__(self, inner: PBot, outcome: Outcome) -> None:
        super().__init__(str(inner))
        self.inner = inner
        self.outcome = outcome

    def get_move(self, perspective: PlayerPerspective, leader_move: Move | None) -> Move:
        start = time.perf_counter()
        move = self.inner.get_move(perspective, leader_move)
        self.outcome.other_seconds += time.perf_counter() - start
        self.outcome.other_moves += 1
        return move


def play(job: Job) -> Outcome:
    """The deal of ``job.seed`` played twice, our player first to lead in the first."""
    deal = dealt(job.seed)
    outcome = Outcome((0, 0))
    margins = []
    for first in (True, False):
        ours = Ours(job.level, deal, first, job.seed, job.budget, outcome.tally)
        other = Timed(opponent(job.opponent, job.seed, job.samples), outcome)
        engine = SchnapsenGamePlayEngine()
        bots = (ours, other) if first else (other, ours)
        winner, points, _ = engine.play_game(bots[0], bots[1], random.Random(job.seed))
        margins.append(points if winner is ours else -points)
    outcome.margins = (margins[0], margins[1])
    return outcome


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def run(args: argparse.Namespace) -> tuple[list[Outcome], int]:
    """Every deal of the run, in order; for ``rdeep-time``, RdeepBot's samples at the end.

    For ``rdeep-time`` the deals go in batches of ``--batch``: after each, RdeepBot's samples
    are scaled by our player's time a move over its own in that batch, both measured in the
    same processes at the same moments, so that a change in the machine's load moves both."""
    jobs = [
        Job(args.level, args.opponent, args.seed * 100_000 + i, args.budget, 0)
        for i in range(args.deals)
    ]
    samples = args.samples or RDEEP_SAMPLES
    adapt = args.opponent == "rdeep-time" and not args.samples
    batch = args.batch if adapt else len(jobs)
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for start in range(0, len(jobs), batch):
            chunk = [replace(j, samples=samples) for j in jobs[start : start + batch]]
            done = list(pool.map(play, chunk))
            outcomes.extend(done)
            if adapt:
                ours = _per_move(
                    sum(o.tally.seconds for o in done), sum(o.tally.moves for o in done)
                )
                theirs = _per_move(
                    sum(o.other_seconds for o in done), sum(o.other_moves for o in done)
                )
                # halfway towards the samples that would have matched, so one odd batch
                # does not swing it
                matched = samples * ours / theirs if theirs else samples
                samples = max(1, round((samples + matched) / 2))
            if args.progress:
                mean, low, high = interval([sum(o.margins) / 2 for o in outcomes])
                shown = f"; RdeepBot samples now {samples}" if adapt else ""
                print(
                    f"  {len(outcomes)} deals: {mean:+.3f} [{low:+.3f}, {high:+.3f}]{shown}",
                    flush=True,
                )
    return outcomes, samples


def _per_move(seconds: float, moves: int) -> float:
    return seconds / moves if moves else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="strong", choices=("basic", "strong"))
    parser.add_argument(
        "--opponent", default="rdeep-time", choices=("rand", "bully", "rdeep", "rdeep-time")
    )
    parser.add_argument("--deals", type=int, default=500, help="deals, each played twice")
    parser.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET, help="our player's seconds per decision"
    )
    parser.add_argument(
        "--samples", type=int, default=0, help="rdeep-time's samples, fixed (0: held to our time)"
    )
    parser.add_argument("--batch", type=int, default=10, help="deals between rdeep-time's checks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    print(
        f"{args.level} vs {args.opponent}: {args.deals} deals, each played twice; "
        f"budget {args.budget} s; seed {args.seed}; workers {args.workers}"
    )
    outcomes, samples = run(args)
    report(args.level, args.opponent, outcomes)
    if args.opponent == "rdeep-time":
        print(f"RdeepBot samples at the end {samples}, depth {RDEEP_DEPTH}")


def report(level: str, other: str, outcomes: Sequence[Outcome]) -> None:
    per_game = [sum(o.margins) / 2 for o in outcomes]
    mean, low, high = interval(per_game)
    games = 2 * len(outcomes)
    won = sum(m > 0 for o in outcomes for m in o.margins)
    moves = sum(o.tally.moves for o in outcomes)
    ours = sum(o.tally.seconds for o in outcomes) / max(1, moves)
    theirs = sum(o.other_seconds for o in outcomes) / max(1, sum(o.other_moves for o in outcomes))
    print(f"games {games}: ours won {won} ({won / games:.1%})")
    print(
        f"game points per game, ours less {other}'s: {mean:+.3f}, 95% CI [{low:+.3f}, {high:+.3f}]"
    )
    refused = sum(o.tally.refused for o in outcomes)
    bridged = sum(o.tally.bridged for o in outcomes)
    print(f"moves ours {moves}, refused {refused}, the other's bridged {bridged}")
    print(f"seconds a move: ours {ours * 1000:.1f} ms, {other} {theirs * 1000:.1f} ms")


if __name__ == "__main__":
    main()

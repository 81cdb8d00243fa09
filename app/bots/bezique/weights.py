"""Where ``playout.PROSPECTS_WEIGHT`` comes from: what a point of prospects difference brings
by the deal's end in the basic level's own play.

    .venv/bin/python -m app.bots.bezique.weights [--deals N] [--seed S] GAME

Plays ``N`` one-deal matches of the basic level against itself (seeded shuffles, the first
dealer alternating) and, at the start of every trick while the stock lasts, takes seat 0's
points lead ``p``, its prospects lead ``q`` (``prospects.Appraisal.base``, its own less the
other player's) and whether it leads the trick (``l``, +1 or -1); at the deal's end its
points lead ``F``. In each of eight bands of the stock left it fits ``F - p = k q + c l`` by
least squares and prints ``k`` (the weight, at the band's middle) and ``c``. The lead's
``c`` is small and changes sign from band to band: the estimate leaves it out.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from app.engine import TABLE, get_game
from app.engine.bezique import CHINESE, RUBICON, Match

from .basic import BasicBot
from .playout import cards_in, quick_view
from .prospects import Appraisal, Rules

BANDS = 8
"""Bands of the stock left that a weight is fitted in."""

Point = tuple[float, float, float, float, float]
"""The stock left (a share), ``p``, ``q``, ``l`` and ``F`` of one trick's start."""


def observed(name: str, deals: int, seed: int) -> list[Point]:
    """Every trick's start while the stock lasts in ``deals`` basic-against-basic deals."""
    game = get_game(name)
    variant = RUBICON if name == RUBICON.name else CHINESE
    rng = random.Random(seed)
    bot = BasicBot(variant)
    out: list[Point] = []
    for index in range(deals):
        match = game.new_match(2, game.resolve_options({"deals": 1}), index % 2)
        assert isinstance(match, Match)
        starts: list[tuple[float, float, float, float]] = []
        final = (0, 0)
        while not match.is_over:
            if match.to_act == TABLE:
                match.apply(TABLE, game.chance(match, rng))
                continue
            deal = match.current
            assert deal is not None
            seat = match.to_act
            assert seat is not None
            if deal.deciding is None and not deal.ledger.trick and not deal.endgame:
                rules = Rules(variant, deal.trump, deal.previous_trump, len(deal.ledger.stock))
                ahead = (
                    Appraisal.of(rules, cards_in(deal, 0)).base
                    - Appraisal.of(rules, cards_in(deal, 1)).base
                )
                starts.append(
                    (
                        len(deal.ledger.stock) / variant.stock_size,
                        float(deal.points[0] - deal.points[1]),
                        ahead,
                        1.0 if deal.leader == 0 else -1.0,
                    )
                )
            match.apply(seat, game.parse_action(bot.decide(quick_view(match, seat))))
            final = (deal.points[0], deal.points[1])
        out.extend((*start, float(final[0] - final[1])) for start in starts)
    return out


def fit(points: Sequence[Point]) -> tuple[float, float]:
    """``(k, c)`` of the least-squares fit ``F - p = k q + c l``."""
    qq = sum(q * q for _, _, q, _, _ in points)
    ll = sum(lead * lead for _, _, _, lead, _ in points)
    ql = sum(q * lead for _, _, q, lead, _ in points)
    qy = sum(q * (f - p) for _, p, q, _, f in points)
    ly = sum(lead * (f - p) for _, p, _, lead, f in points)
    det = qq * ll - ql * ql
    return (qy * ll - ly * ql) / det, (qq * ly - ql * qy) / det


def bands(points: Sequence[Point]) -> list[tuple[float, int, float, float]]:
    """Per band of the stock left: its middle, the trick starts in it, ``k`` and ``c``."""
    out = []
    for band in range(BANDS):
        low, high = band / BANDS, (band + 1) / BANDS
        inside = [pt for pt in points if low <= pt[0] < high or (band == BANDS - 1 and pt[0] == 1)]
        if len(inside) < 2:
            continue
        k, c = fit(inside)
        out.append(((low + high) / 2, len(inside), k, c))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("game", choices=[RUBICON.name, CHINESE.name])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    for middle, count, k, c in bands(observed(args.game, args.deals, args.seed)):
        print(f"stock left {middle:.2f}: {count:5d} trick starts, weight {k:.3f}, lead {c:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

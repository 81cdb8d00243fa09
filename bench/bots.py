"""Bot strength and speed per game: duplicate tournaments between the levels, and decision times.

    .venv/bin/python bench/bots.py [--game NAME ...] [--deals N] [--strong-deals N]
                                   [--cheat-deals N] [--cheat-from-hand | --cheat-hands-only]
                                   [--budget S | --samples N]
                                   [--timing-deals N] [--figure KEY] [--progress]
                                   [--seed S] [--workers N]

Every game whose computer players go beyond ``random`` is measured unless ``--game`` names
some (``auction-pinochle`` is read as ``auction_pinochle``). A *deal set* is one shuffle of
the pack, dealt as the first deal of a fresh match (the first dealer the last seat, so that
seat 0 leads off, or is eldest) and played once for each seat: level A in that seat, level
B in all the others (with three seats A sits in each seat once, B in each seat twice). In a
partnership game it is played once for each team: two A partners against two B partners,
then the other way round. Luck
of the cards cancels: equal bots would score the same on average over the rotations. The
figure per deal set is A's mean score per deal minus the mean score of a B seat in the same
deals; the report gives its mean over the deal sets with a 95% confidence interval (normal
approximation), and each level's mean score per seat and deal beside it. Where a game's deal
is settled all or nothing (bezique), the figure is the points each seat took in play instead
(``GAME_FIGURES``; ``--figure scores`` for the settled scores).

Scores are what the game settles a deal in: points, or chips in auction pinochle. There a
deal's settlement may also pay the kitty, which belongs to no seat until the session ends
and is then shared out equally; an equal share changes no difference between seats, so the
figure compares the chips the seats themselves gain, and the report shows the kitty's mean
gain per deal apart.

Decision times are the wall-clock time of ``decide`` for each level, p50 and p95, over all
decisions and over those with more than one legal action. The strength runs use several
processes and a reduced budget for the strong bot, so that the whole run stays within a few
minutes; the timing run plays strong (in each seat in turn) against basic bots in one
process at the default budget, the figures a person at the table would see. On a busy
machine a time budget buys fewer sampled deals than on a quiet one, so ``--samples N``
gives the strength run's strong bots N sampled deals per decision at most and no time limit
instead (``max_samples``; their early stop may still end a decision sooner): the same work,
and the same figures, however busy the machine. ``--progress`` prints each deal set's margin
as it comes, in order, with the mean and interval of those so far: a long run stopped early
still gives the figures of a run of that many deal sets. A game may set
its own defaults for these counts (``GAME_DEFAULTS``): auction pinochle ends most deals in a
throw-in or in a contract that no card play changes, so its levels differ in fewer deals,
and its strength run takes more deal sets, at a smaller budget, within a few minutes. The
partnership pinochles' strong seats think for 12 or 20 cards each per deal at the default
budget, so their timing runs play fewer deals. A bezique deal asks some ninety decisions of
a seat (rubicon), half as many again in Chinese bezique, so its strength run takes fewer
deal sets at a small budget, and its timing run one or two deals. In Finnish Bismarck two
strong partners decide some thirty times each in every playing of a pack, so its strength
run takes fewer deal sets at a smaller budget, and its timing run four deals. A game may
also name the options its deals are played under (``GAME_OPTIONS``): the partnership
pinochles are measured without claims, since a claim ends the match.
Wall-clock times include whatever else the machine is running: the header prints its load
average.

The open-hand yardstick: beside strong against basic, the ``cheat`` (``bench/cheat.py``: the
strong level's own search, at the same budget or ``--samples``, on the true deal instead of
sampled ones) plays basic on the same deal sets, with the same seed and figure
(``--cheat-deals N``, by default as many as the strong run; 0 skips it). The report then
gives the share of the cheat's advantage that strong keeps: strong's margin over basic
divided by the cheat's. Its 95% confidence interval is a percentile bootstrap over the deal
sets (2,000 resamplings, seeded): the strong and cheat runs play the same packs, so a
resampling draws deal sets, each with both its margins, and takes the ratio of the two
means over the deal sets drawn (a run longer than the other adds its extra deal sets to its
own mean alone). A resampling whose cheat margin is not above zero counts as an unbounded
share, so a cheat barely ahead of basic shows as an open interval, not as a number.
``--cheat-from-hand`` and ``--cheat-hands-only`` put a lesser cheat in its place: one that
searches the true deal only once its seat holds cards it has looked at (Bismarck's contract
is then strong's own), or one that sees the other hands but not the stock's order
(Sixty-six).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.bots import DEFAULT_BUDGET, Bot, levels_for, make_bot
from app.bots.arena import Decision, Log, play_deal
from app.engine import GAMES, Action, Game, GameState, get_game
from bench.cheat import FROM_HAND, HANDS_ONLY, CheatBot, Truth
from bench.cheat import LEVEL as CHEAT

Z95 = 1.96
BOOTSTRAP = 2000
"""Resamplings of the deal sets behind the open-hand share's confidence interval."""

GAME_DEFAULTS: dict[str, dict[str, float]] = {
    "auction_pinochle": {"strong_deals": 300, "budget": 0.1},
    "partnership_pinochle": {"strong_deals": 120, "budget": 0.15, "timing_deals": 4},
    "double_deck_pinochle": {"strong_deals": 80, "timing_deals": 4},
    "bezique_rubicon": {"strong_deals": 60, "budget": 0.05, "timing_deals": 2},
    "chinese_bezique": {"deals": 200, "strong_deals": 40, "budget": 0.05, "timing_deals": 1},
    "finnish_bismarck": {"strong_deals": 60, "budget": 0.15, "timing_deals": 4},
}
"""Per game, the settings used when the command line does not give them."""
GAME_OPTIONS: dict[str, dict[str, object]] = {
    "partnership_pinochle": {"claims": False},
    "double_deck_pinochle": {"claims": False},
}
"""Per game, the options its deals are played under. The partnership pinochles are played
without claims: a claim ends the match at once, the claiming side scoring its points so far
and the other side nothing, so a random player's claim in the first trick would end most
deals at 0 against 0, and a sure claim by the other levels would score the deal otherwise
than its play. A deal's score then measures only how well it was bid and played."""
GAME_FIGURES: dict[str, str] = {
    "bezique_rubicon": "points",
    "chinese_bezique": "points",
}
"""Per game, the key of a scored deal's detail whose per-seat values are the figure compared,
where the deal's own scores are all or nothing: a bezique deal pays its winner alone (in
rubicon the difference and a bonus of 500, or a rubicon), so one playing of a pack swings a
deal set's margin by thousands and hides a real edge for hundreds of deal sets. The points
each seat took in play (declarations, brisques, the last trick) measure the same skill per
deal, and ``--figure scores`` gives the settled scores instead."""
NO_LIMIT = 1e9
"""The strength run's budget under ``--samples``: the sampled deals bound a decision."""
GENERIC_DEFAULTS: dict[str, float] = {
    "deals": 300,
    "strong_deals": 100,
    "budget": 0.25,
    "timing_deals": 15,
}


def game_name(text: str) -> str:
    """A game's registry name from the command line: ``auction-pinochle`` is
    ``auction_pinochle``."""
    name = text.strip().lower().replace("-", "_")
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"no game {text!r}; games: {', '.join(sorted(GAMES))}")
    return name


def settings_for(name: str, args: argparse.Namespace) -> argparse.Namespace:
    """``args`` with the game's own defaults for what the command line left out."""
    chosen = dict(vars(args))
    if chosen.get("samples") is not None and chosen.get("budget") is None:
        chosen["budget"] = NO_LIMIT
    for key, generic in GENERIC_DEFAULTS.items():
        if chosen.get(key) is None:
            chosen[key] = GAME_DEFAULTS.get(name, {}).get(key, generic)
    if chosen.get("cheat_deals") is None:
        chosen["cheat_deals"] = chosen["strong_deals"]
    for key in ("deals", "strong_deals", "cheat_deals", "timing_deals"):
        chosen[key] = int(chosen[key])
    return argparse.Namespace(**chosen)


def options_for(game: Game) -> dict[str, object]:
    """The options a game's deals are played under here (``GAME_OPTIONS``)."""
    return dict(GAME_OPTIONS.get(game.name, {}))


def shuffle_for(game: Game, seats: int, seed: int, index: int) -> Action:
    """The pack of deal set ``index``: the game's own shuffle, from a seeded generator."""
    state = game.new_match(seats, game.resolve_options(options_for(game)), seats - 1)
    return game.chance(state, random.Random(f"deck:{seed}:{index}"))


def figure_for(name: str, chosen: str | None) -> str | None:
    """The detail key compared for ``name`` (``None``: the deal's scores)."""
    if chosen == "scores":
        return None
    return chosen or GAME_FIGURES.get(name)


DealSet = tuple[str, str, str, int, int, float, str | None, int | None]
"""A deal set's job: the game, levels A and B, the seed, the deal set's index, the budget,
the figure and the sampled deals per decision (``None``: as the budget allows)."""


def make_level(
    name: str,
    level: str,
    seed: int,
    budget: float,
    samples: int | None = None,
    truth: Truth | None = None,
) -> Bot:
    """A bot of ``level``, a searching one held to ``samples`` sampled deals per decision
    when given; the cheat (``bench/cheat.py``) searches the state ``truth`` is handed."""
    bot: Bot
    if level in (CHEAT, FROM_HAND, HANDS_ONLY):
        seen = truth if truth is not None else Truth()
        bot = CheatBot(
            name,
            seen,
            seed=seed,
            budget=budget,
            from_hand=level == FROM_HAND,
            hands_only=level == HANDS_ONLY,
        )
    else:
        bot = make_bot(name, level, seed=seed, budget=budget)
    if samples is not None and hasattr(bot, "max_samples"):
        bot.max_samples = samples
    return bot


def deal_set(args: DealSet) -> tuple[float, list[Decision], tuple[float, float, float]]:
    """A's margin over a B seat per deal, over the rotations of one pack; the decisions; and
    the mean score (or ``figure``, a key of the scored deal's detail) per deal of an A seat,
    of a B seat and of the kitty (if the game has one)."""
    name, level_a, level_b, seed, index, budget, figure, samples = args
    game = get_game(name)
    seats = game.seats_default
    deal = shuffle_for(game, seats, seed, index)
    log = Log()
    margins = []
    a_scores: list[float] = []
    b_scores: list[float] = []
    kitty: list[float] = []
    for rotation, a_seats in enumerate(rotations(game, seats)):
        bots: list[Bot] = []
        truth = Truth()
        for seat in range(seats):
            level = level_a if seat in a_seats else level_b
            bot_seed = (seed * 100_003 + index) * 16 + rotation * 4 + seat
            bots.append(make_level(name, level, bot_seed, budget, samples, truth))
        held: list[GameState] = []  # the match, as handed to ``on_view`` before each action

        def seen(state: GameState, held: list[GameState] = held, truth: Truth = truth) -> None:
            held.append(state)
            truth.see(state)

        played = play_deal(game, bots, deal, seats - 1, options_for(game), log=log, on_view=seen)
        if figure is not None and held:
            played = list(game.scored_deals(held[0], 0)[0].detail[figure])
        scores = [s or 0 for s in played]
        mine = [s for seat, s in enumerate(scores) if seat in a_seats]
        others = [s for seat, s in enumerate(scores) if seat not in a_seats]
        margins.append(statistics.fmean(mine) - statistics.fmean(others))
        a_scores.extend(mine)
        b_scores.extend(others)
        kitty.append(_kitty(game, held[0]) if held else 0.0)
    means = (statistics.fmean(a_scores), statistics.fmean(b_scores), statistics.fmean(kitty))
    return statistics.fmean(margins), log.decisions, means


def rotations(game: Game, seats: int) -> list[tuple[int, ...]]:
    """The seats level A holds in each playing of a pack: each seat alone in turn or, in a
    partnership game, each team in turn (A partners A against a team of B)."""
    teams = game.teams(seats)
    if teams is not None:
        return list(teams)
    return [(seat,) for seat in range(seats)]


def _kitty(game: Game, state: GameState) -> float:
    """What the first deal paid the kitty (0 in a game without one)."""
    deals = game.scored_deals(state, 0)
    value = deals[0].detail.get("kitty") if deals else None
    return float(value) if isinstance(value, int | float) else 0.0


def confidence(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return mean, half


def share_interval(
    kept: Sequence[float], whole: Sequence[float], seed: int
) -> tuple[float, float, float]:
    """The share ``mean(kept) / mean(whole)`` and its 95% percentile-bootstrap interval over
    the deal sets: the first ``n`` of each run are the same packs, resampled together; a run's
    deal sets beyond the other's are resampled on their own. A resampling with ``whole``'s
    mean not above zero is an unbounded share (of the sign of ``kept``'s mean)."""

    def ratio(a: float, b: float) -> float:
        if b > 0.0:
            return a / b
        return float("inf") if a >= 0.0 else float("-inf")

    rng = random.Random(f"share:{seed}")
    n = min(len(kept), len(whole))
    ratios = []
    for _ in range(BOOTSTRAP):
        shared = [rng.randrange(n) for _ in range(n)]
        a = [kept[i] for i in shared] + [
            kept[rng.randrange(n, len(kept))] for _ in range(len(kept) - n)
        ]
        b = [whole[i] for i in shared] + [
            whole[rng.randrange(n, len(whole))] for _ in range(len(whole) - n)
        ]
        ratios.append(ratio(statistics.fmean(a), statistics.fmean(b)))
    share = ratio(statistics.fmean(kept), statistics.fmean(whole))
    return share, percentile(ratios, 0.025), percentile(ratios, 0.975)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    at = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[at]


def report_times(decisions: Sequence[Decision], level: str) -> None:
    mine = [d for d in decisions if d.level == level]
    every = [d.seconds for d in mine]
    chosen = [d.seconds for d in mine if d.choices > 1]
    print(
        f"  {level:>6} decisions: {len(every):5d}  p50 {percentile(every, 0.5) * 1000:8.2f} ms"
        f"  p95 {percentile(every, 0.95) * 1000:8.2f} ms"
        f"  max {max(every, default=0) * 1000:8.2f} ms"
    )
    print(
        f"  {'':>6} with a choice: {len(chosen):5d}  p50 {percentile(chosen, 0.5) * 1000:8.2f} ms"
        f"  p95 {percentile(chosen, 0.95) * 1000:8.2f} ms"
    )


def duplicate(
    name: str,
    level_a: str,
    level_b: str,
    deals: int,
    seed: int,
    budget: float,
    workers: int,
    figure: str | None = None,
    samples: int | None = None,
    progress: bool = False,
) -> tuple[list[Decision], list[float]]:
    """Level A against level B on ``deals`` deal sets: the decisions, and A's margin over a
    B seat per deal in each deal set, in order."""
    start = time.perf_counter()
    jobs: list[DealSet] = [
        (name, level_a, level_b, seed, i, budget, figure, samples) for i in range(deals)
    ]
    results = []
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        done = pool.map(deal_set, jobs, chunksize=1) if pool is not None else map(deal_set, jobs)
        for index, result in enumerate(done):
            results.append(result)
            if progress:
                so_far, half = confidence([r[0] for r in results])
                print(
                    f"  deal set {index}: {result[0]:+.1f}; the first {index + 1}:"
                    f" {so_far:+.1f} [{so_far - half:+.1f}, {so_far + half:+.1f}]",
                    flush=True,
                )
    margins = [r[0] for r in results]
    decisions = [d for r in results for d in r[1]]
    a_mean = statistics.fmean(r[2][0] for r in results)
    b_mean = statistics.fmean(r[2][1] for r in results)
    kitty = statistics.fmean(r[2][2] for r in results)
    mean, half = confidence(margins)
    elapsed = time.perf_counter() - start
    game = get_game(name)
    turns = len(rotations(game, game.seats_default))
    thinking = f"budget {budget:g} s" if samples is None else f"{samples} sampled deals"
    print(
        f"{level_a} vs {level_b}: {deals} deal sets x {turns} rotations,"
        f" {thinking} ({elapsed:.0f} s)"
    )
    measured = "score" if figure is None else f"{figure} (the scored deal's detail)"
    print(
        f"  {level_a} minus {level_b} per seat and deal, in {measured}: {mean:+.3f}"
        f"  95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"
    )
    line = f"  mean score per seat and deal: {level_a} {a_mean:+.3f}, {level_b} {b_mean:+.3f}"
    if any(r[2][2] for r in results):
        line += f"; the kitty {kitty:+.3f} per deal"
    print(line)
    wins = sum(1 for m in margins if m > 0)
    losses = sum(1 for m in margins if m < 0)
    print(f"  deal sets won/tied/lost by {level_a}: {wins}/{deals - wins - losses}/{losses}")
    return decisions, margins


def report_share(
    strong: Sequence[float], cheat: Sequence[float], seed: int, level: str = CHEAT
) -> None:
    """The open-hand yardstick: each margin over basic with its interval, and the share of
    the cheat's (``level``: the cheat or the cheat from its hand on) that strong keeps."""
    print(f"open-hand share: the {level}'s margin over basic that strong keeps")
    for label, margins in (("strong", strong), (level, cheat)):
        mean, half = confidence(margins)
        print(
            f"  {label} minus basic: {mean:+.3f}  95% CI [{mean - half:+.3f}, {mean + half:+.3f}]"
            f"  ({len(margins)} deal sets)"
        )
    share, low, high = share_interval(strong, cheat, seed)
    paired = min(len(strong), len(cheat))
    if statistics.fmean(cheat) <= 0.0:
        print(f"  share strong/{level}: unbounded, the {level} is not ahead of basic")
        return
    print(
        f"  share strong/{level}: {share:.2f}  95% CI [{low:.2f}, {high:.2f}]"
        f"  (bootstrap over deal sets, {paired} paired)"
    )


def timing(name: str, deals: int, seed: int, budget: float) -> list[Decision]:
    """Strong against basic bots at the given budget, strong in each seat in turn."""
    game = get_game(name)
    seats = game.seats_default
    log = Log()
    start = time.perf_counter()
    for i in range(deals):
        deal = shuffle_for(game, seats, seed + 1, i)
        strong = rotations(game, seats)[i % len(rotations(game, seats))]
        bots = [
            make_bot(name, "strong" if s in strong else "basic", seed=i * 3 + s, budget=budget)
            for s in range(seats)
        ]
        play_deal(game, bots, deal, seats - 1, options_for(game), log=log)
    elapsed = time.perf_counter() - start
    print(
        f"decision times at the default budget {budget:g} s: {deals} deals,"
        f" one process ({elapsed:.0f} s)"
    )
    report_times(log.decisions, "strong")
    report_times(log.decisions, "basic")
    return log.decisions


def bench_game(name: str, args: argparse.Namespace) -> None:
    game = get_game(name)
    levels = levels_for(name)
    args = settings_for(name, args)
    print(f"== {game.title} ({name}), {game.seats_default} seats; levels {', '.join(levels)}")
    if options_for(game):
        print(f"options: {options_for(game)}")
    thinking = (
        f"strength budget {args.budget:g} s"
        if args.samples is None
        else f"strength samples {args.samples} per decision"
    )
    print(
        f"settings: deals {args.deals}, strong deals {args.strong_deals},"
        f" cheat deals {args.cheat_deals}, {thinking}, timing deals {args.timing_deals}"
    )
    decisions: list[Decision] = []
    figure = figure_for(name, args.figure)
    if args.deals and "basic" in levels:
        decisions += duplicate(
            name, "basic", "random", args.deals, args.seed, 0.0, args.workers, figure
        )[0]
    runs: dict[str, list[float]] = {}
    cheat = HANDS_ONLY if args.cheat_hands_only else FROM_HAND if args.cheat_from_hand else CHEAT
    for level, deals in (("strong", args.strong_deals), (cheat, args.cheat_deals)):
        if deals and "strong" in levels:
            played, runs[level] = duplicate(
                name,
                level,
                "basic",
                deals,
                args.seed,
                args.budget,
                args.workers,
                figure,
                args.samples,
                args.progress,
            )
            decisions += played
    if "strong" in runs and cheat in runs:
        report_share(runs["strong"], runs[cheat], args.seed, cheat)
    if decisions:
        print(f"decision times in the strength runs ({args.workers} processes):")
        for level in (*levels, CHEAT, FROM_HAND, HANDS_ONLY):
            if any(d.level == level for d in decisions):
                report_times(decisions, level)
    if args.timing_deals and "strong" in levels:
        timing(name, args.timing_deals, args.seed, DEFAULT_BUDGET)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "--game", action="append", type=game_name, help="repeatable; auction-pinochle works too"
    )
    parser.add_argument("--deals", type=int, help="deal sets, basic vs random (default 300)")
    parser.add_argument(
        "--strong-deals",
        type=int,
        help="deal sets, strong vs basic (default 100; auction pinochle 300)",
    )
    parser.add_argument(
        "--cheat-deals",
        type=int,
        help="deal sets, cheat (strong's search on the true deal) vs basic, for the open-hand"
        " share (default: as many as --strong-deals; 0 skips it)",
    )
    parser.add_argument(
        "--cheat-from-hand",
        action="store_true",
        help="the cheat searches the true deal only once its seat holds cards it has looked"
        " at, deciding as strong before (Bismarck's contract, a blind bid)",
    )
    parser.add_argument(
        "--cheat-hands-only",
        action="store_true",
        help="the cheat sees the other hands but not the stock's order (Sixty-six)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        help="strong's seconds per decision in the strength run (default 0.25;"
        " auction pinochle 0.1)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        help="strong's sampled deals per decision in the strength run, with no time limit"
        " (default: as many as the budget allows)",
    )
    parser.add_argument("--timing-deals", type=int, help="deals for the timing run (default 15)")
    parser.add_argument(
        "--figure",
        help="what is compared per deal: 'scores', or a key of the scored deal's detail"
        " (default: the game's GAME_FIGURES entry, else scores)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="print each deal set's margin of the strength and cheat runs as it comes, in"
        " order, and the mean and interval of those so far (the figures of a run of that"
        " many deal sets)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(
        "$ "
        + shlex.join(
            [".venv/bin/python", "bench/bots.py", *(sys.argv[1:] if argv is None else argv)]
        )
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load}; python {sys.version.split()[0]}")
    print(f"seed {args.seed}, workers {args.workers}")
    names = args.game or [n for n in GAMES if len(levels_for(n)) > 1]
    for name in names:
        bench_game(name, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

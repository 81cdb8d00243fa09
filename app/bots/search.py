"""Picking the best of a few candidate actions from their results on sampled deals.

Every candidate is played out on the same sampled deals, so the noise of the deal cancels in
their differences (paired comparison) and far fewer deals are needed to tell two candidates
apart. Sampling stops at the deadline, after a fixed number of deals if one is given, or as
soon as the leader is clearly ahead: most decisions are obvious after a few dozen deals, and
a person waiting for the bot should not watch it think about them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter

FIRST_CHECK = 64
"""Sampled deals before the first check whether one candidate is clearly best."""

CLEAR = 3.0
"""Standard errors by which the leader must be ahead of each other candidate to stop early."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A prior guess of each candidate's mean result, worth ``weight`` sampled deals."""

    means: list[float]
    weight: float


def best_candidate(
    count: int,
    sample: Callable[[], list[float]],
    deadline: float,
    max_samples: int | None = None,
    bias: Sequence[float] | None = None,
    prior: Sequence[float] | None = None,
    prior_weight: float = 0.0,
) -> tuple[int, int]:
    """(index of the best of ``count`` candidates, sampled deals used).

    ``sample()`` plays every candidate out on one new sampled deal and returns their results
    (higher is better). ``bias`` is added to each mean result; a ``prior`` guess of each mean
    counts as ``prior_weight`` sampled deals. At least one deal is always sampled.
    """
    offsets = list(bias) if bias is not None else [0.0] * count
    guess = Estimate(list(prior) if prior is not None else [0.0] * count, prior_weight)
    rows = sampled_rows(count, sample, deadline, max_samples, offsets, guess)
    return argmax(means(rows, offsets, guess)), len(rows[0])


def sampled_rows(
    count: int,
    sample: Callable[[], list[float]],
    deadline: float,
    max_samples: int | None,
    offsets: list[float],
    guess: Estimate,
    first_check: int = FIRST_CHECK,
    enough: Callable[[list[list[float]]], bool] | None = None,
) -> list[list[float]]:
    """Each candidate's results, one per sampled deal, sampled until the deadline, the cap
    or the early stop (:func:`settled`, or ``enough``, a caller's own test made at the same
    checks, from ``first_check`` deals on); at least one deal."""
    rows: list[list[float]] = [[] for _ in range(count)]
    checkpoint = first_check
    samples = 0
    while True:
        for row, value in zip(rows, sample(), strict=True):
            row.append(value)
        samples += 1
        if max_samples is not None and samples >= max_samples:
            break
        if perf_counter() >= deadline:
            break
        if samples == checkpoint:
            if settled(rows, offsets, guess) or (enough is not None and enough(rows)):
                break
            checkpoint = checkpoint * 3 // 2  # checks cost O(deals): keep them geometric
    return rows


def means(rows: list[list[float]], offsets: list[float], guess: Estimate) -> list[float]:
    n = len(rows[0])
    w = guess.weight
    return [
        (sum(row) + w * g) / (n + w) + offset
        for row, offset, g in zip(rows, offsets, guess.means, strict=True)
    ]


def settled(rows: list[list[float]], offsets: list[float], guess: Estimate) -> bool:
    """Whether the leader beats every other candidate by ``CLEAR`` standard errors of the
    paired difference, or ties it on every deal so far."""
    n = len(rows[0])
    shrink = n / (n + guess.weight)
    estimated = means(rows, offsets, guess)
    best = argmax(estimated)
    lead = rows[best]
    for j, row in enumerate(rows):
        if j == best:
            continue
        diffs = [x - y for x, y in zip(lead, row, strict=True)]
        raw = sum(diffs) / n
        var = sum((d - raw) ** 2 for d in diffs) / (n - 1)
        gap = estimated[best] - estimated[j]
        if var == 0.0:
            if gap < 0.0:
                return False
            continue
        if gap < CLEAR * shrink * (var / n) ** 0.5:
            return False
    return True


def paired(row: list[float], usual: list[float]) -> tuple[float, float]:
    """The mean of ``row`` less ``usual`` deal by deal, and its standard error."""
    n = len(row)
    diffs = [a - b for a, b in zip(row, usual, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    return mean, (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5


def argmax(values: Sequence[float]) -> int:
    """The index of the largest value, the first one on ties."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return best

"""Least-squares fits of the linear hand models (:mod:`.model`) on deals played out by a
game's basic level: the calibration scripts of the pinochle games share them."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

Rows = list[tuple[Mapping[str, float], float]]
"""Each deal's features and the quantity to predict."""


def solve(rows: Sequence[Sequence[float]], ys: Sequence[float], ridge: float = 1e-3) -> list[float]:
    """Least squares by the normal equations (few columns)."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, y in zip(rows, ys, strict=True):
        for i in range(n):
            b[i] += row[i] * y
            ai = a[i]
            for j in range(n):
                ai[j] += row[i] * row[j]
    for i in range(n):
        a[i][i] += ridge
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                for c in range(col, n):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def fit(rows: Rows) -> tuple[dict[str, float], float]:
    """The coefficients (rounded to hundredths) and the spread of the residuals."""
    names = list(rows[0][0])
    xs = [[f[n] for n in names] for f, _ in rows]
    ys = [y for _, y in rows]
    w = solve(xs, ys)
    residuals = [
        y - sum(a * b for a, b in zip(w, x, strict=True)) for x, y in zip(xs, ys, strict=True)
    ]
    return {n: round(v, 2) for n, v in zip(names, w, strict=True)}, statistics.pstdev(residuals)

"""Fitting double-deck pinochle's bidding estimate; prints the figures for
tuning.py.

    .venv/bin/python -m app.bots.pinochle.double_deck_pinochle.calibrate [--deals N] [--seed S]
"""

from __future__ import annotations

from ..calibrate import main
from .tuning import TUNING

if __name__ == "__main__":
    main(TUNING)

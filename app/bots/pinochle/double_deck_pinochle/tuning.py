"""Double-deck pinochle's figures for its computer players: the bidding estimate
fitted by ``calibrate.py`` on deals the basic level played out, and the bidding margins."""

from __future__ import annotations

from typing import Final

from app.engine.pinochle.double_deck_pinochle import VARIANT

from ..estimate import Tuning

TUNING: Final = Tuning(
    variant=VARIANT,
    points_model={
        "const": 67.99,
        "trumps": 19.51,
        "trump_aces": 18.07,
        "trump_tens": 6.01,
        "side_aces": 12.81,
        "side_tens": 0.3,
        "voids": -0.55,
        "guarded_tens": 0.76,
        "trump_kings": 3.88,
        "side_kings": -1.69,
    },
    partner_meld=157.3,
    sigma=127.8,
    average=642.2,
    margin=150.0,
    jump=1.5,
    takeover=50.0,
    announce=150,
    announce_share=1.0,
)

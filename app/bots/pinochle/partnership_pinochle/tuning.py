"""Partnership auction pinochle's figures for its computer players: the bidding estimate
fitted by ``calibrate.py`` on deals the basic level played out, and the bidding margins."""

from __future__ import annotations

from typing import Final

from app.engine.pinochle.partnership_pinochle import VARIANT

from ..estimate import Tuning

TUNING: Final = Tuning(
    variant=VARIANT,
    points_model={
        "const": 44.97,
        "trumps": 13.66,
        "trump_aces": 15.44,
        "trump_tens": 9.67,
        "side_aces": 9.89,
        "side_tens": 1.11,
        "voids": 1.79,
        "guarded_tens": 2.23,
        "trump_kings": 1.03,
        "side_kings": -0.18,
    },
    partner_meld=38.6,
    sigma=51.4,
    average=231.8,
    margin=100.0,
    jump=1.5,
    takeover=50.0,
    announce=0,
    announce_share=1.0,
)

"""Schnapsen's records (docs/records.md): Sixty-six's deal body, with the 20-card pack as
its variant deals it, and the refusals in Schnapsen's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..record import SixtySixRecords


class SchnapsenRecords(SixtySixRecords):
    SAID: ClassVar[Mapping[str, str]] = {
        **{
            code: words
            for code, words in SixtySixRecords.SAID.items()
            if code not in ("no_trick_won_yet", "no_nine_of_trumps")
        },
        "no_jack_of_trumps": "does not hold the jack of trumps ({card})",
        "talon_too_short": "may not {kind}: the talon holds fewer than {needed} cards",
        "stock_closed": "may not {kind}: the talon is closed",
        "stock_exhausted": "may not {kind}: the talon is exhausted",
        "no_marriages_after_closing": "may not declare a marriage once the talon is closed",
    }
    """Sixty-six's refusals but the nine's, the talon named as Schnapsen players name it,
    and the trump jack's exchange and a talon too short to close or exchange."""

"""How well a sampled deal agrees with the auction a seat has seen, read as the basic level
would bid: the resampler deals the hidden hands uniformly (only announcements and, later,
melds constrain them), but a player who bid has a hand worth his bid and a player who
passed has none. The strong level keeps, of a few sampled deals, one where every other
seat's calls are the basic level's calls with the hand it was dealt, or the one that
disagrees least."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.pinochle.partnership.state import LISTED_STEPS
from app.engine.pinochle.partnership.variant import MAX_BID

from .bidding import choose_call, floor10, side_worth
from .estimate import Tuning, best_meld


def listed_calls(
    tuning: Tuning,
    seat: int,
    hand: Sequence[str],
    calls: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any],
) -> list[str]:
    """The calls the engine lists for ``seat`` holding ``hand`` after ``calls`` (without
    the flags, which the basic level never adds)."""
    high = next((c["bid"] for c in reversed(calls) if c["bid"] is not None), None)
    least = tuning.deck.minimum_bid if high is None else high + 10
    out = [f"bid:{least + step}" for step in LISTED_STEPS if least + step <= MAX_BID]
    if tuning.variant.settings(options).announcements:
        best = best_meld(tuning.deck, hand)
        if high is None:
            told = any(c["seat"] == seat and c["call"] == "announce" for c in calls)
            if best >= 10 and not told:
                out.append(f"announce:{best}")
        else:
            out.extend(
                f"announce:{v}"
                for v in dict.fromkeys((100, best))
                if 10 <= v <= best and high + 10 * -(-v // 100) <= MAX_BID
            )
    out.append("pass")
    return out


def disagreements(
    tuning: Tuning,
    me: int,
    calls: Sequence[Mapping[str, Any]],
    dealt: Sequence[Sequence[str]],
    options: Mapping[str, Any],
) -> int:
    """How many calls of the other seats the basic level would not have made with the hands
    ``dealt``: a pass it would not pass, a bid above what it would go to, an announcement
    where it would not announce."""
    out = 0
    for i, call in enumerate(calls):
        seat = call["seat"]
        if seat == me:
            continue
        before = calls[:i]
        hand = list(dealt[seat])
        shown = {"seat": seat, "options": options, "deal": {"hand": hand, "bids": before}}
        expected = choose_call(tuning, shown, listed_calls(tuning, seat, hand, before, options))
        kind = expected.partition(":")[0]
        if kind != call["call"]:
            out += 1
        elif kind == "bid" and call["bid"] is not None:
            worth, _ = side_worth(tuning, shown)
            if floor10(worth - tuning.margin) < call["bid"] and int(expected[4:]) < call["bid"]:
                out += 1
    return out

"""The basic level's auction and choice of trump in the partnership pinochles, from the
seat's view alone.

The side's worth is the hand's estimate (estimate.py: its own meld in its best trump, an
average partner's meld, the side's expected card points) plus what the partner has shown
beyond an average hand: a bid says his own estimate reached it (less what he read from this
seat's earlier bids), and an announced meld (double-deck) says what he melds. A player

- competes while the least bid stays within the side's worth less a margin, and stops
  there (the margins were chosen by duplicate play between variants of the level: a set
  costs the bid, and the other side scores its points whoever bids);
- never bids over his partner, unless the side scores its bid (the single-deck rule) and
  can bid much more than the partner did: the side would score only the partner's bid;
- with the side scoring its bid, jumps to what it is fairly sure to make (a spread or so
  below its worth) rather than creeping up: a made bid scores only itself;
- with announcements, before any bid, announces its whole meld to the partner when it is
  worth telling (more than a partner melds on average) and it does not open itself: an
  announcement keeps it in the auction, where a pass would not. Once a bid stands it makes
  no announcement (one is then a bid, a jump for a big meld) and it adds no flag to a bid:
  a flag names no suit and tells the other side as much as the partner;
- names the trump its hand is worth most in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.pinochle.partnership.variant import MadeBid

from .deck import partner
from .estimate import Tuning, best_trump


def partner_support(tuning: Tuning, calls: Sequence[Mapping[str, Any]], me: int) -> float:
    """What the partner's calls say his hand adds to the side beyond an average hand: a bid
    says his own estimate reached it, less what this seat's calls had told him; an
    announced meld, what he melds beyond an average partner."""
    mate = partner(me)
    shown = {me: 0.0, mate: 0.0}
    for call in calls:
        seat = call["seat"]
        if seat not in shown:
            continue
        if call["announced"] is not None:
            meld = call["announced"] * tuning.announce_share - tuning.partner_meld
            shown[seat] = max(shown[seat], meld)
        if call["bid"] is not None:
            other = me if seat == mate else mate
            own = call["bid"] + tuning.margin - max(0.0, shown[other])
            shown[seat] = max(shown[seat], own - tuning.average)
    return max(0.0, shown[mate])


def side_worth(tuning: Tuning, view: Mapping[str, Any]) -> tuple[float, str]:
    """The side's expected hand points if this seat names trumps, and the trump."""
    d = view["deal"]
    worth, trump = best_trump(tuning, d["hand"])
    return worth + partner_support(tuning, d["bids"], view["seat"]), trump


def floor10(x: float) -> int:
    return int(x // 10 * 10)


def listed_bids(actions: Sequence[str]) -> list[int]:
    """The plain bids listed, low to high."""
    out = []
    for a in actions:
        kind, _, arg = a.partition(":")
        if kind == "bid" and ":" not in arg:
            out.append(int(arg))
    return sorted(out)


def highest_within(bids: Sequence[int], ceiling: int) -> int | None:
    within = [b for b in bids if b <= ceiling]
    return within[-1] if within else None


def choose_call(tuning: Tuning, view: Mapping[str, Any], actions: Sequence[str]) -> str:
    d = view["deal"]
    me: int = view["seat"]
    made = tuning.variant.settings(view["options"]).made_bid_scores
    worth, _ = side_worth(tuning, view)
    limit = floor10(worth - tuning.margin)
    jump = floor10(worth - tuning.jump * tuning.sigma)
    bids = listed_bids(actions)
    if not bids:  # the high bid is at the table's limit
        return "pass"
    least = bids[0]
    high_seat = next((c["seat"] for c in reversed(d["bids"]) if c["bid"] is not None), None)
    if high_seat == partner(me):
        if made is MadeBid.BID and jump >= least + tuning.takeover:
            chosen = highest_within(bids, jump)
            if chosen is not None:
                return f"bid:{chosen}"
        return "pass"
    if least <= limit:
        target = least
        if made is MadeBid.BID:
            target = highest_within(bids, min(max(least, jump), limit)) or least
        return f"bid:{target}"
    if high_seat is None:
        announce = [a for a in actions if a.startswith("announce:")]
        if announce and int(announce[0][9:]) >= tuning.announce:
            return announce[0]
    return "pass"


def choose_trump(tuning: Tuning, view: Mapping[str, Any]) -> str:
    _, trump = best_trump(tuning, view["deal"]["hand"])
    return f"trump:{trump}"

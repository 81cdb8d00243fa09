"""A state of the bezique deal in progress rebuilt from one seat's view, the cards it has
not seen dealt anew (OpenSpiel's ``ResampleFromInfostate``), for computer players that
sample and for the test that a view tells nothing more.

Every public fact is kept: the actions (so every card played, laid out and declared, and
the tables), the carte blanche shown, and the seat's own hands as dealt and its draws. The
unseen cards (the other concealed hand less what the table has seen of it, and the stock)
are spread over their places uniformly among the arrangements the play allows: once the
stock is gone a player who did not follow suit holds none of it, one who did not trump
either holds no trump, and with ``must_win_endgame`` one who followed without beating the
card led holds nothing that would have.

The unseen cards are dealt by the ledger's resampler (:func:`make_resample`, a
:class:`CopyLedger`): the tables lie laid out, seen by all; :func:`_restore` rebuilds the
rest from the view (the holdings, each declaration's copies followed through the
``play:QS@3`` actions, carte blanche, points), without replaying the deal. What the ledger
cannot state is carte blanche's: a dealt hand not shown held a king, queen or jack, and so
did the first draw not shown of a player whose carte blanche ran. A deal of the unseen cards
that leaves no course of the deal for a re-dealt player (:func:`_fits`: which cards it
was dealt and drew, each card in hand before it is played or laid out) is dealt again, so
the spread stays uniform among the arrangements that keep it. A sample keeps the viewer's
hand as dealt and its draws alone (the other's are not known): it is no deal to record.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, cast

from ..cards import Card, Suit
from ..game import View
from ..trick_game import make_resample, played_tricks
from ..tricks import revealed
from .combinations import INFO, TRUMP_FOURS, Combination, Copy, Family, Kind
from .deal import CopyLedger, Deal, Declaration, Shown, Trick
from .declarations import parse_declaration
from .holding import Holding, split_card_argument
from .state import Match, match_class
from .variant import COURT, RANKS, Variant, endgame_rules

NEVER: Final = 10_000
"""The deadline of a card still held: any draw may have brought it."""
TRIES: Final = 60
"""Arrangements drawn for one that some course of the deal fits."""
COURSE_TRIES: Final = 4
"""Random courses tried for one arrangement before it is drawn again."""


@dataclass(slots=True)
class _Course:
    """What the resampler reads of the deal's actions, in one walk through them."""

    hand: list[Card]
    """The viewer's concealed hand in the order of its copies, as the state keeps it (and
    lists its plays); empty for a spectator."""
    revealed: list[list[tuple[Card, int]]]
    """Per seat, each card that came out of its concealed hand unseen before (played or
    laid out), with the trick by which it must have held it: a card drawn after trick ``k``
    can be one of them only if ``k`` is smaller (:func:`_fits`' deadlines)."""
    rounds: int
    """Draws after a trick (both players draw in one round)."""
    made: list[list[tuple[int, Card]]]
    """Per declaration, its cards as tokens (a token per card laid out) and codes."""
    played: dict[int, int]
    """Each token played from a table, by the number of card plays before it."""
    tables: list[list[int]]


def _course(variant: Variant, d: Mapping[str, Any], seat: int | None) -> _Course:
    """The actions followed once. A card played or laid out from the concealed hand is the
    first copy of its code there (so the state plays and lays out), and it is taken to be
    one the table has seen when there is one: of two identical cards, one seen and one not,
    nobody can tell which went. The table has seen the carte blanche shown and the tables
    taken up at the end of the stock."""
    got = [*d["dealt"], *d["drawn"]] if seat is not None else []
    hand = list(range(len(d["dealt"]))) if seat is not None else []
    shows = d["carte_blanche"]
    known: list[Counter[Card]] = [Counter(), Counter()]
    course = _Course([], [[], []], 0, [], {}, [[], []])
    tables = course.tables
    codes: list[Card] = []  # each token's
    origin: dict[int, int] = {}  # each of the viewer's tokens: its card in ``got``
    plays = shown = 0

    def leave(s: int, code: Card, by: int) -> int | None:
        """A card out of ``s``'s concealed hand: the viewer's card of ``got`` it was."""
        if known[s][code]:
            known[s][code] -= 1
        else:
            course.revealed[s].append((code, by))
        if s != seat:
            return None
        i = next(i for i in hand if got[i] == code)
        hand.remove(i)
        return i

    for s, text in d["actions"]:
        while shown < len(shows) and shows[shown]["after"] <= course.rounds:
            known[shows[shown]["seat"]].update(shows[shown]["cards"])
            shown += 1
        kind, _, arg = text.partition(":")
        if kind == "play":
            code, position = split_card_argument(arg)
            if position is None:
                leave(s, code, plays // 2 + 1)
            else:
                course.played[tables[s].pop(position)] = plays
            plays += 1
            continue
        if kind == "declare":
            request = parse_declaration(arg)
            new: list[int] = []
            laid = [code for code, position in request.items if position is None]
            for code in [*laid, *request.extras]:
                # held before the draw after this trick: drawn after an earlier one at the latest
                i = leave(s, code, plays // 2)
                if i is not None:
                    origin[len(codes)] = i
                new.append(len(codes))
                codes.append(code)
            fresh = iter(new)
            items = [
                (next(fresh) if position is None else tables[s][position], code)
                for code, position in request.items
            ]
            tables[s].extend(new)
            course.made.append(items)
        course.rounds += 1  # both drew; after the last draw the tables are taken up
        if seat is not None:
            hand.append(len(d["dealt"]) + course.rounds - 1)
        if course.rounds == variant.stock_tricks:
            for s in (0, 1):
                known[s].update(codes[t] for t in tables[s])
                if s == seat:
                    hand = sorted(hand + [origin[t] for t in tables[s]])
                tables[s] = []
    course.hand = [got[i] for i in hand]
    return course


def _new_deal(match: Match, d: Mapping[str, Any]) -> Deal:
    """The deal before its cards: :func:`_restore` lays them."""
    return Deal(
        number=d["number"],
        dealer=d["dealer"],
        variant=match.variant,
        pack=(),
        dealt=((), ()),
        holdings=[],
        ledger=cast(CopyLedger, None),
        leader=d["leader"],
        previous_trump=d["previous_trump"],
    )


def _shown(course: _Course | None, view: View) -> dict[str, Any]:
    """The deal's cards as the ledger lays them: the tables laid out, seen by all, and the
    viewer's hand in the order of its copies."""
    assert course is not None
    return {**view["deal"], "laid": view["deal"]["tables"], "hand": course.hand}


def _restore(
    course: _Course | None, match: Match, deal: Deal | None, view: View, rng: random.Random
) -> None:
    if deal is None:
        return
    assert course is not None
    variant, d, seat = match.variant, view["deal"], view["seat"]
    ledger = deal.ledger
    shows = [
        Shown(e["seat"], e["after"], tuple(e["cards"]), e["points"]) for e in d["carte_blanche"]
    ]
    _fit(variant, ledger, seat, course, shows, rng)
    pack = deal.pack = tuple(ledger.cards)
    for hand in ledger.hands:
        hand.sort()
    # the tables, laid last (``laid``), each in the order laid out
    start, size = len(pack) - len(d["tables"][0]) - len(d["tables"][1]), len(d["tables"][0])
    melded = [list(range(start, start + size)), list(range(start + size, len(pack)))]
    # the tricks taken, by copy: each seat's in the order won
    taken = [iter(ledger.taken[0]), iter(ledger.taken[1])]
    history: list[Trick] = []
    for t in deal.history:
        pair = (next(taken[t.winner]), next(taken[t.winner]))
        history.append(Trick(t.leader, pair, (pack[pair[0]], pack[pair[1]]), t.winner))
    deal.history = history
    # which copy each declaration holds: a card played from a table is in its trick, one
    # still on the table in its place; after the tables are taken up, any copies of its
    # codes, as nothing reads them then
    where: dict[int, Copy] = {}
    for token, plays in course.played.items():
        k, j = divmod(plays, 2)
        where[token] = history[k].copies[j] if k < len(history) else ledger.trick[j]
    for s in (0, 1):
        where.update(zip(course.tables[s], melded[s], strict=True))
    first = {code: pack.index(code) for code in set(pack)}
    holdings = deal.holdings = [Holding(ledger.hands[s], list(melded[s])) for s in (0, 1)]
    trump: Suit | None = None if any(e["fixes_trump"] for e in d["declarations"]) else d["trump"]
    for e, items in zip(d["declarations"], course.made, strict=True):
        copies = tuple(sorted(where.get(t, first[c]) for t, c in items))
        combination = _combination(e["kind"], pack, trump, copies)
        deal.declarations.append(
            Declaration(
                seat=e["seat"],
                after=e["after"],
                points=e["points"],
                fixes_trump=e["fixes_trump"],
                combination=combination,
            )
        )
        holdings[e["seat"]].scored.append(combination)
        trump = e["fixes_trump"] or trump
    for s in (0, 1):
        for p in d["pending"][s]:
            copies = tuple(sorted(melded[s][i] for i in p["positions"]))
            holdings[s].pending.append(_combination(p["kind"], pack, d["trump"], copies))
    deal.shown = shows
    deal.blank = list(d["blank"])
    deal.points = list(d["points"])
    if d["brisques"] is not None:
        deal.brisques = list(d["brisques"])
    deal.actions = [(s, t) for s, t in d["actions"]]
    if view["phase"] == "declare":
        deal.deciding = deal.history[-1].winner
    if seat is not None:  # the viewer's own cards as dealt and drawn, by code
        mine = tuple(first[c] for c in d["dealt"])
        deal.dealt = (mine, ()) if seat == 0 else ((), mine)  # the other's: unknown
        deal.draws[seat] = [first[c] for c in d["drawn"]]
    match.current = deal


def _combination(
    text: str, pack: Sequence[Card], trump: Suit | None, copies: tuple[Copy, ...]
) -> Combination:
    """A combination shown: its suit is its cards' (a marriage, a sequence) or the trumps it
    was declared under (a four of trumps)."""
    kind = Kind(text)
    if INFO[kind].family is Family.SAME_SUIT:
        return Combination(kind, pack[copies[0]][1], copies)
    return Combination(kind, trump if kind in TRUMP_FOURS else None, copies)


def _fit(
    variant: Variant,
    ledger: CopyLedger,
    seat: int | None,
    course: _Course,
    shows: Sequence[Shown],
    rng: random.Random,
) -> None:
    """Deal again while no course of a re-dealt hand fits its carte blanche."""
    for _ in range(TRIES):
        if all(s == seat or _fits(variant, ledger, s, course, shows, rng) for s in (0, 1)):
            return
        again = ledger.deal_again
        assert again is not None
        again(rng)
    raise ValueError("no course of the deal fits the view")


def _fits(
    variant: Variant,
    ledger: CopyLedger,
    seat: int,
    course: _Course,
    shows: Sequence[Shown],
    rng: random.Random,
) -> bool:
    """Whether a course of ``seat``'s cards the play allows (its dealt hand and its draws)
    fits the cards it has been given, tried at random."""
    cards, seen, everyone = ledger.cards, ledger.seen, ledger.everyone
    unseen = [cards[i] for i in ledger.hands[seat] if seen[i] != everyone]
    shown_after = {show.after for show in shows if show.seat == seat}
    blank = 0 in shown_after  # its dealt hand shown
    free = [*course.revealed[seat], *((c, NEVER) for c in unseen)]
    open_rounds = [k for k in range(course.rounds, 0, -1) if k not in shown_after]
    if len(free) != (0 if blank else variant.hand_size) + len(open_rounds):
        return False
    # a carte blanche runs until the first draw not shown: a court card
    blank_end = open_rounds[-1] if blank and open_rounds else None
    for _ in range(COURSE_TRIES):
        items = list(free)
        if not blank:
            courts = [i for i, (c, _) in enumerate(items) if c[0] in COURT]
            if not courts:
                return False
            items.pop(rng.choice(courts))
        for k in open_rounds:  # the latest first: a card needed later fits any earlier draw
            fits = [
                i for i, (c, by) in enumerate(items) if by > k and (k != blank_end or c[0] in COURT)
            ]
            if not fits:
                break
            items.pop(rng.choice(fits))
        else:
            return True
    return False


def _barred(variant: Variant, view: View) -> list[set[Card]]:
    """Cards each seat cannot hold now, by how it followed once the stock was gone (rubicon
    §9: follow suit, else trump; with ``must_win_endgame`` beat the card led if able)."""
    d = view["deal"]
    tricks = played_tricks(d, variant.stock_tricks)
    return revealed(tricks, d["trump"], endgame_rules(view["options"]), 2).cards(RANKS)


def resample(variant: Variant, view: View, rng: random.Random) -> Match:
    d = view["deal"]
    course = _course(variant, d, view["seat"]) if d is not None else None
    return make_resample(
        match_class(variant),
        partial(_restore, course),
        partial(_shown, course),
        partial(_barred, variant),
        new_deal=_new_deal,
        ledger_class=CopyLedger,
    )(view, rng)

"""Which declarations a bezique player may make and what they score: the procedure of
rubicon §7 with its Clarifications 1-16, and Chinese §3-§5 with its Clarifications 1-4.

The notation (docs/games/bezique.md) names the kind and every card of the combination, the
cards from the concealed hand by code and those already on the table by position, then,
after ``+``, any extra cards laid out at the same time to leave a further combination
pending (Clarification 7)::

    declare:marriage:KH,QH                a marriage from the hand
    declare:sequence:AH,TH,JH,KH@0,QH@1   the declared marriage at 0 and 1 upgraded
    declare:double_bezique:QS@2,JD@3,QS,JD
    declare:jacks:JS,JH,JD,JC             (with QS on the table: the bezique is left pending)
    declare:bezique:QS@0,JD@4             scoring that pending bezique at a later trick
    declare:marriage:KS,QS+KS,KS,KS       the marriage scored, eighty kings left pending

A combination is *intact* while every card of it is on the table. The checks, in order:
the cards are the player's (rule 1) and form the kind (rule 2); at least one comes from the
concealed hand unless the combination is pending (rule 3, Clarifications 4 and 8); no card
is shared with an intact declaration of the same type (rule 4) or of a higher type of the
same family and group (rule 5); a bezique covers every complete pair on the table and goes
higher than any intact bezique (rule 7, Clarification 13). Rule 6 (cards serve different
families) needs no check: only same-family declarations are compared.

Pending declarations are registered automatically when a lay-out completes more than the
one scored (§7.5): for each kind and group, one combination, valid when laid out, holding at
least one card of the lay-out (Clarification 15) and not sharing a card with the scored
declaration when of its family (§7.5's exception, Clarification 16). Its copies are chosen
to keep it scorable: the lay-out's own cards first, then cards no intact declaration of its
family and group holds, then the earliest laid out. A pending declaration is re-checked
when it is scored and valued then (Clarifications 3 and 14).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..actions import Action
from ..cards import SUITS, Card, Suit
from ..errors import IllegalAction, MalformedAction
from .combinations import (
    BEZIQUES,
    INFO,
    SEQUENCE_RANKS,
    TRUMP_FOURS,
    Combination,
    Copy,
    Family,
    Kind,
    group_of,
    kinds_of,
    required,
    suits_of,
    value,
)
from .holding import Holding, find_copy, split_card_argument
from .variant import RANKS, Variant

MAX_ITEMS = 8  # a quadruple bezique's cards
MAX_EXTRAS = 16
_KINDS = {k.value: k for k in Kind}


@dataclass(slots=True)
class Context:
    """What a declaration is judged by besides the player's holding."""

    variant: Variant
    pack: Sequence[Card]
    """Each copy's code: the pack as dealt."""
    trump: Suit | None
    previous_trump: Suit | None
    """Chinese §4: last deal's trumps, which cannot be trumps again."""
    suits: _Suits = field(init=False, repr=False, compare=False)
    """The suit of each fixed-code kind under ``trump`` formed of its codes, by the kind and
    its codes sorted (:func:`_kinds`): found once, as a state keeps its context while the
    trumps stand."""
    sieve: _Sieve = field(init=False, repr=False, compare=False)
    bits: list[int] = field(init=False, repr=False, compare=False)
    """Each copy's code's bit (:data:`_BIT`), by copy: a hand's bits are joined from its
    copies, without reading their codes first."""
    weights: list[int] = field(init=False, repr=False, compare=False)
    """Each copy's code's weight in the sieve's four-count fields, by copy."""

    def __post_init__(self) -> None:
        self.suits, self.sieve = _kinds(self.variant, self.trump)
        self.bits = list(map(_BIT.__getitem__, self.pack))
        self.weights = list(map(self.sieve[4].__getitem__, self.pack))


@dataclass(frozen=True, slots=True)
class Request:
    kind: Kind
    items: tuple[tuple[Card, int | None], ...]
    extras: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    combination: Combination
    points: int
    fixes_trump: Suit | None
    """The suit this declaration made trumps (rubicon §4), if it did."""
    laid_out: tuple[Copy, ...]
    """The cards it brought from the concealed hand to the table, in order."""


@lru_cache(maxsize=100_000)
def parse_declaration(arg: str) -> Request:
    """The argument of ``declare:``, checked for form only; the latest texts read are kept
    (a listed one is read when checked and again when scored)."""
    kind_text, colon, rest = arg.partition(":")
    if not colon or not rest:
        raise MalformedAction(
            "'declare' takes a kind and its cards, as in declare:marriage:KH,QH@0",
            {"kinds": [k.value for k in Kind]},
        )
    kind = _KINDS.get(kind_text)
    if kind is None:
        raise MalformedAction(
            f"no declaration {kind_text[:30]!r}; the kinds are {', '.join(Kind)}",
            {"kinds": [k.value for k in Kind]},
        )
    main, plus, extra = rest.partition("+")
    texts = main.split(",")
    if len(texts) > MAX_ITEMS:
        raise MalformedAction(f"a declaration has at most {MAX_ITEMS} cards")
    items = tuple(map(split_card_argument, texts))
    extras: tuple[Card, ...] = ()
    if plus:
        extra_texts = extra.split(",")
        if len(extra_texts) > MAX_EXTRAS:
            raise MalformedAction(f"at most {MAX_EXTRAS} extra cards")
        parsed = [split_card_argument(t) for t in extra_texts]
        if any(position is not None for _, position in parsed):
            raise MalformedAction("extra cards are laid out from the hand: codes, without @")
        extras = tuple(code for code, _ in parsed)
    return Request(kind, items, extras)


def declare(ctx: Context, holding: Holding, arg: str) -> Declared:
    """Score the declaration ``arg`` from ``holding``: every check first (a refusal leaves
    the holding as it was), then the lay-out, the score and the pending declarations."""
    request = parse_declaration(arg)
    variant = ctx.variant
    kind = request.kind
    name = _spoken(kind)
    if kind not in kinds_of(variant):
        raise IllegalAction("not_in_this_game", f"{variant.title} has no {name}")
    cards, new, extras = _resolve(ctx, holding, request)
    pack = ctx.pack
    codes = [pack[c] for c in cards]
    info = INFO[kind]
    if info.family is Family.FOUR and info.level == 1:
        suit: Suit | bool | None = None if [c[0] for c in codes] == [info.rank] * 4 else False
    else:
        # the codes of every fixed-code kind under these trumps are known: looked up
        suit = ctx.suits.get((kind, tuple(sorted(codes))), False)
    if suit is False:
        needs_trumps = info.family is Family.BEZIQUE or kind in TRUMP_FOURS
        if needs_trumps and not required(variant, kind, None, ctx.trump):
            raise IllegalAction(
                "no_trumps_yet", f"a {name} needs trumps, and none are fixed yet (Chinese §3)"
            )
        raise IllegalAction("not_a_combination", f"{' '.join(codes)} is not a {name}")
    assert suit is not True
    combination = Combination(kind, suit, tuple(sorted(cards)))
    if not new:
        if extras:
            raise IllegalAction(
                "pending_alone",
                "scoring a pending declaration is the turn's declaration: nothing more is laid"
                " out (Clarification 4)",
            )
        if combination not in holding.pending:
            raise IllegalAction(
                "needs_card_from_hand",
                f"a {name} needs a card from your concealed hand unless it is pending (§7.3"
                " rule 3)",
            )
    elif info.family is Family.BEZIQUE:
        pairs = min(4, pairs_on(ctx, [*holding.table, *new, *extras], ctx.trump))
        if info.level != pairs:
            raise IllegalAction(
                "bezique_covers_all",
                f"the pairs on your table after this lay-out make a"
                f" {_spoken(BEZIQUES[pairs - 1])}: a bezique declaration"
                " covers every complete pair (§7.3 rule 7)",
            )
    _check_types(kind, suit, combination.cards, holding.scored, holding.table)
    points, fixes = value(variant, kind, suit, ctx.trump, ctx.previous_trump)
    laid_out = (*new, *extras)
    pending: tuple[Combination, ...] = ()
    if new:
        table_after = [*holding.table, *laid_out]
        scored = [*holding.scored, combination]
        pending = tuple(
            _completed(ctx, table_after, set(laid_out), combination, scored, fixes or ctx.trump)
        )
        covered = {c for p in pending for c in p.cards}
        stray = [ctx.pack[c] for c in extras if c not in covered]
        if stray:
            raise IllegalAction(
                "extra_card",
                f"{' '.join(stray)} would lie on the table in no declaration: an extra card"
                " must complete a declaration left pending (Clarification 7)",
            )
    for copy in laid_out:
        holding.concealed.remove(copy)
    holding.table.extend(laid_out)
    holding.table_plays = holding.table_sums = None
    holding.scored.append(combination)
    if not new:
        holding.pending.remove(combination)
    holding.pending.extend(pending)
    return Declared(combination, points, fixes, laid_out)


@dataclass(frozen=True, slots=True)
class Offer:
    """A declaration legal now, with what it would score: the player sees the value before
    choosing (valued now, rubicon Clarification 3)."""

    text: str
    points: int
    fixes_trump: Suit | None
    action: Action = field(compare=False)
    """``declare:<text>``, made once with the offer: the legal actions list it each time."""


def offers(ctx: Context, holding: Holding) -> list[Offer]:
    """The declarations legal now, without extra cards: each pending declaration that can
    score, then each combination formed with cards from the hand."""
    out: list[Offer] = []
    pack = ctx.pack
    for waiting in holding.pending:
        _offer_pending(ctx, holding, out, waiting)
    # most turns offer nothing: a kind is searched only when the hand and the table hold
    # its cards, one at least in the hand, told first by a bit per code present, then
    # counted. Bits and weights are read by copy in one loop (a C-level map calls a bound
    # method per copy, dearer than a subscript); the table's once while it stands (it
    # changes far less often than the hand), under the trumps whose weights it read
    weights = ctx.sieve[4]
    concealed = holding.concealed
    bits = ctx.bits
    copy_weights = ctx.weights
    sums = holding.table_sums
    if sums is None or sums[0] is not weights:
        table = holding.table
        on_table = table_weight = 0
        for copy in table:
            on_table |= bits[copy]
            table_weight += copy_weights[copy]
        sums = holding.table_sums = (
            weights,
            on_table,
            table_weight,
            "".join([pack[c] for c in table]),
        )
    _, on_table, table_weight, table_held = sums
    in_hand = hand_weight = 0
    for copy in concealed:
        in_hand |= bits[copy]
        hand_weight += copy_weights[copy]
    near = _sift(ctx.sieve, in_hand | on_table, in_hand, hand_weight + table_weight)
    if not near:
        return out
    hand_codes = [pack[c] for c in concealed]
    # a rank's count or a code's is how often its text occurs (no rank is a suit's letter)
    held = "".join(hand_codes) + table_held
    classes: _Classes | None = None
    for kind, suit, items, distinct, counted, some, _, spelled in near:
        if counted and min(map(held.count, distinct)) < counted:
            continue  # a double bezique or more, a four of trumps (a plain four: the sieve counted)
        if not some & on_table:  # none of its codes on the table: the hand's choices alone
            if spelled:  # one way
                _offer_formed(ctx, holding, out, kind, spelled, (), suit, table_held)
                continue
            choices = _choices(items, hand_codes, _NO_CLASSES)
        else:
            if classes is None:
                classes = _classes(pack, holding)
            choices = _choices(items, hand_codes, classes)
        for chosen, table in choices:
            _offer_formed(ctx, holding, out, kind, chosen, table, suit, table_held)
    return out


_Classes = dict[tuple[Card, int], list[Copy]]
_NO_CLASSES: _Classes = {}


def _sift(sieve: _Sieve, present: int, some: int, weight: int) -> list[_Candidate]:
    """The candidates whose codes are all in ``present`` (bits), one at least in ``some``,
    and, for a four, four cards of it counted in ``weight`` (the sieve's weights of the
    cards present), in the order offered. Loops, not comprehensions: each of those is a
    call too, and few candidates pass."""
    same_suit, beziques, bezique_bits, fours, _, hot = sieve
    absent = ~present
    near: list[_Candidate] = []
    if present << 1 & present & _MARRIED:  # a king and a queen of one suit
        for c in same_suit:
            if not c[6] & absent and c[5] & some:
                near.append(c)
    if bezique_bits & some and not bezique_bits & absent:
        near += beziques
    hot &= weight
    if hot:
        for field, c in fours:
            if field & hot and c[5] & some:
                near.append(c)
    return near


def named(
    pack: Sequence[Card], holding: Holding, kind: Kind, hand: Sequence[Card], table: Sequence[Copy]
) -> str:
    """The ``declare:`` argument of ``kind`` of the codes ``hand`` and the table's copies
    ``table``, some at least (by position, in the table's order)."""
    laid = holding.table
    at = sorted([laid.index(c) for c in table])
    items = ",".join([*hand, *[f"{pack[laid[p]]}@{p}" for p in at]])
    return f"{kind._value_}:{items}"


# the two ways of offering, module functions rather than a closure in offers: a closure and
# its cells would be made on every listing, most of which offer nothing


def _offer_pending(ctx: Context, holding: Holding, out: list[Offer], pending: Combination) -> None:
    """Offer the ``pending`` declaration into ``out`` if it can score now."""
    kind = pending.kind
    # its cards on the table as registered (a card played takes it away): of declare's
    # checks only rules 4, 5 and 7 against what was scored since may fail
    try:
        _check_types(kind, pending.suit, pending.cards, holding.scored, holding.table)
    except IllegalAction:
        return
    points, fixes = value(ctx.variant, kind, pending.suit, ctx.trump, ctx.previous_trump)
    text = named(ctx.pack, holding, kind, (), pending.cards)
    out.append(_offer(text, points, fixes))


def _offer_formed(
    ctx: Context,
    holding: Holding,
    out: list[Offer],
    kind: Kind,
    hand: Sequence[Card],
    table: Sequence[Copy],
    suit: Suit | None,
    table_held: str,
) -> None:
    """Offer into ``out`` ``kind`` of the codes ``hand`` and the copies ``table``, exactly its
    kind's codes with ``suit``, if it passes the checks that may still fail (``table_held``:
    the codes of the player's table, joined)."""
    pack = ctx.pack
    # formed of exactly the kind's codes, some from the hand: of declare's checks only rule
    # 7's cover and rules 4 and 5 may fail, and those concern table cards alone (no
    # concealed card is in a declaration)
    info = INFO[kind]
    if info.family is Family.BEZIQUE:
        pair = ctx.variant.bezique_cards(ctx.trump)
        assert pair is not None
        queen, jack = (table_held.count(c) + hand.count(c) for c in pair)
        if min(4, queen, jack) != info.level:
            return
    # a choice from the hand alone may break only rule 7 (a bezique no higher than one intact)
    if table or info.family is Family.BEZIQUE:
        try:
            _check_types(kind, suit, table, holding.scored, holding.table)
        except IllegalAction:
            return
    points, fixes = value(ctx.variant, kind, suit, ctx.trump, ctx.previous_trump)
    # most offers take no table card: their text written here, without a call
    text = named(pack, holding, kind, hand, table) if table else f"{kind._value_}:{','.join(hand)}"
    out.append(_offer(text, points, fixes))


@lru_cache(maxsize=100_000)
def _offer(text: str, points: int, fixes: Suit | None) -> Offer:
    """``Offer(text, points, fixes)``, the one made before if there is one: an offer never
    changes, the same few are made again and again, and looking one up costs a fraction of
    building one (a frozen dataclass sets each field through ``object.__setattr__``)."""
    return Offer(text, points, fixes, Action("declare", text))


_Candidate = tuple[
    Kind,
    Suit | None,  # a marriage's or sequence's suit, a four of trumps' trumps
    tuple[tuple[str, int], ...],  # each code needed and how often (a plain four: its rank and 4)
    tuple[Card, ...],  # the codes needed, once each
    int,  # how often each is needed when more than once (a bezique's pair, a four of trumps)
    int,  # the bits (_BIT) of the codes one of which the hand must hold
    int,  # the bits of those all of which must be present (none for a plain four)
    tuple[Card, ...],  # each code as often as needed, the hand-only choice; () for a plain four
]
_DECLARED_CODES: list[Card] = [r + s for s in SUITS for r in SEQUENCE_RANKS]
"""The codes a declaration may need: the aces, tens, kings, queens and jacks."""
_BIT: dict[Card, int] = {
    **{r + s: 0 for s in SUITS for r in RANKS},
    **{code: 1 << i for i, code in enumerate(_DECLARED_CODES)},
}
"""A bit per code a declaration may need, none for the nines, eights and sevens: a hand's
codes or a table's as one number of 20 bits, which Python adds and masks as one digit (its
multi-digit path, past 30 bits, costs more)."""
_MARRIED = sum(_BIT["Q" + s] for s in SUITS)
"""The queens' bits. A king's bit moved up one is its queen's: a holding's bits shifted by
one and masked with its own and this show the suits whose king and queen both lie there."""
assert sum(_BIT["K" + s] for s in SUITS) << 1 == _MARRIED
_FIELD = 5
"""Bits per count of a four's cards in :func:`_kinds`' weights: a hand and table together
may hold every copy of a rank (24 in Chinese), and a count that filled its field would carry
into the next one's."""
_FOUR_OR_MORE = 0b11100
"""A field of :data:`_FIELD` bits holding 4 or more."""
_Suits = dict[tuple[Kind, tuple[Card, ...]], Suit | None]
_Sieve = tuple[
    list[_Candidate], list[_Candidate], int, list[tuple[int, _Candidate]], dict[Card, int], int
]
_CANDIDATES: dict[tuple[int, Suit | None], tuple[Variant, _Suits, _Sieve]] = {}
"""By the variant's id (hashing a variant is a Python call over every field) and trumps,
beside the variant."""


def _kinds(variant: Variant, trump: Suit | None) -> tuple[_Suits, _Sieve]:
    """Each kind (and suit) a declaration may take under ``trump`` as a candidate, in the
    order offered; the suit of each fixed-code kind formed of its codes, by the kind and
    its codes sorted; and the sieve :func:`offers` tells them by: the marriages and
    sequences (told out together when no suit has both its king and queen present), the
    beziques (their codes alike), and the fours, each with its field in the weights, which
    add one to it for each of its cards a holding has (the field at 4 or more is hot)."""
    key = (id(variant), trump)
    entry = _CANDIDATES.get(key)
    if entry is not None and entry[0] is variant:
        return entry[1], entry[2]
    found: dict[Family, list[_Candidate]] = {f: [] for f in Family}  # in the order offered
    for kind in kinds_of(variant):
        info = INFO[kind]
        group = found[info.family]
        for suit in suits_of(kind):
            if info.family is Family.FOUR and info.level == 1:
                assert info.rank is not None
                of_rank = sum(_BIT[info.rank + s] for s in SUITS)
                group.append((kind, suit, ((info.rank, 4),), (), 0, of_rank, 0, ()))
                continue
            need = required(variant, kind, suit, trump)
            if kind in TRUMP_FOURS:
                suit = trump  # the suit of a four of trumps
            if need:
                (count,) = set(need.values())  # every code of a kind is needed equally often
                counted = count if count > 1 else 0
                bits = sum(_BIT[code] for code in need)
                spelled = tuple(need.elements())
                group.append(
                    (kind, suit, tuple(need.items()), tuple(need), counted, bits, bits, spelled)
                )
    same_suit, beziques, four_list = found.values()
    suits: _Suits = {
        (c[0], tuple(sorted(c[7]))): c[1] for group in found.values() for c in group if c[7]
    }
    bezique_bits = beziques[0][5] if beziques else 0
    assert all(c[5] == c[6] == bezique_bits for c in beziques)
    weights = dict.fromkeys(_BIT, 0)
    fours: list[tuple[int, _Candidate]] = []
    hot = 0
    for i, candidate in enumerate(four_list):
        kind, rank = candidate[0], INFO[candidate[0]].rank
        field = 1 << (_FIELD * i)
        for s in [trump] if kind in TRUMP_FOURS else SUITS:
            weights[f"{rank}{s}"] += field
        fours.append((_FOUR_OR_MORE * field, candidate))
        hot |= _FOUR_OR_MORE * field
    sieve = (same_suit, beziques, bezique_bits, fours, weights, hot)
    _CANDIDATES[key] = (variant, suits, sieve)
    return suits, sieve


def pairs_on(ctx: Context, table: Sequence[Copy], trump: Suit | None) -> int:
    """Complete bezique pairs among ``table``, for a bezique found under ``trump`` (so there
    is one: a Chinese bezique before trumps is no candidate of :func:`_kinds`)."""
    pair = ctx.variant.bezique_cards(trump)
    assert pair is not None
    pack = ctx.pack
    codes = [pack[c] for c in table]
    return min(codes.count(pair[0]), codes.count(pair[1]))


# -- checking -----------------------------------------------------------------------------


def _resolve(
    ctx: Context, holding: Holding, request: Request
) -> tuple[list[Copy], list[Copy], list[Copy]]:
    """(the combination's copies as named, those from the concealed hand, the extras): rule
    1, each card the player's and named once."""
    pack = ctx.pack
    taken: set[Copy] = set()

    def concealed(code: Card) -> Copy:
        for copy in holding.concealed:
            if pack[copy] == code and copy not in taken:
                taken.add(copy)
                return copy
        raise IllegalAction("card_not_in_hand", f"your concealed hand holds no more {code}")

    cards: list[Copy] = []
    new: list[Copy] = []
    for code, position in request.items:
        if position is None:
            copy = concealed(code)
            new.append(copy)
        else:
            copy = find_copy(pack, holding, code, position)
            if copy in taken:
                raise IllegalAction("card_twice", f"{code}@{position} is named twice")
            taken.add(copy)
        cards.append(copy)
    extras = [concealed(code) for code in request.extras]
    return cards, new, extras


def _check_types(
    kind: Kind,
    suit: Suit | None,
    cards: Sequence[Copy],
    scored: Sequence[Combination],
    table: Sequence[Copy],
) -> None:
    """Rules 4, 5 and 7 against the declarations still intact on ``table``, for the
    combination of ``kind``, ``suit`` and ``cards``, not built: an offer checks its table
    cards alone, and building a frozen dataclass costs more than most of the check."""
    # read from INFO, not through group_of: this runs for most declarations
    # offered, over every one scored
    info = INFO[kind]
    family = info.family
    level = info.level
    by_suit = family is Family.SAME_SUIT
    group = suit if by_suit else info.rank
    mine: set[Copy] | None = None
    on_table: set[Copy] | None = None
    for other in scored:
        known = INFO[other.kind]
        if known.family is not family or (other.suit if by_suit else known.rank) != group:
            continue
        if on_table is None:
            on_table = set(table)
        if not on_table.issuperset(other.cards):
            continue
        if family is Family.BEZIQUE:
            if known.level >= level:
                raise IllegalAction(
                    "bezique_not_higher",
                    f"a {_spoken(kind)} does not go higher than the"
                    f" {_spoken(other.kind)} still complete on your table (§7.3 rule 7)",
                )
            continue
        if mine is None:
            mine = set(cards)
        if mine.isdisjoint(other.cards):
            continue
        name = _spoken(kind)
        if known.level == level:
            raise IllegalAction(
                "card_reused",
                f"this {name} shares a card with a {name} still complete on your table"
                " (§7.3 rule 4)",
            )
        if known.level > level:
            raise IllegalAction(
                "downgrade",
                f"this {name} takes a card from a {_spoken(other.kind)} still"
                " complete on your table (§7.3 rule 5)",
            )


def _spoken(kind: Kind) -> str:
    """A kind's name inside a sentence: ``double bezique``."""
    return kind._value_.replace("_", " ")


# -- pending declarations ---------------------------------------------------------------------


def _completed(
    ctx: Context,
    table: Sequence[Copy],
    laid: set[Copy],
    scored_now: Combination,
    scored: Sequence[Combination],
    trump: Suit | None,
) -> Iterator[Combination]:
    """The combinations a lay-out leaves pending (§7.5): its cards on the table, one of them
    laid out now, told first by a bit per code (as offers tells a hand's), then counted."""
    pack = ctx.pack
    bits = ctx.bits
    laid_bits = present = 0
    for copy in laid:
        laid_bits |= bits[copy]
    for copy in table:
        present |= bits[copy]
    table_codes = [pack[c] for c in table]
    sieve = _kinds(ctx.variant, trump)[1]
    near = _sift(sieve, present, laid_bits, sum(map(sieve[4].__getitem__, table_codes)))
    on_table = set(table)
    intact = [(s.cards, group_of(s.kind, s.suit)) for s in scored if on_table.issuperset(s.cards)]
    pairs: int | None = None
    # a four's cards are counted by the sieve, a bezique's by its pairs
    for kind, suit, items, _, _, _, _, _ in near:
        info = INFO[kind]
        if info.family is Family.BEZIQUE:
            if pairs is None:
                pairs = min(4, pairs_on(ctx, table, trump))
            if pairs == 0 or BEZIQUES[pairs - 1] is not kind:
                continue
        group = group_of(kind, suit)
        same_family = info.family is INFO[scored_now.kind].family
        barred = set(scored_now.cards) if same_family else set()
        holders = {c for cards, its in intact if its == group for c in cards}
        kept = [c for c in table if c not in barred]
        free = sorted(kept, key=lambda c: 0 if c in laid else 1 + (c in holders))
        picked = _pick(pack, items, free)
        if picked is None or not laid & set(picked):
            continue
        candidate = Combination(kind, suit, tuple(sorted(picked)))
        try:
            _check_types(kind, suit, candidate.cards, scored, table)
        except IllegalAction:
            continue
        yield candidate


def _pick(
    pack: Sequence[Card], items: tuple[tuple[str, int], ...], free: Sequence[Copy]
) -> list[Copy] | None:
    """The first copies of ``free`` (in its order) that form a candidate (its ``items``: each
    code and how often it is needed, or a plain four's rank and 4), or ``None``."""
    picked: list[Copy] = []
    for want, count in items:
        copies = [c for c in free if want in pack[c]][:count]  # no rank is a suit's letter
        if len(copies) < count:
            return None
        picked += copies
    return picked


# -- listing ------------------------------------------------------------------------------------


def _classes(pack: Sequence[Card], holding: Holding) -> _Classes:
    """The table's copies by code and the declarations, scored and pending, holding them (a
    bit per declaration): copies of one class are interchangeable in a new declaration."""
    holders: dict[Copy, int] = {}
    for i, combination in enumerate([*holding.scored, *holding.pending]):
        for copy in combination.cards:
            holders[copy] = holders.get(copy, 0) | 1 << i
    classes: _Classes = {}
    for copy in holding.table:
        classes.setdefault((pack[copy], holders.get(copy, 0)), []).append(copy)
    return classes


def _choices(
    items: tuple[tuple[str, int], ...], hand: list[Card], classes: _Classes
) -> Iterator[tuple[list[Card], list[Copy]]]:
    """Ways to form a candidate (its ``items``: each code and how often it is needed, or a
    plain four's rank and 4) with at least one card from the hand (its codes, in its order):
    (codes from the hand, table copies). Table copies in the same declarations are
    interchangeable, so only the first of each such class is tried."""
    # the hand's codes counted by list.count, in C: a Counter is built by Python code,
    # dearer than the few counts a listing asks for
    rank = items[0][0]
    if len(rank) == 1:  # a plain four: its rank's cards, of any suits
        codes = [c for c in dict.fromkeys(hand) if c[0] == rank]
        groups = [copies for key, copies in classes.items() if key[0][0] == rank]
        h = len(codes)
        for counts in _spread(4, tuple([*map(hand.count, codes), *map(len, groups)])):
            chosen_hand = [c for c, n in zip(codes, counts[:h], strict=True) for _ in range(n)]
            if chosen_hand:
                table = [c for g, n in zip(groups, counts[h:], strict=True) for c in g[:n]]
                yield chosen_hand, table
        return
    per_code: list[list[tuple[list[Card], list[Copy]]]] = []
    for code, count in items:
        groups = [copies for key, copies in classes.items() if key[0] == code]
        options: list[tuple[list[Card], list[Copy]]] = []
        for from_hand in range(min(count, hand.count(code)) + 1):
            for counts in _spread(count - from_hand, tuple([len(g) for g in groups])):
                table = [copy for g, n in zip(groups, counts, strict=True) for copy in g[:n]]
                options.append(([code] * from_hand, table))
        per_code.append(options)
    for combo in itertools.product(*per_code):
        chosen_hand = [c for h, _ in combo for c in h]
        if chosen_hand:
            yield chosen_hand, [c for _, t in combo for c in t]


@lru_cache(maxsize=10_000)
def _spread(total: int, capacities: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to take ``total`` items from pools of these capacities, in ascending
    order of the first pool's share, then the next's; kept, as a few small numbers are met
    again and again."""
    if not capacities:
        return ((),) if total == 0 else ()
    first, rest = capacities[0], capacities[1:]
    return tuple(
        (n, *tail)
        for n in range(max(0, total - sum(rest)), min(first, total) + 1)
        for tail in _spread(total - n, rest)
    )

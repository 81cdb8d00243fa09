"""What a bezique player's cards are worth while the stock lasts: the declarations they hold
or may still complete.

A player's *prospects* are a sum over every declaration slot (a marriage and a sequence per
suit, each level of bezique, each four): a complete one counts its full value, a partial
one its value times the share of its cards held, raised to a power that grows with its size
(three cards of five are far from a sequence), times the *hope* that the stock still brings
the rest. Cards an intact declaration already scored are spent for its slot (rule 4: no
reuse within a type; rule 5: no downgrade), so a declared marriage counts towards the
sequence and the four kings but not towards another marriage.

A card's worth is what the prospects lose without it; a table card's removal also breaks the
declarations it belongs to, which frees their other cards again. Nothing here lists legal
declarations: the engine does that, and only when the seat has won a trick.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from app.engine.bezique.combinations import BEZIQUES, INFO, TRUMP_VALUE, Family, Kind
from app.engine.bezique.variant import Variant

SUITS: Final = ("S", "H", "D", "C")
RANKS: Final = "ATKQJ987"
STRENGTH: Final = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
SEQUENCE_RANKS: Final = "ATKQJ"

MARRIAGE: Final = INFO[Kind.MARRIAGE].points
SEQUENCE: Final = INFO[Kind.SEQUENCE].points
ROYAL_MARRIAGE: Final = TRUMP_VALUE[Kind.MARRIAGE]
TRUMP_SEQUENCE: Final = TRUMP_VALUE[Kind.SEQUENCE]
FOURS: Final = {
    str(i.rank): i.points for i in INFO.values() if i.family is Family.FOUR and i.level == 1
}
TRUMP_FOURS: Final = {
    str(i.rank): i.points for i in INFO.values() if i.family is Family.FOUR and i.level == 2
}
BEZIQUE_POINTS: Final = {INFO[k].level: INFO[k].points for k in BEZIQUES}

UNDECIDED: Final = 0.6
"""Weight of what depends on trumps (a Chinese bezique, a four of trumps) while none are
fixed: the suit may still go another way."""
TRUMP_POWER: Final = 3.0
"""Worth of a trump for winning tricks, besides its rank (the last trick, declaring)."""
BRISQUE: Final = 2.0
"""Worth of an ace or ten won or kept in rubicon bezique: brisques count only for a tie or
to escape the rubicon."""


def exponent(size: int) -> float:
    """How steeply a partial declaration's share of its cards is discounted."""
    return size / 2 + 1


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant with the deal's trump state and stock: what each slot is worth now."""

    variant: Variant
    trump: str | None
    barred: str | None
    """Last deal's trumps in Chinese bezique: no marriage in them fixes trumps now."""
    stock: int
    hope: float = field(init=False, compare=False, repr=False)
    """How likely the stock still completes a partial declaration: all of it early, less
    as the stock runs out (about two draws in three complete nothing useful)."""
    table: _Table = field(init=False, compare=False, repr=False)
    """What depends on the variant and trumps alone, built once for all states alike."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hope", min(1.0, self.stock / (4 * self.variant.hand_size)))
        key = (self.variant.name, self.trump, self.barred)
        table = _TABLES.get(key)
        if table is None or table.variant is not self.variant:
            table = _TABLES[key] = _Table(self)
        object.__setattr__(self, "table", table)

    def allowed(self) -> tuple[str, ...]:
        """The suits trumps may still become."""
        return self.table.allowed

    def marriage(self, suit: str) -> int:
        if self.trump is None:
            return ROYAL_MARRIAGE if suit != self.barred else MARRIAGE
        return ROYAL_MARRIAGE if suit == self.trump else MARRIAGE

    def sequence(self, suit: str) -> float:
        if self.trump is None:
            return (TRUMP_SEQUENCE + SEQUENCE) / 2 if suit != self.barred else SEQUENCE
        return TRUMP_SEQUENCE if suit == self.trump else SEQUENCE

    def bezique_pair(self, trump: str | None) -> tuple[str, str] | None:
        return self.variant.bezique_cards(trump)


class _Table:
    """A variant's slots and values under one trump state: read for every card valued,
    so looked up rather than worked out each time."""

    __slots__ = ("allowed", "linear", "pairs", "points", "slots", "uniform", "variant")

    def __init__(self, rules: Rules) -> None:
        self.variant = rules.variant
        if rules.trump is not None:
            self.allowed: tuple[str, ...] = (rules.trump,)
        else:
            self.allowed = tuple(s for s in SUITS if s != rules.barred)
        self.points: dict[Slot, float] = {}
        for suit in SUITS:
            self.points["M", suit] = rules.marriage(suit)
            self.points["S", suit] = rules.sequence(suit)
        codes = [r + s for s in SUITS for r in RANKS]
        self.linear: dict[str, float] = {c: linear(rules, c) for c in codes}
        self.slots: dict[str, tuple[Slot, ...]] = {c: tuple(_slots_of(rules, c)) for c in codes}
        self.pairs = {s: self.variant.bezique_cards(s) for s in SUITS}
        self.uniform = not self.variant.bezique_by_trump and not self.variant.trump_fours
        """Whether the trump-dependent slot is the same under every trump (rubicon: only
        the beziques, of spades and diamonds whatever the trumps)."""


_TABLES: dict[tuple[str, str | None, str | None], _Table] = {}


@dataclass(slots=True)
class Cards:
    """One player's cards as the view shows them: the concealed hand, the table by
    position, and its intact declarations (kind, table positions)."""

    hand: list[str]
    table: list[str]
    intact: list[tuple[Kind, tuple[int, ...]]] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter([*self.hand, *self.table])


def cards_of(deal: Mapping[str, Any], seat: int) -> Cards:
    table: list[str] = list(deal["tables"][seat])
    intact = [
        (Kind(d["kind"]), tuple(d["positions"]))
        for d in deal["declarations"]
        if d["seat"] == seat and d["intact"] and d.get("positions") is not None
    ]
    return Cards(list(deal["hand"] or []), table, intact)


def rules_of(variant: Variant, deal: Mapping[str, Any]) -> Rules:
    barred = deal.get("previous_trump") if variant.no_trump_twice else None
    return Rules(variant, deal["trump"], barred, int(deal["stock"]))


Slot = tuple[str, str]
"""A declaration slot: (``M``, suit) a marriage, (``S``, suit) a sequence, (``F``, rank) a
four, (``T``, "") all that depends on trumps (the beziques, the fours of trumps)."""
TRUMPED: Final[Slot] = ("T", "")
MARRIAGE_NEED: Final = {s: {"K" + s: 1, "Q" + s: 1} for s in SUITS}
SEQUENCE_NEED: Final = {s: {r + s: 1 for r in SEQUENCE_RANKS} for s in SUITS}
FOUR_CODES: Final = {r: tuple(r + s for s in SUITS) for r in FOURS}
ALL_SLOTS: Final[tuple[Slot, ...]] = (
    *(("M", s) for s in SUITS),
    *(("S", s) for s in SUITS),
    *(("F", r) for r in FOURS),
    TRUMPED,
)
EMPTY: Final[Counter[str]] = Counter()


@dataclass(slots=True)
class Spent:
    """The cards intact declarations hold, by the slot they may not serve again (rule 4: no
    reuse within a type; rule 5: no downgrade), and the highest intact bezique."""

    by_slot: dict[Slot, Counter[str]] = field(default_factory=dict)
    bezique: int = 0

    def add(self, kind: Kind, codes: Counter[str]) -> None:
        info = INFO[kind]
        if info.family is Family.BEZIQUE:
            self.bezique = max(self.bezique, info.level)
            return
        if info.family is Family.SAME_SUIT:
            suit = next(iter(codes))[1]
            slots: list[Slot] = [("M", suit)]
            if kind is Kind.SEQUENCE:
                slots.append(("S", suit))
        else:
            rank = str(info.rank)
            slots = [("F", rank)] if rank in FOURS else []
            if info.level == 2:
                slots.append(("TF", rank))
        for slot in slots:
            self.by_slot.setdefault(slot, Counter()).update(codes)

    def get(self, slot: Slot) -> Counter[str]:
        return self.by_slot.get(slot, EMPTY)


def spent_of(cards: Cards, broken: int | None = None) -> Spent:
    """The intact declarations' cards, less those ``broken`` (a table position about to be
    played) breaks: their other cards are free again."""
    spent = Spent()
    for kind, positions in cards.intact:
        if broken not in positions:
            spent.add(kind, Counter(cards.table[p] for p in positions))
    return spent


def _share(total: int, held: int) -> float:
    return float((held / total) ** exponent(total))


SHARE: Final = {
    total: tuple(_share(total, held) for held in range(total + 1)) for total in range(1, 9)
}
"""The discount of a partial slot, by the cards it needs and the cards held, worked out
once: ``(held / total) ** exponent(total)``."""
NEED_CODES: Final[dict[Slot, tuple[str, ...]]] = {
    **{("M", s): tuple(MARRIAGE_NEED[s]) for s in SUITS},
    **{("S", s): tuple(SEQUENCE_NEED[s]) for s in SUITS},
}
"""The codes of a marriage's or sequence's slot, each needed once."""
TRUMP_FOUR_SLOTS: Final = {
    trump: tuple((rank + trump, points, ("TF", rank)) for rank, points in TRUMP_FOURS.items())
    for trump in SUITS
}
"""Under each trump suit, the fours of trumps: the code, its points and its slot."""
SUIT_SLOTS: Final = tuple((slot, NEED_CODES[slot]) for s in SUITS for slot in (("M", s), ("S", s)))
"""The marriages' and sequences' slots with their codes, suit by suit."""


def _part(
    have: Mapping[str, int], spent: Counter[str], need: Mapping[str, int], hope: float
) -> float:
    """The share of a slot's value its cards give: 1 when complete, else discounted."""
    total = 0
    held = 0
    get = have.get
    for code, n in need.items():
        total += n
        got = get(code, 0)
        if got:
            if spent:
                got -= spent.get(code, 0)
            if got > 0:
                held += got if got < n else n
    if held >= total:
        return 1.0
    if not held:
        return 0.0
    return hope * SHARE[total][held]


def slot_value(rules: Rules, slot: Slot, have: Mapping[str, int], spent: Spent) -> float:
    """What one slot of the prospects is worth with ``have`` and ``spent``."""
    kind, key = slot
    get = have.get
    if kind == "M" or kind == "S":
        # _part for codes needed once each, written out: it is most of the valuation
        codes = NEED_CODES[slot]
        used = spent.by_slot.get(slot)
        held = 0
        if used:
            spent_of_code = used.get
            for code in codes:
                got = get(code, 0)
                if got and got - spent_of_code(code, 0) > 0:
                    held += 1
        else:
            for code in codes:
                if get(code, 0):
                    held += 1
        total = len(codes)
        if held >= total:
            part = 1.0
        elif not held:
            part = 0.0
        else:
            part = rules.hope * SHARE[total][held]
        return rules.table.points[slot] * part
    hope = rules.hope
    if kind == "F":
        spades, hearts, diamonds, clubs = FOUR_CODES[key]
        held = get(spades, 0) + get(hearts, 0) + get(diamonds, 0) + get(clubs, 0)
        if not held:
            return 0.0
        taken = spent.by_slot.get(slot)
        free = held - sum(taken.values()) if taken else held
        if free >= 4:
            return float(FOURS[key])
        if free <= 0:
            return 0.0
        return FOURS[key] * hope * SHARE[4][free]
    weight = 1.0 if rules.trump is not None else UNDECIDED
    allowed = rules.table.allowed
    if rules.table.uniform:
        # the same under every trump: the maximum is any one of them
        return weight * _by_trump(rules, allowed[0], have, spent, hope)
    return weight * max(_by_trump(rules, t, have, spent, hope) for t in allowed)


def _by_trump(
    rules: Rules, trump: str, have: Mapping[str, int], spent: Spent, hope: float
) -> float:
    """What depends on the trump suit: the beziques (in Chinese bezique) and the fours of
    trumps; in rubicon bezique the beziques, which do not."""
    total = 0.0
    get = have.get
    pair = rules.table.pairs[trump]
    if pair is not None:
        queen, jack = pair
        queens = get(queen, 0)
        jacks = get(jack, 0)
        if queens or jacks:
            for level, points in BEZIQUE_POINTS.items():
                if level > spent.bezique:
                    # _part of {queen: level, jack: level}, nothing spent
                    held = 0
                    if queens > 0:
                        held += queens if queens < level else level
                    if jacks > 0:
                        held += jacks if jacks < level else level
                    need = 2 * level
                    if held >= need:
                        part = 1.0
                    elif not held:
                        part = 0.0
                    else:
                        part = hope * SHARE[need][held]
                    total += points * part
    if rules.variant.trump_fours:
        by_slot = spent.by_slot
        for code, points, slot in TRUMP_FOUR_SLOTS[trump]:
            got = get(code, 0)
            if got:
                # _part of {code: 4}, less what an intact four of trumps holds
                used = by_slot.get(slot)
                if used:
                    got -= used.get(code, 0)
                held = (got if got < 4 else 4) if got > 0 else 0
                if held >= 4:
                    part = 1.0
                elif not held:
                    part = 0.0
                else:
                    part = hope * SHARE[4][held]
                total += points * part
    return total


def linear(rules: Rules, code: str) -> float:
    """What a card is worth apart from declarations: a trump takes tricks, and in rubicon
    bezique an ace or ten may count as a brisque."""
    value = 0.0
    if code[1] == rules.trump:
        value += TRUMP_POWER + STRENGTH[code[0]] / 4
    if rules.variant.brisques and code[0] in "AT":
        value += BRISQUE
    return value


def prospects(rules: Rules, have: Mapping[str, int], spent: Spent) -> float:
    """The worth of holding ``have`` (codes and counts, concealed and table) under
    ``rules``, every intact declaration in ``spent``."""
    total = sum(slot_value(rules, slot, have, spent) for slot in ALL_SLOTS)
    worth = rules.table.linear
    return total + sum(n * worth[c] for c, n in have.items() if n > 0)


def _trump_dependent(variant: Variant) -> frozenset[str]:
    """The cards the trump-dependent slot may use: a four of trumps may be of any suit
    before trumps are fixed, and so may a Chinese bezique's queen and jack."""
    found = _TRUMP_DEPENDENT.get(variant.name)
    if found is None:
        codes: set[str] = set()
        for suit in SUITS:
            if variant.trump_fours:
                codes.update(r + suit for r in TRUMP_FOURS)
            codes.update(variant.bezique_cards(suit) or ())
        found = _TRUMP_DEPENDENT[variant.name] = frozenset(codes)
    return found


_TRUMP_DEPENDENT: dict[str, frozenset[str]] = {}


def slots_of(rules: Rules, code: str) -> list[Slot]:
    """The slots a card may serve."""
    key = (rules.variant.name, code)
    found = _SLOTS.get(key)
    if found is None:
        found = _SLOTS[key] = _slots_of(rules, code)
    return list(found)


_SLOTS: dict[tuple[str, str], list[Slot]] = {}


def _slots_of(rules: Rules, code: str) -> list[Slot]:
    rank, suit = code[0], code[1]
    out: list[Slot] = []
    if rank in "KQ":
        out.append(("M", suit))
    if rank in SEQUENCE_RANKS:
        out.append(("S", suit))
    if rank in FOURS:
        out.append(("F", rank))
    if code in _trump_dependent(rules.variant):
        out.append(TRUMPED)
    return out


def power(rules: Rules, code: str) -> float:
    """A card's worth for taking tricks alone (once the stock is gone, all that counts)."""
    value = STRENGTH[code[0]] / 4
    if code[1] == rules.trump:
        value += TRUMP_POWER + 2
    return value


@dataclass(slots=True)
class Appraisal:
    """Each card's worth to one player now, by the ``play:`` argument that plays it."""

    rules: Rules
    cards: Cards
    have: Counter[str]
    spent: Spent
    _slots: dict[Slot, float] = field(default_factory=dict)
    _by_suit: dict[str, float] | None = None
    """The trump-dependent slot's value under each trump suit still possible."""
    _plain: dict[str, float] = field(default_factory=dict)
    """Worth by code of a card that breaks no declaration: wherever it lies, the same."""

    @classmethod
    def of(cls, rules: Rules, cards: Cards) -> Appraisal:
        return cls(rules, cards, cards.counts(), spent_of(cards))

    @property
    def base(self) -> float:
        """The prospects of all the player's cards."""
        return prospects(self.rules, self.have, self.spent)

    def _slot(self, slot: Slot) -> float:
        found = self._slots.get(slot)
        if found is None:
            found = self._slots[slot] = slot_value(self.rules, slot, self.have, self.spent)
        return found

    def _trumped_without(self, code: str) -> float:
        """The trump-dependent slot with one ``code`` fewer and nothing broken: only the
        trump suits whose beziques or fours of trumps use it are valued again."""
        rules = self.rules
        by_suit = self._by_suit
        assert by_suit is not None, "valued before the card was taken away"
        best = 0.0
        if rules.table.uniform:
            # every trump alike (rubicon): one of them stands for all
            trump, value = next(iter(by_suit.items()))
            if code in (rules.table.pairs[trump] or ()):
                value = _by_trump(rules, trump, self.have, self.spent, rules.hope)
            best = max(best, value)
        else:
            for trump, value in by_suit.items():
                if (rules.variant.trump_fours and code[1] == trump and code[0] in TRUMP_FOURS) or (
                    code in (rules.bezique_pair(trump) or ())
                ):
                    value = _by_trump(rules, trump, self.have, self.spent, rules.hope)
                best = max(best, value)
        return (1.0 if rules.trump is not None else UNDECIDED) * best

    def worth(self, arg: str) -> float:
        """What the prospects lose when the card ``arg`` (``QS`` or ``QS@3``) is played:
        only the slots it serves change, and those of the declarations it breaks."""
        rules = self.rules
        table = rules.table
        code, _, position = arg.partition("@")
        have = self.have
        spent = self.spent
        touched: Sequence[Slot] = table.slots[code]
        broken: list[tuple[int, ...]] = []
        if position:
            at = int(position)
            broken = [p for _, p in self.cards.intact if at in p]
            if broken:
                spent = spent_of(self.cards, at)
                served = list(touched)
                for positions in broken:
                    for p in positions:
                        served.extend(table.slots[self.cards.table[p]])
                touched = list(dict.fromkeys(served))
        if not broken:
            found = self._plain.get(code)
            if found is not None:
                return found
        lost = table.linear[code]
        if not touched:
            if not broken:
                self._plain[code] = lost
            return lost
        known = self._slots
        if self._by_suit is None and TRUMPED in touched:
            allowed = table.allowed
            if table.uniform:
                same = _by_trump(rules, allowed[0], have, self.spent, rules.hope)
                self._by_suit = dict.fromkeys(allowed, same)
            else:
                self._by_suit = {
                    t: _by_trump(rules, t, have, self.spent, rules.hope) for t in allowed
                }
            if TRUMPED not in known:
                # slot_value's own sum, from the values just found
                weight = 1.0 if rules.trump is not None else UNDECIDED
                known[TRUMPED] = weight * max(self._by_suit.values())
        before = [known[slot] if slot in known else self._slot(slot) for slot in touched]
        have[code] -= 1  # put back below: the counts are shared with every other card's
        try:
            for slot, value in zip(touched, before, strict=True):
                if slot == TRUMPED and not broken:
                    lost += value - self._trumped_without(code)
                else:
                    lost += value - slot_value(rules, slot, have, spent)
        finally:
            have[code] += 1
        if not broken:
            self._plain[code] = lost
        return lost


def ready(
    rules: Rules,
    cards: Cards,
    pending: Sequence[float],
    have: Mapping[str, int] | None = None,
    spent: Spent | None = None,
) -> float:
    """The best declaration the player could make on winning a trick now, as far as its
    cards show without listing them: a pending one (``pending``: what each would score,
    :func:`value_of`), or a slot complete with a card from the concealed hand. Optimistic:
    the rules may still refuse it. ``have`` and ``spent``: ``cards.counts()`` and
    ``spent_of(cards)`` when the caller has them."""
    best = 0.0
    for worth in pending:
        best = max(best, worth)
    if have is None:
        have = cards.counts()
    in_hand = set(cards.hand)
    if spent is None:
        spent = spent_of(cards)
    by_slot = spent.by_slot
    get = have.get

    points_of = rules.table.points
    for slot, codes in SUIT_SLOTS:
        points: float = points_of[slot]
        if points <= best or in_hand.isdisjoint(codes):
            continue
        # every code held once besides what an intact declaration of the slot holds
        used = by_slot.get(slot, EMPTY)
        for code in codes:
            if get(code, 0) - used.get(code, 0) < 1:
                break
        else:
            best = points
    pair = rules.bezique_pair(rules.trump)
    if pair is not None and not in_hand.isdisjoint(pair):
        for level, points in BEZIQUE_POINTS.items():
            if (
                level > spent.bezique
                and points > best
                and get(pair[0], 0) >= level
                and get(pair[1], 0) >= level
            ):
                best = points
    for rank, points in FOURS.items():
        codes = FOUR_CODES[rank]
        if points <= best or in_hand.isdisjoint(codes):
            continue
        held = sum(get(c, 0) for c in codes)
        if held - sum(spent.get(("F", rank)).values()) >= 4:
            best = points
    if rules.variant.trump_fours and rules.trump is not None:
        for rank, points in TRUMP_FOURS.items():
            code = rank + rules.trump
            used = spent.get(("TF", rank))
            if points > best and code in in_hand and get(code, 0) - used.get(code, 0) >= 4:
                best = points
    return best


def value_of(rules: Rules, kind: Kind, codes: Sequence[str]) -> float:
    """What a declaration of ``kind`` with ``codes`` would score now."""
    info = INFO[kind]
    if kind is Kind.MARRIAGE:
        return rules.marriage(codes[0][1])
    if kind is Kind.SEQUENCE:
        return rules.sequence(codes[0][1])
    return info.points

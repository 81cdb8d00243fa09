"""The conformance suite's checks as plain functions of a played match, so that the suite
(tests/engine/test_conformance.py) runs them on every game and
tests/engine/test_conformance_faults.py shows that each one fails on a game with the fault
it is there to find.

A match is played at random through the game interface alone; snapshots are taken at steps
chosen evenly over the whole match. Each ``check_*`` function raises ``AssertionError`` on
the first fault it finds.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.engine import TABLE, Action, ActionError, Game, GameState
from app.engine.fairness import SCHEME, commitment, first_dealer, shuffled
from app.engine.records import export_record
from app.engine.trick_game import hidden_cards as ledger_unseen

Log = list[tuple[int, str]]
Card = str

SNAPSHOTS = 12
OUT_OF_TURN = 0.03  # how often a seat not to act uses an action it has (a claim)
CARD = re.compile(r"^[AKQJT98765432][SHDC]$")
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])[AKQJT98765432][SHDC](?![0-9A-Za-z])")

EARLIER_DEALS = ("previous_deal",)
"""Top-level view keys about deals already scored: their cards are those of another deal,
so they say nothing of the current deal's hidden cards (the re-deal check still compares
them, with every other key)."""

FULL_UNSEEN: dict[str, tuple[Callable[[Any, int | None], list[Card]], str]] = {
    **dict.fromkeys(
        ("partnership_pinochle", "double_deck_pinochle"),
        (
            ledger_unseen,
            "once trump is named, its hidden_cards lists only the plain tens and nines, since"
            " automatic melds tell what a hand lacks as well as what it holds (docs/next.md,"
            " Open ends under Partnership games)",
        ),
    ),
    **dict.fromkeys(
        ("bezique_rubicon", "chinese_bezique"),
        (
            ledger_unseen,
            "its hidden_cards lists only the plain cards, since carte blanche tells a court"
            " card from a plain one",
        ),
    ),
}
"""The exceptions: games whose ``hidden_cards`` is by design a part of the cards a seat has
not seen (only those a suit-for-suit re-deal may move unnoticed), each with its view
module's full set and the reason. What no view or refusal may name, and what accounts for
every card, is the full set; the re-deal moves only ``hidden_cards``."""

FIXED_TRUMP: dict[str, str] = {"spades": "S"}
"""Games whose trump suit is a rule, not a field of the view: spades are always trumps."""


def _trump_by_declaration(part: Mapping[str, Any], index: int) -> str | None:
    """Bezique has no trump until a declaration fixes it (``after`` tricks played): the
    tricks before it were played without one."""
    for declared in part["declarations"]:
        if declared["fixes_trump"] is not None and declared["after"] <= index:
            return str(declared["fixes_trump"])
    return None


TRUMP_OF_TRICK: dict[str, Callable[[Mapping[str, Any], int], str | None]] = {
    "bezique_rubicon": _trump_by_declaration,
    "chinese_bezique": _trump_by_declaration,
}
"""Games whose trump changes within a deal: the trump a trick (by index) was played under."""


# -- playing ---------------------------------------------------------------------------------------


@dataclass
class Played:
    game: Game
    seats: int
    first_dealer: int
    state: GameState
    log: Log = field(default_factory=list)
    points: list[tuple[GameState, Log]] = field(default_factory=list)
    """Snapshots: a clone of the state and the log that led to it."""
    eligible: list[int] = field(default_factory=list)
    """The lengths of the log after which a seat was to act: where a snapshot may be."""
    chosen: list[int] = field(default_factory=list)
    """The lengths of the log at the snapshots, in order."""
    before_deal: dict[int, GameState] = field(default_factory=dict)
    """A clone of the state just before each chance step, by the step's index in the log:
    a re-deal replays from there rather than from the match's start."""


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def viewers(seats: int) -> list[int | None]:
    return [None, *range(seats)]


def match_options(game: Game) -> dict[str, Any]:
    """The options random play uses: the defaults, with those that keep a match short under
    random play for a game whose default match may never end then (spades to 500)."""
    return dict(game.resolve_options(game.short_match))


def choose(
    game: Game, state: GameState, rng: random.Random, out_of_turn: float = OUT_OF_TURN
) -> tuple[int, Action]:
    """A random action: mostly the seat to act's, drawn from the legal shape its view
    carries; now and then (``out_of_turn``) one a seat not to act may take."""
    idle = [s for s in range(state.seats) if s != state.to_act and state.legal_actions(s)]
    if idle and rng.random() < out_of_turn:
        claimant = rng.choice(idle)
        return claimant, rng.choice(state.legal_actions(claimant))
    seat = state.to_act
    assert seat is not None and seat != TABLE
    legal = game.legal(state, seat)
    assert legal is not None, "the seat to act has nothing to do"
    if "count" in legal:
        text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    else:
        text = rng.choice(legal["actions"])
    return seat, game.parse_action(text)


def spread(eligible: Sequence[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``eligible``, one drawn uniformly from each of ``count`` equal runs of it
    in turn (all of them when there are no more): every part of a match is as likely to be
    looked at as any other, and no part is left out."""
    n = len(eligible)
    if n <= count:
        return list(eligible)
    return [eligible[rng.randrange(k * n // count, (k + 1) * n // count)] for k in range(count)]


def play_match(game: Game, seats: int, seed: int, snapshots: int = SNAPSHOTS) -> Played:
    """A random match, played out; then replayed once to take its snapshots at steps chosen
    from the whole match's length, and a clone before each chance step."""
    rng = random.Random(f"{game.name}:{seats}:{seed}")
    first = rng.randrange(seats)
    state: GameState = game.new_match(seats, match_options(game), first)
    played = Played(game, seats, first, state)
    while not state.is_over:
        assert len(played.log) < 20_000, "the match never ends"
        if state.to_act == TABLE:
            seat, action = TABLE, game.chance(state, rng)
        else:
            seat, action = choose(game, state, rng)
        state.apply(seat, action)
        played.log.append((seat, str(action)))
        if state.to_act not in (None, TABLE):
            played.eligible.append(len(played.log))
    played.chosen = spread(played.eligible, snapshots, random.Random(f"snapshots:{seed}"))
    wanted = set(played.chosen)
    again: GameState = game.new_match(seats, match_options(game), first)
    for step, (seat, text) in enumerate(played.log):
        if seat == TABLE:
            played.before_deal[step] = again.clone()
        again.apply(seat, game.parse_action(text))
        if step + 1 in wanted:
            played.points.append((again.clone(), played.log[: step + 1]))
    return played


def check_snapshots_spread(played: Played) -> None:
    """One snapshot in each of equal runs of the steps where a seat is to act, the first run
    and the last included, so that no part of a match goes unlooked at."""
    n, k = len(played.eligible), len(played.chosen)
    assert k == len(played.points) and k, "no snapshot"
    if k == n:
        assert played.chosen == played.eligible
        return
    at = {step: i for i, step in enumerate(played.eligible)}
    for run, step in enumerate(played.chosen):
        assert run * n // k <= at[step] < (run + 1) * n // k, (run, step, n)


# -- what each seat has not seen -------------------------------------------------------------------


def tokens(value: object) -> set[str]:
    """Every card named anywhere in a JSON value."""
    return set(counted(value))


def counted(value: object) -> Counter[str]:
    """How often each card is named in a JSON value."""
    text = json.dumps(value, default=str)
    return Counter(t for t in re.findall(r"[A-Za-z0-9]+", text) if CARD.match(t))


def not_seen(game: Game, state: GameState, seat: int | None) -> list[Card]:
    """Every card of the deal in progress ``seat`` has not seen, copy for copy."""
    full = FULL_UNSEEN.get(game.name)
    if full is not None:
        return full[0](state, seat)
    assert game.hidden_cards is not None, "a game says which cards each seat has not seen"
    return game.hidden_cards(state, seat)


def no_copy_seen(game: Game, cards: Sequence[Card]) -> set[str]:
    """The cards of which every copy is in ``cards``: with a pack that holds a card twice
    (pinochle), a card the seat holds may well have a hidden twin, and its code says
    nothing."""
    return {card for card, n in Counter(cards).items() if n == game.pack.copies}


def never_seen(game: Game, state: GameState, seat: int | None) -> set[str]:
    """The cards of which ``seat`` has seen no copy (:func:`not_seen`)."""
    return no_copy_seen(game, not_seen(game, state, seat))


def movable(game: Game, state: GameState, seat: int | None) -> set[str]:
    """The cards of which ``seat`` has seen no copy, by the game's ``hidden_cards``: those a
    re-deal moves."""
    assert game.hidden_cards is not None
    return no_copy_seen(game, game.hidden_cards(state, seat))


def current_part(view: Mapping[str, Any]) -> dict[str, Any]:
    """The whole view but its keys about earlier deals (:data:`EARLIER_DEALS`)."""
    return {k: v for k, v in view.items() if k not in EARLIER_DEALS}


def check_views_hide_unseen_cards(played: Played) -> None:
    """No key of any seat's or the spectator's view names a card of the deal in progress
    that its seat has seen no copy of."""
    game = played.game
    checked = 0
    for state, _ in played.points:
        for seat in viewers(played.seats):
            hidden = never_seen(game, state, seat)
            shown = current_part(game.view(state, seat, None, None))
            leaked = {k: sorted(tokens(v) & hidden) for k, v in shown.items()}
            leaked = {k: cards for k, cards in leaked.items() if cards}
            assert not leaked, f"seat {seat} is shown cards it has not seen: {leaked}"
            checked += 1
    assert checked


def check_every_card_accounted_for(played: Played) -> None:
    """Each copy of each card of the pack is either named in a seat's view of the deal in
    progress or among the cards the seat has not seen: a ``hidden_cards`` that forgets a
    place (the stock) fails here at once. Earlier deals' keys do not count, their cards
    being other physical cards. With a pack that holds a card more than once, a card named
    in two places (a hand and the melds shown from it) counts for at most every copy, so a
    copy left out there may go unnoticed; with one copy nothing can."""
    game = played.game
    assert game.hidden_cards is not None
    pack = Counter(game.pack.cards)
    checked = 0
    for state, _ in played.points:
        for seat in viewers(played.seats):
            hidden = Counter(not_seen(game, state, seat))
            assert not hidden - pack, f"seat {seat}: hidden cards not in the pack"
            if game.name in FULL_UNSEEN:
                # the exception holds only while hidden_cards stays within the full set
                part = Counter(game.hidden_cards(state, seat)) - hidden
                assert not part, f"seat {seat}: hidden_cards lists seen cards {sorted(part)}"
            shown = counted(current_part(game.view(state, seat, None, None)))
            missing = {
                card: copies - min(copies, shown[card]) - hidden[card]
                for card, copies in pack.items()
                if min(copies, shown[card]) + hidden[card] < copies
            }
            assert not missing, (
                f"seat {seat}: neither shown nor hidden (copies missing): {sorted(missing.items())}"
            )
            checked += 1
    assert checked


# -- refused actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    seat: int
    action: Action
    in_turn: bool
    why: str


def _own_hand(game: Game, state: GameState, seat: int) -> list[Card] | None:
    deal = game.view(state, seat, None, None).get("deal")
    hand = deal.get("hand") if isinstance(deal, dict) else None
    return list(hand) if isinstance(hand, list) else None


def refusals(game: Game, state: GameState, rng: random.Random) -> list[Refusal]:
    """Actions the rules must refuse at ``state``: the seat to act playing a card it does
    not hold (one it has not seen, one it has) and, when it must play and some card of its
    hand is not among those it may, that card; and each seat not to act offering one of the
    acting seat's legal actions."""
    actor = state.to_act
    if actor is None or actor == TABLE:
        return []
    out: list[Refusal] = []
    hand = _own_hand(game, state, actor)
    listed = state.legal_actions(actor)
    plays = {a.arg for a in listed if a.kind == "play"}
    if hand is not None or not plays:
        # with no play open to it the seat may play no card at all, held or not
        held = set(hand or ())
        hidden = never_seen(game, state, actor) - held
        others = set(game.pack.cards) - held - hidden
        for pool, why in ((hidden, "a card it has not seen"), (others, "a card seen elsewhere")):
            if pool:
                card = rng.choice(sorted(pool))
                out.append(Refusal(actor, game.parse_action(f"play:{card}"), True, why))
    if plays and hand is not None:
        barred = sorted(set(hand) - plays)
        if barred:
            card = rng.choice(barred)
            out.append(Refusal(actor, game.parse_action(f"play:{card}"), True, "a duty broken"))
    texts = sorted(str(a) for a in listed)
    for seat in range(state.seats):
        if seat == actor:
            continue
        own = {str(a) for a in state.legal_actions(seat)}
        offered = [t for t in texts if t not in own]
        if offered:
            action = game.parse_action(rng.choice(offered))
            out.append(Refusal(seat, action, False, "out of turn"))
    return out


def check_refusals_hide_unseen_cards(played: Played) -> None:
    """No refusal's message or detail names a card of the deal its seat has seen no copy
    of, but for the cards of the refused action itself (a seat may be told it does not hold
    the card it tried)."""
    game = played.game
    rng = random.Random(f"refusals:{game.name}")
    tried = 0
    for snapshot, _ in played.points:
        for refusal in refusals(game, snapshot, rng):
            hidden = never_seen(game, snapshot, refusal.seat) - tokens(str(refusal.action))
            for attempt in ("check", "apply"):
                state = snapshot.clone()
                try:
                    getattr(state, attempt)(refusal.seat, refusal.action)
                except ActionError as refused:
                    told = {"message": refused.message, "detail": refused.detail}
                    leaked = sorted(tokens(told) & hidden)
                    assert not leaked, (
                        f"seat {refusal.seat}, refused {refusal.action} ({refusal.why}), is told"
                        f" of cards it has not seen: {leaked} in {told}"
                    )
                    tried += 1
                else:
                    raise AssertionError(
                        f"{attempt} took seat {refusal.seat}'s {refusal.action} ({refusal.why})"
                    )
    assert tried or not played.points


def fingerprint(game: Game, state: GameState) -> list[str]:
    """Everything a state shows: every seat's and the spectator's view, and its whole
    record."""
    seats = state.seats
    views = [dumps(game.view(state, s, None, None)) for s in viewers(seats)]
    record = export_record(game, state, [f"P{i}" for i in range(seats)])
    return [*views, dumps(record)]


def _changed(before: Sequence[str], after: Sequence[str]) -> list[str]:
    names = [f"view of {s}" for s in viewers(len(before) - 2)] + ["record"]
    out = []
    for name, old, new in zip(names, before, after, strict=True):
        if old != new:
            a, b = json.loads(old), json.loads(new)
            keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
            out.append(f"{name}: {keys}")
    return out


def check_refused_actions_change_nothing(played: Played) -> None:
    """A refused action raises ``ActionError`` from both ``check`` and ``apply`` and leaves
    every view and the whole record byte for byte as they were: the seat to act's illegal
    plays (:func:`refusals`) one by one, then every legal action of one seat offered by
    another."""
    game = played.game
    seats = played.seats
    rng = random.Random(f"unchanged:{game.name}")
    for snapshot, _ in played.points:
        state = snapshot.clone()
        before = fingerprint(game, state)
        for refusal in refusals(game, state, rng):
            if not refusal.in_turn:
                continue
            for attempt in (state.check, state.apply):
                try:
                    attempt(refusal.seat, refusal.action)
                except ActionError:
                    pass
                else:
                    raise AssertionError(f"{refusal.action} ({refusal.why}) was taken")
            changed = _changed(before, fingerprint(game, state))
            assert not changed, f"refused {refusal.action} ({refusal.why}) changed {changed}"
        listed = {(s, str(a)) for s in range(seats) for a in state.legal_actions(s)}
        # actions of one seat offered by another, and the table's own from a seat
        offered = {
            (s, str(a)) for s in range(seats) for a in state.legal_actions(state.to_act or 0)
        }
        for seat, text in sorted(offered - listed):
            for attempt in (state.check, state.apply):
                try:
                    attempt(seat, game.parse_action(text))
                except ActionError:
                    pass
                else:
                    raise AssertionError(f"seat {seat}'s {text} out of turn was taken")
        changed = _changed(before, fingerprint(game, state))
        assert not changed, f"actions refused out of turn changed {changed}"


# -- re-deals --------------------------------------------------------------------------------------


def renamed(text: str, mapping: Mapping[str, str]) -> str:
    """``text`` with every card in it renamed by ``mapping``."""
    return CARD_TOKEN.sub(lambda m: mapping.get(m.group(0), m.group(0)), text)


def suit_for_suit(cards: Sequence[str], rng: random.Random) -> dict[str, str]:
    """The cards shuffled within each suit."""
    by_suit: dict[str, list[str]] = {}
    for card in sorted(cards):
        by_suit.setdefault(card[1], []).append(card)
    mapping: dict[str, str] = {}
    for same in by_suit.values():
        moved = list(same)
        rng.shuffle(moved)
        mapping.update(zip(same, moved, strict=True))
    return mapping


def across_suits(cards: Sequence[str], rng: random.Random) -> dict[str, str]:
    """The cards shuffled whatever their suits."""
    listed = sorted(cards)
    moved = list(listed)
    rng.shuffle(moved)
    return dict(zip(listed, moved, strict=True))


def swap_of_suits(cards: Sequence[str], rng: random.Random) -> dict[str, str]:
    """Two cards of different suits exchanged: the smallest re-deal that changes how many
    cards of a suit a place holds, and so the likeliest to fit the duties already shown."""
    listed = sorted(cards)
    a = rng.choice(listed)
    b = rng.choice([c for c in listed if c[1] != a[1]])
    return {a: b, b: a}


def mixes_suits(mapping: Mapping[str, str]) -> bool:
    return any(a[1] != b[1] for a, b in mapping.items())


REDEALS: tuple[tuple[str, Callable[[Sequence[str], random.Random], dict[str, str]]], ...] = (
    ("suit for suit", suit_for_suit),
    ("across suits", across_suits),
    ("two suits swapped", swap_of_suits),
    ("two suits swapped", swap_of_suits),
)


@dataclass
class Redeals:
    """How the re-deals went: by kind, those tried and those the rules let replay."""

    tried: Counter[str] = field(default_factory=Counter)
    replayed: Counter[str] = field(default_factory=Counter)


def redealt(played: Played, log: Log, mapping: Mapping[str, str]) -> GameState:
    """The state ``log`` leads to with the cards of the deal in progress renamed by
    ``mapping``, replayed from just before the deal's chance step."""
    start = max(i for i, (s, _) in enumerate(log) if s == TABLE)
    state = played.before_deal[start].clone()
    game = played.game
    for seat, text in log[start:]:
        state.apply(seat, game.parse_action(renamed(text, mapping)))
    return state


def check_redeals_keep_views(played: Played, rng: random.Random) -> Redeals:
    """Every view (every key of it) stays byte for byte the same when the cards its seat
    has not seen are dealt anew from the deal's chance step on: shuffled within their suits,
    shuffled across suits, and two of different suits swapped, so that a view telling how
    many cards of a suit a hidden place holds changes. A re-deal the rules refuse (a duty
    already shown, one that depends on rank) is skipped; a quarter of those across suits
    must replay for the check to mean anything."""
    game = played.game
    counts = Redeals()
    for state, log in played.points:
        for seat in viewers(played.seats):
            cards = sorted(movable(game, state, seat))
            if len(cards) < 2:
                continue
            expected = game.view(state, seat, None, None)
            encoded = dumps(expected)
            for kind, redeal in REDEALS:
                if kind != "suit for suit" and len({c[1] for c in cards}) < 2:
                    continue
                mapping = redeal(cards, rng)
                if kind != "suit for suit" and not mixes_suits(mapping):
                    continue
                counts.tried[kind] += 1
                try:
                    again = redealt(played, log, mapping)
                except ActionError:
                    continue  # a re-deal the rules refuse
                counts.replayed[kind] += 1
                shown = game.view(again, seat, None, None)
                if dumps(shown) != encoded:
                    differ = sorted(
                        k
                        for k in expected.keys() | shown.keys()
                        if dumps(expected.get(k)) != dumps(shown.get(k))
                    )
                    moved = sorted(f"{a}>{b}" for a, b in mapping.items() if a != b)
                    raise AssertionError(
                        f"seat {seat}'s view changed at keys {differ} under a re-deal {kind} of"
                        f" cards it has not seen ({' '.join(moved[:12])})"
                    )
    assert counts.replayed["suit for suit"], "no re-deal replayed"
    tried = sum(n for kind, n in counts.tried.items() if kind != "suit for suit")
    replayed = sum(n for kind, n in counts.replayed.items() if kind != "suit for suit")
    # every game here replays at least two in five of them; a quarter leaves room for chance
    assert 4 * replayed >= tried > 0, f"{replayed} of {tried} re-deals across suits replayed"
    return counts


# -- tricks ----------------------------------------------------------------------------------------


def winning_card(cards: Sequence[Card], trump: str | None, ranks: str) -> int:
    """The index of the card that wins a trick: of the trumps played if any, else of the
    cards of the suit led, the highest in ``ranks`` (high to low); of equal cards, the
    first played."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    contenders = trumps or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return min(contenders, key=lambda i: (ranks.index(cards[i][0]), i))


def trick_trumps(game: Game, part: Mapping[str, Any]) -> Callable[[int], str | None] | None:
    """The trump each trick of a deal's part of a view was played under, or ``None`` when
    the view does not tell."""
    special = TRUMP_OF_TRICK.get(game.name)
    if special is not None:
        return lambda index: special(part, index)
    fixed = FIXED_TRUMP.get(game.name)
    if fixed is not None:
        return lambda _: fixed
    if "trump" not in part:
        return None
    trump = part["trump"]
    return lambda _: trump


def played_out(played: Played) -> GameState | None:
    """The first snapshot's deal played to its end by the seats to act alone, each playing a
    card whenever it may: random claims end most partnership pinochle matches before their
    first trick is done."""
    if not played.points:
        return None
    game = played.game
    state = played.points[0][0].clone()
    rng = random.Random(f"played out:{game.name}")
    for _ in range(20_000):
        seat = state.to_act
        if seat is None or seat == TABLE:
            return state
        plays = [a for a in state.legal_actions(seat) if a.kind == "play"]
        if plays:
            state.apply(seat, rng.choice(plays))
        else:
            state.apply(*choose(game, state, rng, out_of_turn=0))
    raise AssertionError("the deal never ends")


def check_trick_winners(played: Played) -> int:
    """Every trick the views report played, in the deal in progress and the last one
    scored, was won by the seat of its highest trump if one was played, else of its highest
    card of the suit led (the game's rank order, the pack's; the first of equal cards), and
    led by its leader; at every snapshot, at the match's end and at the end of a deal played
    out without claims. Every game here plays its tricks so; a game without trumps shows
    ``None``. Returns the tricks checked."""
    game = played.game
    ranks = game.pack.ranks
    checked = 0
    states = [state for state, _ in played.points] + [played.state, played_out(played)]
    for state in states:
        if state is None:
            continue
        view = game.view(state, None, None, None)
        for key in ("deal", "previous_deal"):
            part = view.get(key)
            if not isinstance(part, dict) or not part.get("tricks_played"):
                continue
            trump_of = trick_trumps(game, part)
            assert trump_of is not None, f"{game.name}: the view does not tell the trump"
            for index, trick in enumerate(part["tricks_played"]):
                cards = [entry["card"] for entry in trick["cards"]]
                seats = [entry["seat"] for entry in trick["cards"]]
                assert seats[0] == trick["leader"], (key, index, trick)
                best = winning_card(cards, trump_of(index), ranks)
                assert trick["winner"] == seats[best], (
                    f"{key} trick {index + 1} {cards} (trump {trump_of(index)}) was won by"
                    f" seat {trick['winner']}, not seat {seats[best]}"
                )
                checked += 1
    # every game registered now is a trick game; one that is not needs its reason stated here
    assert checked, "no trick was played"
    return checked


def faults_of(check: Callable[[], object]) -> str | None:
    """The failure ``check`` raises, or ``None``."""
    try:
        check()
    except AssertionError as failed:
        return str(failed) or "failed"
    return None


def seeded_record(game: Game, seats: int, rng: random.Random, deals: int = 3) -> dict[str, Any]:
    """The record of a match's first ``deals`` deals, each dealt by the fairness scheme from
    seeds drawn from ``rng``, with its ``fairness`` entries (docs/fairness.md)."""
    seed = f"{rng.getrandbits(256):064x}"
    client = [f"s{seat}-0" for seat in range(seats)]
    # the first dealer is drawn from the first deal's seeds
    dealer = first_dealer(seed, client, seats)
    state: GameState = game.new_match(seats, match_options(game), dealer)
    entries: list[dict[str, Any]] = []
    steps = 0
    while not state.is_over and len(entries) < deals:
        steps += 1
        assert steps < 20_000
        if state.to_act == TABLE:
            number = len(entries) + 1
            if number > 1:
                seed = f"{rng.getrandbits(256):064x}"
                client = [f"s{seat}-{len(entries)}" for seat in range(seats)]
            order = shuffled(game.pack.cards, seed, number, client)
            state.apply(TABLE, game.deal(order))
            entries.append(
                {
                    "scheme": SCHEME,
                    "deal": number,
                    "commitment": commitment(seed),
                    "client_seeds": client,
                    "server_seed": seed,
                    "pack": order,
                    **({"first_dealer": dealer} if number == 1 else {}),
                }
            )
            continue
        seat, action = choose(game, state, rng)
        state.apply(seat, action)
    record: dict[str, Any] = json.loads(
        json.dumps(export_record(game, state, [f"P{i}" for i in range(seats)]))
    )
    record["fairness"] = entries[: len(record["deals"])]
    return record

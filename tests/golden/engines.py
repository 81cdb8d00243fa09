"""Golden digests of every registered game's engine: write them, dump them whole, or compare.

    python tests/golden/engines.py --write                  # every game's digests, anew
    python tests/golden/engines.py --write GAME ...         # only those games' digests
    python tests/golden/engines.py --write-resample GAME    # only that game's resampler digests
    python tests/golden/engines.py --dump DIR [GAME ...]    # every item in full, one file a match

Each game plays a few seeded matches (each seat count it allows, its ``short_match`` options
and a set of other options) through the game interface alone: the table's chance action
from ``Game.chance`` with a seeded ``random.Random``, the seats choosing at random among their
legal actions as the conformance suite does (its ``choose``, out-of-turn claims included).
After every action, one SHA-256 per match takes in the canonical JSON of every seat's and the
spectator's view, their hidden cards, the legal actions each seat lists, one action the rules
refuse (its code, message and detail; the conformance suite's ``refusals``, or a seat acting
while the table deals) and, now and then, each seat's record of the running match; at the end
of each deal and of the match, the whole record, each seat's running record, the scored
deals, the scoresheet, the outcome, and the validator's verdict on the record as exported and
on copies of it with a refused action written in, a score changed or the last action left
out. A refactor of a game proves it changed nothing a client or a record can see by leaving
these digests as they were.

What the resampler deals is random, though seeded: a few states per match are resampled for
the seat to act (``Game.resample`` with a seeded rng) and the sample's views, hidden cards and
a few random actions played on from it go into a digest of their own, so that a game that
changes its resampler on purpose rewrites that digest alone (``--write-resample``), saying why
in its change.

To find a step's difference, dump the items on the commit before and after and diff the two
directories; the test names the first step whose digest differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "engines.json"
sys.path[:0] = [str(HERE.parent), str(HERE.parents[1])]

from engine.conformance_checks import choose, refusals, viewers  # noqa: E402

from app.engine import GAMES, TABLE, Action, ActionError, Game, GameState  # noqa: E402
from app.engine.records import export_record, validate_record  # noqa: E402

MAX_ACTIONS = 180
"""A match longer than this is cut short: Bismarck's twelve deals alone are 600 actions."""
RUNNING_EVERY = 6
"""Steps between digests of every seat's record of the running match, mid-deal."""
RESAMPLE_EVERY = 17
"""Steps between states resampled (where a seat is to act), from the fifth on."""
PLAYED_ON = 4
"""Actions played on from each sample."""
PREFIX = 2
"""Hex digits kept of the chained digest after each step, to name the first that differs."""
PROBES = 3
"""Actions of kinds other than ``play`` (bids, claims, melds) tried per step."""
INJECTED = 3
"""Refused actions of a deal written into copies of its record."""
PLAYERS = ("Anna", "Bertil", "Cecilia", "David", "Eva")

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "sixty_six": [
        {
            "german_phase2": True,
            "no_marriages_after_closing": True,
            "claims_only_immediately": True,
            "show_points": True,
            "target": 4,
        },
        {"winner_deals_next": True, "higher_total_wins": True, "target": 4},
    ],
    "german_whist": [{"scoring": "difference", "target": 3}],
}
"""Options beside each game's ``short_match``, where a game's own choice reaches more of its
rules than :func:`flipped` does (Sixty-six's every option, German Whist's other scoring)."""

SEEDS: dict[str, int] = {"sixty_six": 6, "german_whist": 2}
"""Matches per seat count and option set; one elsewhere."""

PATIENT_SEEDS: dict[str, int] = {
    "sixty_six": 5,
    "spades": 1,
    "partnership_pinochle": 1,
    "double_deck_pinochle": 1,
}
"""Matches per seat count and option set where no seat claims while it has anything else to
do, in the games with claims: random claims end most of their deals early, and the rules of
a deal played out would go unseen."""


def flipped(game: Game) -> dict[str, Any]:
    """Every option at a value other than its default (a switch turned, the last other
    choice), numbers without choices left alone: a match of random play still ends."""
    out: dict[str, Any] = {}
    for option in game.options:
        if isinstance(option.default, bool):
            out[option.name] = not option.default
        elif option.choices:
            out[option.name] = [c for c in option.choices if c != option.default][-1]
    return out


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The ``short_match`` options, then the game's others over them, each once."""
    short = dict(game.short_match)
    out = [game.resolve_options(short)]
    for given in OPTION_SETS.get(game.name, [flipped(game)]):
        resolved = game.resolve_options({**given, **short})
        if resolved not in out:
            out.append(resolved)
    return out


@dataclass(frozen=True)
class Case:
    game: Game
    seats: int
    options: dict[str, Any]
    patient: bool
    label: str


def cases(game: Game) -> list[Case]:
    out = []
    for k, options in enumerate(option_sets(game)):
        for seats in game.seat_counts:
            for seed in range(SEEDS.get(game.name, 1)):
                out.append(Case(game, seats, options, False, f"{seats}p-options{k}-seed{seed}"))
            for seed in range(PATIENT_SEEDS.get(game.name, 0)):
                label = f"{seats}p-options{k}-patient{seed}"
                out.append(Case(game, seats, options, True, label))
    return out


def patient_choice(game: Game, state: GameState, rng: random.Random) -> tuple[int, Action]:
    """The seat to act's action drawn from its legal shape, a claim only when it has
    nothing else to do."""
    seat = state.to_act
    assert seat is not None and seat != TABLE
    legal = game.legal(state, seat)
    assert legal is not None, "the seat to act has nothing to do"
    if "count" in legal:
        text = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    else:
        texts = [t for t in legal["actions"] if not t.startswith("claim")]
        text = rng.choice(texts or legal["actions"])
    return seat, game.parse_action(text)


# -- what goes into a digest -----------------------------------------------------------------------


def canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def refused(error: ActionError) -> dict[str, Any]:
    return {"code": error.code, "message": error.message, "detail": error.detail}


def attempt(state: GameState, seat: int, text: str, game: Game) -> dict[str, Any]:
    """What ``check`` says of ``seat``'s ``text``: the refusal, or who acts after it."""
    try:
        return {"to_act": state.check(seat, game.parse_action(text))}
    except ActionError as error:
        return refused(error)


def views(game: Game, state: GameState) -> list[Any]:
    """The spectator's view, then each seat's built on it as a room builds them (the
    conformance suite checks that a view built so equals one built afresh)."""
    public = game.view(state, None, None, None)
    return [public, *(game.view(state, seat, public, None) for seat in range(state.seats))]


def hidden(game: Game, state: GameState) -> list[Any] | None:
    if game.hidden_cards is None:
        return None
    return [game.hidden_cards(state, seat) for seat in viewers(state.seats)]


def running(game: Game, state: GameState) -> list[Any]:
    players = PLAYERS[: state.seats]
    return [
        export_record(game, state, players, seat=seat, whole=False) for seat in viewers(state.seats)
    ]


def verdict(doc: object) -> dict[str, Any]:
    return validate_record(json.loads(json.dumps(doc))).to_json("record")


def illegal(game: Game, state: GameState, rng: random.Random) -> tuple[int, str]:
    """One action the rules refuse now: of the conformance suite's, one drawn; while the
    table deals or after the match, a seat playing a card."""
    listed = refusals(game, state, rng)
    if listed:
        chosen = rng.choice(listed)
        return chosen.seat, str(chosen.action)
    card = rng.choice(game.pack.cards)
    return rng.randrange(state.seats), f"play:{card}"


def tampered(
    doc: dict[str, Any], log: list[list[Any]], refusals_in_deal: list[tuple[int, int, str]]
) -> list[Any]:
    """Verdicts on copies of a whole record: a refused action written in where it was
    refused (for records that list a deal's actions as played, ``log``), the last deal's
    scores changed, its last action left out."""
    out: list[Any] = []
    deals = doc.get("deals") or []
    if not deals:
        return out
    last = len(deals) - 1
    actions = deals[last].get("actions")
    if actions == log:
        for at, seat, text in refusals_in_deal:
            copy = json.loads(json.dumps(doc))
            copy["deals"][last]["actions"].insert(at, [seat, text])
            out.append(verdict(copy))
        if actions:
            copy = json.loads(json.dumps(doc))
            copy["deals"][last]["actions"].pop()
            out.append(verdict(copy))
    scores = deals[last].get("scores")
    if isinstance(scores, list) and scores and isinstance(scores[0], int):
        copy = json.loads(json.dumps(doc))
        copy["deals"][last]["scores"][0] += 1
        out.append(verdict(copy))
    return out


# -- playing ---------------------------------------------------------------------------------------


@dataclass
class Digests:
    play: Any = field(default_factory=hashlib.sha256)
    resample: Any = field(default_factory=hashlib.sha256)
    steps: list[str] = field(default_factory=list)
    """The chained play digest's first :data:`PREFIX` hex digits after each step."""


Sink = Callable[[str, Any], None]


def play(case: Case, sink: Sink | None = None) -> Digests:
    """Play ``case``'s match, feeding every item into its digests (and ``sink``, for a dump:
    ``("play" | "resample", item)``)."""
    game, seats = case.game, case.seats
    tag = f"{game.name}:{case.label}"
    rng = random.Random(f"golden:{tag}")
    refusing = random.Random(f"golden refusals:{tag}")
    out = Digests()

    def feed(part: str, item: Any) -> None:
        data = canonical(item)
        (out.play if part == "play" else out.resample).update(data + b"\n")
        if sink is not None:
            sink(part, item)

    state: GameState = game.new_match(seats, case.options, rng.randrange(seats))
    players = PLAYERS[:seats]
    in_deal: list[tuple[int, int, str]] = []  # refused actions of the deal in progress
    deal_log: list[list[Any]] = []  # the seats' actions of the deal in progress
    others: set[str] = set()  # the texts of other kinds any seat has been offered
    feed("play", {"step": 0, "views": views(game, state), "hidden": hidden(game, state)})
    step = 0
    while not state.is_over and step < MAX_ACTIONS:
        step += 1
        before = state.deals_played
        if state.to_act == TABLE:
            seat, action = TABLE, game.chance(state, rng)
            in_deal, deal_log = [], []
        else:
            seat, action = (patient_choice if case.patient else choose)(game, state, rng)
            deal_log.append([seat, str(action)])
        state.apply(seat, action)
        item: dict[str, Any] = {
            "step": step,
            "action": [seat, str(action)],
            "views": views(game, state),
            "hidden": hidden(game, state),
            "legal_actions": [[str(a) for a in state.legal_actions(s)] for s in range(seats)],
        }
        for listed in item["legal_actions"]:
            others.update(t for t in listed if not t.startswith(("play:", "deal:")))
        tried = [illegal(game, state, refusing)]
        for text in refusing.sample(sorted(others), min(PROBES, len(others))):
            tried.append((refusing.randrange(seats), text))
        item["tried"] = [[*wrong, attempt(state, *wrong, game)] for wrong in tried]
        if state.to_act not in (None, TABLE):
            in_deal.extend(
                (len(deal_log), by, t) for by, t, said in item["tried"] if "code" in said
            )
        if step % RUNNING_EVERY == 0:
            item["running"] = running(game, state)
        if state.deals_played > before or state.is_over:
            whole = export_record(game, state, players)
            item["deal_end"] = {
                "whole": whole,
                "running": running(game, state),
                "scored_deals": [
                    {
                        "number": d.number,
                        "dealer": d.dealer,
                        "scores": list(d.scores),
                        "detail": dict(d.detail),
                    }
                    for d in game.scored_deals(state, 0)
                ],
                "scoresheet": game.scoresheet(seats, case.options, game.scored_deals(state, 0)),
                "outcome": _outcome(game, state),
                "verdict": verdict(whole),
                "tampered": tampered(
                    whole, deal_log, refusing.sample(in_deal, min(INJECTED, len(in_deal)))
                ),
            }
        feed("play", item)
        out.steps.append(out.play.copy().hexdigest()[:PREFIX])
        if step % RESAMPLE_EVERY == 5 and state.to_act not in (None, TABLE):
            feed("resample", resampled(game, state, random.Random(f"resample:{tag}:{step}")))
    return out


def _outcome(game: Game, state: GameState) -> Any:
    outcome = game.outcome(state)
    if outcome is None:
        return None
    return {"termination": outcome.termination.value, "winners": list(outcome.winners)}


def resampled(game: Game, state: GameState, rng: random.Random) -> dict[str, Any]:
    """The seat to act's view dealt anew: the sample's every view and hidden cards, then
    the same after each of a few random actions played on from it."""
    seat = state.to_act
    assert seat is not None and game.resample is not None
    shown = game.view(state, seat, None, None)
    try:
        sample: GameState = game.resample(shown, rng)
    except ValueError as error:
        return {"seat": seat, "error": str(error)}
    out: list[Any] = [{"views": views(game, sample), "hidden": hidden(game, sample)}]
    for _ in range(PLAYED_ON):
        if sample.to_act in (None, TABLE):
            break
        actor, action = choose(game, sample, rng)
        sample.apply(actor, action)
        out.append({"action": [actor, str(action)], "views": views(game, sample)})
    return {"seat": seat, "sample": out}


def notation(game: Game) -> list[Any]:
    """How the game reads texts that are no action of it, and refuses actions built by hand
    that no text parses to."""
    out: list[Any] = []
    for text in (
        "play:ZZ",
        "play:",
        "deal:AS",
        "marriage:X",
        "exchange:1",
        "claim:x",
        "close:9",
        "bid:abc",
        "nonsense",
        "",
        42,
    ):
        try:
            out.append([repr(text), str(game.parse_action(text))])
        except ActionError as error:
            out.append([repr(text), refused(error)])
    return out


def capture(game: Game, sink: Callable[[str, str, Any], None] | None = None) -> dict[str, Any]:
    """Every digest of one game: ``play`` and ``resample`` per match, ``steps`` the chained
    prefixes."""
    matches: dict[str, Any] = {}
    resamples: dict[str, str] = {}
    for case in cases(game):
        bound = None if sink is None else (lambda part, item, c=case: sink(c.label, part, item))
        digests = play(case, bound)
        matches[case.label] = {
            "play": digests.play.hexdigest(),
            "steps": "".join(digests.steps),
        }
        resamples[case.label] = digests.resample.hexdigest()
    return {
        "notation": hashlib.sha256(canonical(notation(game))).hexdigest(),
        "matches": matches,
        "resample": resamples,
    }


def first_difference(golden: str, produced: str) -> int | None:
    """The first step (from 1) whose chained prefix differs."""
    step = PREFIX
    for k in range(0, max(len(golden), len(produced)), step):
        if golden[k : k + step] != produced[k : k + step]:
            return k // step + 1
    return None


# -- the file --------------------------------------------------------------------------------------


def read() -> dict[str, Any]:
    if not GOLDEN.exists():
        return {}
    found: dict[str, Any] = json.loads(GOLDEN.read_text())
    return found


def write(found: Mapping[str, Any]) -> None:
    GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")


def games(names: list[str]) -> Iterator[Game]:
    for name in names or list(GAMES):
        yield GAMES[name]


class Dump:
    """The items of one game's matches, one JSON line each, in a file per match and part."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.files: dict[tuple[str, str], Any] = {}

    def __call__(self, label: str, part: str, item: Any) -> None:
        key = (label, part)
        if key not in self.files:
            self.directory.mkdir(parents=True, exist_ok=True)
            self.files[key] = (self.directory / f"{label}-{part}.jsonl").open("w")
        self.files[key].write(json.dumps(item, sort_keys=True) + "\n")

    def close(self) -> None:
        for handle in self.files.values():
            handle.close()


def dump(directory: Path, names: list[str]) -> None:
    for game in games(names):
        sink = Dump(directory / game.name)
        try:
            capture(game, sink)
        finally:
            sink.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", nargs="*", metavar="GAME")
    group.add_argument("--write-resample", nargs="+", metavar="GAME")
    group.add_argument("--dump", type=Path)
    parser.add_argument("games", nargs="*", help="with --dump: the games (default: all)")
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.dump, args.games)
        return
    found = read()
    if args.write is not None:
        for game in games(args.write):
            found[game.name] = capture(game)
    else:
        for game in games(args.write_resample):
            found[game.name]["resample"] = capture(game)["resample"]
    write(found)


if __name__ == "__main__":
    main()

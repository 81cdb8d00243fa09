"""Each forehand chooses each contract once: what the Bismarck games share of their contracts.

Over a match a player, as forehand, plays every contract of the game exactly once; the
contracts a forehand has left are those still unmarked in its row of the protocol, and the
last of them is forced. One contract of each game has its trump named by forehand (Swedish
valfri, Finnish free): it is offered once per suit.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..cards import SUITS, Card, is_card
from ..errors import IllegalAction, MalformedAction


def contract_action(contract: str, trump: str | None = None) -> Action:
    return Action("contract", f"{contract}:{trump}" if trump else contract)


def contract_choices(left: Sequence[str], named: str) -> list[Action]:
    """Every contract action of the contracts ``left``, the one whose trump forehand names
    (``named``) once per suit."""
    choices: list[Action] = []
    for contract in left:
        if contract == named:
            choices.extend(contract_action(named, s) for s in SUITS)
        else:
            choices.append(contract_action(contract))
    return choices


def parse_contract(arg: str, contracts: Sequence[str], named: str) -> tuple[str, str]:
    """A contract's text read: its name and the trump named after it (``""`` if none), or
    :class:`MalformedAction`; ``named`` is the contract whose trump forehand names."""
    name, colon, trump = arg.partition(":")
    if colon and not trump:
        raise MalformedAction(f"a trump suit follows the colon: contract:{named}:H")
    if name not in contracts:
        raise MalformedAction(f"unknown contract {name[:20]!r}", {"contracts": list(contracts)})
    if trump and trump not in SUITS:
        raise MalformedAction(f"unknown trump suit {trump[:20]!r}")
    return name, trump


def card_list(arg: str, kind: str, some: bool = False) -> list[Card]:
    """The cards an action of ``kind`` names, separated by commas (``some``: at least one),
    or :class:`MalformedAction`."""
    cards = arg.split(",") if arg else []
    if some and not cards:
        raise MalformedAction(f"'{kind}' takes cards separated by commas")
    for card in cards:
        if not is_card(card):
            raise MalformedAction(f"'{kind}' takes cards separated by commas, got {card[:20]!r}")
    return cards


def already_used(contract: str, left: Sequence[str], message: str) -> IllegalAction:
    """The refusal of a contract forehand has played (its X is already in the protocol)."""
    return IllegalAction(
        "contract_already_used", message, {"contract": contract, "left": list(left)}
    )

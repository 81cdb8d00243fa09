"""Bismarck's scoresheet, the Swedish protocol (rules §9)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..game import Options, ScoredDeal
from ..trick_game import Sheet, columns
from .rules import CONTRACTS, VALFRI


def _suit_shown(contract: str, trump: str | None) -> str | None:
    # Only valfri names its trump; spader's is in its name.
    return trump if contract == VALFRI else None


class ProtocolSheet(Sheet):
    """The base's deal lines (forehand, the contract, the tricks) and running totals, and
    the protocol's grid beside them: a row of ``contracts`` per seat, each marked (the X)
    with the deal where that seat played it as forehand; the browser and the CSV draw it as
    it is (Finnish Bismarck's too, with its ``teams``)."""

    def __init__(
        self,
        tricks_label: str = "sheet.tricks",
        contracts: Sequence[str] = CONTRACTS,
        suit_shown: Callable[[str, str | None], str | None] = _suit_shown,
        tricks: Callable[[Any], list[Any]] = list,
        teams: Sequence[Sequence[int]] = (),
    ) -> None:
        tricks_column = {"key": "tricks", "label": tricks_label, "kind": "per_seat"}
        super().__init__([*columns("forehand:seat contract:term"), tricks_column], self.line, teams)
        self.contracts = contracts
        self.suit_shown = suit_shown
        self.tricks = tricks

    def line(self, detail: Mapping[str, Any]) -> dict[str, Any]:
        contract = detail["contract"]
        term: dict[str, Any] = {"term": f"contract.{contract}"}
        suit = self.suit_shown(contract, detail["trump"])
        if suit is not None:
            term["suit"] = suit
        return {
            "forehand": detail["forehand"],
            "contract": term,
            "tricks": self.tricks(detail["tricks"]),
        }

    def extend(
        self, sheet: dict[str, Any], seats: int, options: Options, deals: Sequence[ScoredDeal]
    ) -> None:
        rows: list[dict[str, Any]] = [dict.fromkeys(self.contracts) for _ in range(seats)]
        for deal in deals:
            contract, forehand = deal.detail["contract"], deal.detail["forehand"]
            suit = self.suit_shown(contract, deal.detail["trump"])
            mark = {"deal": deal.number, "suit": suit, "score": deal.scores[forehand]}
            rows[forehand][contract] = mark
        sheet["grid"] = {
            "label": "sheet.contracts",
            "columns": [{"key": c, "label": f"contract.{c}"} for c in self.contracts],
            "rows": [{"seat": seat, "cells": cells} for seat, cells in enumerate(rows)],
        }


SHEET = ProtocolSheet()

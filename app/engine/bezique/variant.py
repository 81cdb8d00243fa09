"""The two bezique games as data: what tells them apart, rubicon bezique (four packs,
bezique-rubicon.md) and Chinese bezique (six packs, chinese-bezique.md, "rubicon bezique
with the changes below"), the options both take and the trick duties of each part of a deal
(rubicon §5 and §9, Clarification 17; Chinese §7). One state machine plays both; nothing
here knows a state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Final

from ..cards import Card, Suit
from ..game import Option, Options, Pack
from ..tricks import Heading, TrickRules

RANKS: Final = "ATKQJ987"
"""The rank order of every bezique pack, high to low (rubicon §1)."""
CODES: Final = tuple(r + s for s in "SHDC" for r in RANKS)
"""Every card's code, in the order cards are listed (suits S H D C, ranks high to low)."""
COURT: Final = frozenset("KQJ")
"""The court cards, whose absence makes carte blanche (rubicon §1, §8)."""
BRISQUE_RANKS: Final = frozenset("AT")
BRISQUE: Final = 10
"""What an ace or a ten won in a trick is worth when brisques are counted (rubicon §10)."""
RUBICON_BONUS: Final = 1000
"""What a winner scores over both totals when the loser is rubiconed (rubicon §10, Chinese §6)."""
PAIRED_SUIT: Final[dict[Suit, Suit]] = {"S": "D", "D": "S", "H": "C", "C": "H"}
"""Chinese §3: the bezique is the queen of trumps with the jack of this suit."""


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    summary: str
    packs: int
    hand_size: int
    packet: int
    """Cards dealt to a player at a time: 1 (rubicon §3) or 3 (Chinese §2)."""
    carte_blanche: int
    """What carte blanche scores, and each later non-court draw shown (rubicon §8)."""
    last_trick: int
    brisques: bool
    """Whether aces and tens won may count at the end of a deal (rubicon §10; never in
    Chinese §6)."""
    rubicon_under: int
    """A loser whose total is below this is rubiconed."""
    game_bonus: int
    """What a winner scores over the difference when the loser is not rubiconed (rubicon
    §10: 500; Chinese §6: 1000)."""
    bezique_by_trump: bool
    """Chinese §3: the bezique's cards depend on trumps, and it needs trumps."""
    trump_fours: bool
    """Chinese §5: four aces, tens, kings, queens or jacks of trumps."""
    no_trump_twice: bool
    """Chinese §4: the previous deal's trump suit cannot become trumps."""

    @cached_property
    def pack(self) -> Pack:
        return Pack(RANKS, copies=self.packs)

    @property
    def stock_size(self) -> int:
        return self.pack.size - 2 * self.hand_size

    @property
    def stock_tricks(self) -> int:
        """Tricks played while the stock lasts: each ends with two cards drawn."""
        return self.stock_size // 2

    @property
    def tricks(self) -> int:
        """Every trick of a deal: the stock's, then a hand's worth without one."""
        return self.stock_tricks + self.hand_size

    def bezique_cards(self, trump: Suit | None) -> tuple[Card, Card] | None:
        """The queen and the jack of a bezique under ``trump``; ``None`` when there is none
        (Chinese, before trumps are known)."""
        if not self.bezique_by_trump:
            return ("QS", "JD")
        if trump is None:
            return None
        return ("Q" + trump, "J" + PAIRED_SUIT[trump])


RUBICON: Final = Variant(
    name="bezique_rubicon",
    title="Rubicon bezique",
    summary=(
        "Two-player bezique with four packs: declare marriages, beziques and fours while the"
        " stock lasts, then play out the last nine tricks; a loser under 1000 is rubiconed."
    ),
    packs=4,
    hand_size=9,
    packet=1,
    carte_blanche=50,
    last_trick=50,
    brisques=True,
    rubicon_under=1000,
    game_bonus=500,
    bezique_by_trump=False,
    trump_fours=False,
    no_trump_twice=False,
)

CHINESE: Final = Variant(
    name="chinese_bezique",
    title="Chinese bezique",
    summary=(
        "Six-pack bezique for two: the bezique and the fours of trumps follow the trump suit,"
        " carte blanche and the last trick score 250, and a loser under 3000 is rubiconed."
    ),
    packs=6,
    hand_size=12,
    packet=3,
    carte_blanche=250,
    last_trick=250,
    brisques=False,
    rubicon_under=3000,
    game_bonus=1000,
    bezique_by_trump=True,
    trump_fours=True,
    no_trump_twice=True,
)

OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "deals",
        4,
        "Deals in a match; each deal is a game, and the match adds up their game scores.",
        minimum=1,
        maximum=20,
    ),
    Option(
        "must_win_endgame",
        False,
        "In the tricks played once the stock is gone, a player following suit must play a "
        "higher card than the one led if able.",
    ),
    Option(
        "round_to_hundreds",
        False,
        "Each player's final total counts only in whole hundreds (rounded down) when the "
        "game score is worked out; the winner is decided on the exact totals.",
    ),
)

WHILE_STOCK: Final = TrickRules(follow_suit=False, ranks=RANKS)
"""While the stock lasts any card may be played (rubicon §5)."""
ENDGAME: Final = TrickRules(follow_suit=True, trump_when_void=True, ranks=RANKS)
"""Once the stock is gone: follow suit, else trump, else any card (rubicon §9)."""
ENDGAME_MUST_WIN: Final = TrickRules(
    follow_suit=True, heading=Heading.ALWAYS, trump_when_void=True, ranks=RANKS
)
"""Option ``must_win_endgame``: a player following suit must also beat the card led if
able, a trump lead included; there is no duty to over-trump (Clarification 17)."""


def endgame_rules(options: Options) -> TrickRules:
    return ENDGAME_MUST_WIN if options["must_win_endgame"] else ENDGAME

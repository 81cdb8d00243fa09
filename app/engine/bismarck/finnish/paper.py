"""Finnish Bismarck kept on paper (``app/engine/paper.py``): per deal, forehand's contract
(one of those forehand has left), its trump for ``trump`` (the suit of open card 1, which
the table saw) and ``free`` (forehand's choice), and each player's tricks.

What happens to the cards is not entered, so the paper cannot check the exchange, that
``trump``'s suit is really open card 1's, or the play: the table answers for those.
"""

from __future__ import annotations

from ..paper import contract_paper
from .rules import FREE, TRICKS, TRUMP, deal_scores, forehand_of
from .state import Match

PAPER = contract_paper(
    Match,
    (TRUMP, FREE),
    TRICKS,
    lambda seats, dealer: {"forehand": forehand_of(dealer)},
    lambda contract, deal, tricks: deal_scores(contract, deal.dealer, tricks),
)

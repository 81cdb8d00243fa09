"""What the pinochle games' computer players share; no game of its own (no ``GAME``, no
``LEVELS``), so a game's bots package may import it where it may not import another
game's.

- ``model.py`` and ``fitting.py``: the linear hand models and their least-squares fits (the
  auction game's and the partnership games' alike).
- The players of the two partnership pinochles (partnership auction pinochle and double-deck
  pinochle), one for both as their engine is one: ``deck.py`` (a variant's pack as the bots
  read it), ``estimate.py`` (a hand's worth to its side, with a game's fitted ``Tuning``),
  ``bidding.py`` (the auction and the trump), ``seen.py`` and ``policy.py`` (the card play),
  ``basic.py`` (the basic level), ``playout.py`` (the simulator), ``agreement.py`` and
  ``strong.py`` (the strong level), ``calibrate.py`` (fitting a game's ``Tuning``).
"""

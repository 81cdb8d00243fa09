"""Parts the pinochle games share: the melds and their tables (``melds``), and the one state
machine of the four-player partnership pinochles (``partnership``). Not a game: no ``GAME``
here; each game's own package chooses its table and its variant."""

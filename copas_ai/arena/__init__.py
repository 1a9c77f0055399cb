"""The arena: duplicate tournaments between engines and bots.

    python -m copas_ai arena auto:iterations=2000 random --deals 200

Players are spec strings (players.py); every deal is replayed with the players
rotated through the seats (schedule.py); games run on local processes or a Ray
cluster (backends.py); each finished game is a line of a JSON Lines file
(results.py) from which the statistics (stats.py) are recomputed.
"""

from copas_ai.arena.players import PlayerSpec, parse_player
from copas_ai.arena.config import ArenaConfig
from copas_ai.arena.runner import RunOptions, run_arena
from copas_ai.arena.schedule import Game, arrangements
from copas_ai.arena.stats import Summary, summarize

__all__ = ["ArenaConfig", "Game", "PlayerSpec", "RunOptions", "Summary", "arrangements", "parse_player", "run_arena", "summarize"]

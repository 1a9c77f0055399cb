"""copas_ai: a fast, strong Hearts ("Copas") engine with a C++ core."""

from copas_ai._core import (
    Card,
    CardSet,
    FirstLead,
    Goal,
    HeartsBreak,
    IllegalMoveError,
    InvalidCardError,
    InvalidPositionError,
    MoonRule,
    Position,
    RuleSet,
    TieRule,
    Solver,
    WorldSampler,
    deal,
    heuristic_card,
    heuristic_pass,
    match_outcome,
    random_hands,
)
from copas_ai.search import Limit, Searcher, SearchResult, world_from_view
from copas_ai.variants import Variant, VariantNotFoundError, find_variant, variant_ids

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardSet",
    "FirstLead",
    "Goal",
    "HeartsBreak",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidPositionError",
    "MoonRule",
    "Position",
    "RuleSet",
    "TieRule",
    "Variant",
    "VariantNotFoundError",
    "Limit",
    "SearchResult",
    "Searcher",
    "Solver",
    "WorldSampler",
    "deal",
    "heuristic_card",
    "heuristic_pass",
    "world_from_view",
    "find_variant",
    "match_outcome",
    "random_hands",
    "variant_ids",
]

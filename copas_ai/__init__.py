"""copas_ai: a fast, strong Hearts ("Copas") engine with a C++ core."""

from pathlib import Path as _Path

from copas_ai import _checkout

if _checkout.is_unbuilt(_Path(__file__).resolve().parent):
    # The repository's source folder was found first (see _checkout.py): the installed
    # build takes its place in sys.modules, and the names below are read from it.
    _checkout.installed_instead(_Path(__file__).resolve().parent)

from copas_ai._core import (
    Card,
    CardSet,
    FirstLead,
    Goal,
    HeartsBreak,
    IllegalMoveError,
    KittyTaker,
    KittyUse,
    InvalidCardError,
    InvalidPositionError,
    MatchState,
    MoonRule,
    Position,
    RuleSet,
    TieRule,
    Solver,
    WorldSampler,
    add_hand_to_match,
    deal,
    heuristic_card,
    heuristic_discard,
    heuristic_pass,
    match_outcome,
    random_hands,
    solver_unsupported,
)
from copas_ai.search import Limit, Searcher, SearchResult, world_from_view
from copas_ai.variants import (
    Variant,
    VariantNotFoundError,
    VariantOption,
    catalogue_ids,
    find_option,
    find_variant,
    option_ids,
    variant_ids,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardSet",
    "FirstLead",
    "Goal",
    "HeartsBreak",
    "IllegalMoveError",
    "KittyTaker",
    "KittyUse",
    "InvalidCardError",
    "InvalidPositionError",
    "MoonRule",
    "Position",
    "RuleSet",
    "TieRule",
    "Variant",
    "VariantNotFoundError",
    "VariantOption",
    "catalogue_ids",
    "find_option",
    "option_ids",
    "Limit",
    "SearchResult",
    "Searcher",
    "Solver",
    "WorldSampler",
    "deal",
    "heuristic_card",
    "heuristic_discard",
    "heuristic_pass",
    "world_from_view",
    "find_variant",
    "match_outcome",
    "MatchState",
    "add_hand_to_match",
    "solver_unsupported",
    "random_hands",
    "variant_ids",
]

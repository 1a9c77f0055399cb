"""The variant registry: ids -> RuleSet, following docs/RULES.md.

A variant id is a base id, optionally followed by options (§0.4):
`copas-fora+qs-forced+reverse-moon=conditional`. The base variants and the
options are declared as data by the family modules; this module assembles them,
parses ids and gives each combination one canonical id (options in registry
order), so equal rules always carry the same name.
"""

from __future__ import annotations

from copas_ai._core import RuleSet
from copas_ai.variants import (auction, base_games, cancellation, chips, domino, families, gong_zhu, pass_options,
                               play_options, queens, scoring_options, turbo, two_deck, two_player, uno_hearts)
from copas_ai.variants.types import Variant, VariantNotFoundError, VariantOption

__all__ = ["Variant", "VariantNotFoundError", "VariantOption", "find_variant", "variant_ids",
           "option_ids", "find_option", "catalogue_ids"]

_VARIANTS: dict[str, Variant] = {
    v.id: v for v in (*base_games.VARIANTS, *families.VARIANTS, *turbo.VARIANTS, *queens.VARIANTS, *gong_zhu.VARIANTS,
                         *chips.VARIANTS, *two_player.VARIANTS, *auction.VARIANTS,
                         *domino.VARIANTS, *two_deck.VARIANTS, *cancellation.VARIANTS, *uno_hearts.VARIANTS)}
_OPTIONS: dict[str, VariantOption] = {
    o.id: o for o in (*play_options.OPTIONS, *pass_options.OPTIONS, *scoring_options.OPTIONS, *families.OPTIONS,
                      *gong_zhu.OPTIONS, *chips.OPTIONS, *domino.OPTIONS, *two_deck.OPTIONS,
                      *uno_hearts.OPTIONS)}


def variant_ids() -> list[str]:
    """Every base variant id, in registry order."""
    return list(_VARIANTS)


def option_ids() -> list[str]:
    """Every option id, in registry order (the canonical order inside an id)."""
    return list(_OPTIONS)


def find_option(option_id: str) -> VariantOption:
    try:
        return _OPTIONS[option_id]
    except KeyError:
        raise VariantNotFoundError(
            f"unknown option '{option_id}'; known: {', '.join(_OPTIONS) or 'none'}") from None


def catalogue_ids() -> list[str]:
    """What the protocol's `variants` lists: each base, then each option on each
    base the seeds say it applies to (with the options it requires)."""
    ids = list(_VARIANTS)
    for option in _OPTIONS.values():
        ids += [find_variant("+".join((base, *option.requires, option.id))).id
                for base in option.family if base in _VARIANTS]
    return ids


def find_variant(name: str) -> Variant:
    """The variant with this id (case-insensitive), options included; raises
    VariantNotFoundError naming what is wrong."""
    base_id, *tokens = name.strip().lower().split("+")
    try:
        base = _VARIANTS[base_id]
    except KeyError:
        raise VariantNotFoundError(
            f"unknown variant '{base_id}'; known: {', '.join(_VARIANTS)}") from None
    if not tokens:
        return base
    chosen = _parse_options(name, tokens)
    _check_combination(name, chosen)
    ordered = [(option, chosen[option.id]) for option in _OPTIONS.values() if option.id in chosen]
    return _combine(base, ordered)


def _parse_options(name: str, tokens: list[str]) -> dict[str, str | None]:
    chosen: dict[str, str | None] = {}
    for token in tokens:
        option_id, has_value, value = token.partition("=")
        option = find_option(option_id)
        if option_id in chosen:
            raise VariantNotFoundError(f"variant '{name}': option {option_id} given twice")
        if has_value and not option.values:
            raise VariantNotFoundError(f"variant '{name}': option {option_id} takes no value")
        if has_value and not value:
            raise VariantNotFoundError(f"variant '{name}': option {option_id}= needs {option.values}")
        chosen[option_id] = value if has_value else None
    return chosen


def _check_combination(name: str, chosen: dict[str, str | None]) -> None:
    for option_id in chosen:
        option = _OPTIONS[option_id]
        missing = [r for r in option.requires if r not in chosen]
        if missing:
            raise VariantNotFoundError(
                f"variant '{name}': option {option_id} requires {', '.join(missing)}")
        clash = [c for c in option.conflicts if c in chosen]
        if clash:
            raise VariantNotFoundError(
                f"variant '{name}': option {option_id} cannot be combined with {', '.join(clash)}")


def _combine(base: Variant, ordered: list[tuple[VariantOption, str | None]]) -> Variant:
    tokens = tuple(option.id if value is None else f"{option.id}={value}" for option, value in ordered)

    foreign = [option.id for option, _ in ordered if option.build_args and base.id not in option.family]
    if foreign:  # its base's builder makes it: no other base has it (not merely unverified, §0.4)
        raise VariantNotFoundError(f"variant '{'+'.join((base.id, *tokens))}': option {foreign[0]} is for "
                                   f"{', '.join(_OPTIONS[foreign[0]].family)} only")
    build_args = {key: value for option, _ in ordered for key, value in option.build_args}

    def build(players: int) -> RuleSet:
        rules = base._build(players, **build_args)  # the base's own refusal, not its seat-count message
        for option, value in ordered:
            option.apply(rules, value)
        return rules

    variant_id = "+".join((base.id, *tokens))
    try:  # Variant builds the rules for each seat count: a bad value is refused when the id is read
        variant = Variant(
            id=variant_id,
            name=f"{base.name} + " + ", ".join(option.name for option, _ in ordered),
            min_players=min([base.min_players] + [o.min_players for o, _ in ordered if o.min_players]),
            max_players=base.max_players,
            default_players=base.default_players, goal=base.goal,
            source=base.source + "; " + ", ".join(f"{o.id}: {o.source}" for o, _ in ordered),
            _build=build, base=base.id, options=tokens,
            unverified=tuple(option.id for option, _ in ordered if base.id not in option.family),
        )
    except ValueError as exc:
        raise VariantNotFoundError(f"variant '{variant_id}': {exc}") from None
    return variant

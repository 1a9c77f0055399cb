"""Variant ids with options (docs/RULES.md §0.4): parsing, canonical order, errors,
and the engine's Variant option and `variants` listing."""

from pathlib import Path

import pytest

import copas_ai as ca
from copas_ai.cep.facade import Engine, CommandError


def test_options_combine_in_registry_order_whatever_order_they_are_written():
    a = ca.find_variant("copas-fora+target-200+fatal-ace")
    b = ca.find_variant("COPAS-FORA+fatal-ace+target-200")
    assert a.id == b.id
    assert a.options == b.options and a.base == "copas-fora"
    assert a.id.split("+")[1:] == [o for o in ca.option_ids() if o in ("target-200", "fatal-ace")]


def test_copas_fora_target_200_moves_only_the_target():
    plain = ca.find_variant("copas-fora").rules()
    rules = ca.find_variant("copas-fora+target-200").rules()
    assert (plain.target, rules.target) == (100, 200)
    assert rules.card_points == plain.card_points and rules.tie_rule == plain.tie_rule


def test_copas_fora_fatal_ace_ah_is_5_and_the_moon_gives_30():
    rules = ca.find_variant("copas-fora+fatal-ace").rules()
    assert rules.card_points[ca.Card.from_str("AH")] == 5
    assert rules.total_points == 30 and rules.moon_value == 30


def test_copas_fora_tie_stands_sets_the_tie_rule():
    assert ca.find_variant("copas-fora+tie-stands").rules().tie_rule == ca.TieRule.STANDS


def test_copas_fora_hearts_anytime_a15_frees_hearts_on_trick_one_but_not_the_queen():
    rules = ca.find_variant("copas-fora+hearts-anytime").rules()
    assert rules.hearts_break == ca.HeartsBreak.NEVER
    assert rules.first_trick_banned == ca.CardSet.from_str("QS")


def test_option_outside_its_family_is_allowed_and_flagged_unverified():
    # §0.4: options are stated for copas-fora and its family; elsewhere allowed, flagged.
    assert ca.find_variant("american+target-200").unverified == ("target-200",)
    assert ca.find_variant("copas-fora+target-200").unverified == ()


@pytest.mark.parametrize("bad, message", [
    ("copas-fora+nope", "unknown option 'nope'"),
    ("nope+target-200", "unknown variant 'nope'"),
    ("copas-fora+target-200+target-200", "given twice"),
    ("copas-fora+target-200=300", "takes no value"),
    ("copas-fora+", "unknown option ''"),
    # Off its family an option may build rules the core cannot play: refused when the id is
    # read, not at the first deal (gong-zhu's super charges, betting-chips' chips).
    ("american+super-charge", "unsupported rules: super charges"),
    ("copas-fora+start-chips", "unsupported rules: chips"),
])
def test_bad_variant_ids_are_refused_with_the_reason(bad, message):
    with pytest.raises(ca.VariantNotFoundError, match=message):
        ca.find_variant(bad)


def test_catalogue_lists_each_option_on_each_base_of_its_family():
    ids = ca.catalogue_ids()
    assert ids[:len(ca.variant_ids())] == ca.variant_ids()
    for option_id in ca.option_ids():
        option = ca.find_option(option_id)
        for base in (b for b in option.family if b in ca.variant_ids()):
            # an option that requires others is listed with them (qs-opens-hearts)
            assert ca.find_variant("+".join((base, *option.requires, option_id))).id in ids
    assert "copas-fora+lead-after-heart+qs-opens-hearts" in ids


def test_engine_variant_option_takes_any_valid_id_and_names_a_bad_one():
    engine = Engine()
    engine.set_option("Variant", "copas-fora+fatal-ace+target-200")
    assert engine.options.variant == "copas-fora+fatal-ace+target-200"
    with pytest.raises(CommandError, match="unknown option 'nope'"):
        engine.set_option("Variant", "copas-fora+nope")
    assert engine.options.variant == "copas-fora+fatal-ace+target-200"


def _registry_table_ids(heading: str) -> list[str]:
    """The first column of the table after `heading` in docs/RULES.md §0.5."""
    text = (Path(__file__).resolve().parent.parent / "docs/RULES.md").read_text(encoding="utf-8")
    section = text[text.index("### 0.5 "):]
    lines = section[section.index(heading):].splitlines()[1:]
    rows = []
    for line in lines:
        if rows and not line.startswith("|"):
            break
        if line.startswith("| `"):
            rows.append(line.split("`")[1])
    return rows


def test_rules_md_registry_tables_list_every_base_and_option_in_registry_order():
    """docs/RULES.md §0.5 is the registry's reference: its tables name every base
    (`variant_ids()`) and every option (`option_ids()`), in registry order."""
    assert _registry_table_ids("Base variants") == ca.variant_ids()
    assert _registry_table_ids("| option |") == ca.option_ids()

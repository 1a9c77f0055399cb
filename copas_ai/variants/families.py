"""The other base variants that are rules as data: `three-five` (§4), `negative-scoring`
(§5), `spanish` (§7), `spot` (§10), `black-maria` (§12), `rook` (§16) and `classic-3to6` (§22).

Each variant is a function that fills a RuleSet; the core decides every rule from
those fields. Those "identical to Copas Fora except ..." start from copas-fora.
The kitty deal method (`+kitty`, `+kitty-peek`, `+kitty-use`): added to a trick, or
into the taker's hand with a discard (`+kitty-use`, bare = `=into-hand`); not here
yet: spanish+sixes-extend (the next variants issue).
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, FirstLead, Goal, HeartsBreak, KittyTaker, KittyUse, MoonRule, RuleSet, TieRule
from copas_ai.variants.types import Variant, VariantOption, option_choice
from copas_ai.variants.base_games import _copas_fora
from copas_ai.variants.play_options import extend_trigger

_HEARTS = CardSet.suit(2)
_QS = Card.from_str("QS")
_FACES = "23456789TJQKA"


def _cards(text: str) -> CardSet:
    return CardSet.from_str(text) if text else CardSet()


def _deal_whole_deck(rules: RuleSet, removed: str) -> None:
    """The full 52 less `removed` (e.g. "2C,2D"), dealt out evenly: no kitty."""
    rules.deck = CardSet.full_deck() - _cards(removed)
    rules.hand_size = len(rules.deck) // rules.players
    if rules.hand_size * rules.players != len(rules.deck):
        raise ValueError(f"{len(rules.deck)} cards do not deal evenly to {rules.players} players")


def _set_values(rules: RuleSet, points: dict[Card, int], moon_value: int) -> None:
    """Card values; the penalty cards, the moon's cards and the moon's value follow."""
    rules.card_points = points
    rules.point_cards = CardSet([card for card, value in points.items() if value > 0])
    rules.moon_cards = rules.point_cards
    rules.moon_value = moon_value


# The pass cycles of three-five (§4 L139-141): 3 players "may be" L, R, none;
# 5 players "must be" L, R, 2nd-left, 2nd-right, none.
_PASS_CYCLES = {
    3: [("left", 3), ("right", 3), ("none", 0)],
    4: [("left", 3), ("right", 3), ("across", 3), ("none", 0)],
    5: [("left", 3), ("right", 3), ("2nd-left", 3), ("2nd-right", 3), ("none", 0)],
}


def _three_five(players: int) -> RuleSet:
    # S000 L123-145, deal method deck-mod: 3 players drop the 2♦ (17 each, the 2♣
    # leads); 5 players drop the 2♦ and the 2♣ (10 each, the 3♣ holder leads it:
    # the core's opening card is the lowest club in play when the 2♣ is out).
    if players not in (3, 5):
        raise ValueError("§4 deals to 3 or 5 players; 4 play copas-fora")
    r = _copas_fora(players)
    _deal_whole_deck(r, "2D" if players == 3 else "2C,2D")
    r.pass_cycle = _PASS_CYCLES[players]
    return r


def _negative_scoring(players: int) -> RuleSet:
    # S000 L147-153: hearts -1, Q♠ -13, 10♦ +10, the highest total wins once one is
    # at -100 or below (A30a); the moon needs the 10♦ too and gives the shooter +26,
    # the others 0 (A30b: kSelfMinus with a negative value: -(-26)); the 10♦ may be
    # played on trick 1 (A30d: only hearts and the Q♠ are penalty cards for R1).
    r = _copas_fora(players)
    points = {card: -1 for card in _HEARTS}
    points[_QS] = -13
    points[Card.from_str("TD")] = 10
    r.card_points = points
    r.moon_cards = r.point_cards | CardSet.from_str("TD")
    r.moon = MoonRule.SELF_MINUS
    r.moon_value = -26
    r.goal = Goal.HIGH
    r.target = -100
    r.revoke_penalty = -26  # A30c: the inherited +26 would reward the offender
    return r


def _spanish(players: int) -> RuleSet:
    # S000 L161-183: 40 cards (no 8, 9, 10), A K Q J 7 ... 2 (the A-high order of what
    # is left), hearts 1 and Q♠ 10 (20 in all), moon +20. 4 players: 10 each;
    # 5 players: 8 each and the 5-player cycle; 3 players: the 2♣ removed, 13 each,
    # the 3♣ holder leads, and the 3-player cycle (A32).
    r = _copas_fora(players)
    removed = ",".join(f + s for f in "89T" for s in "CDHS")
    _deal_whole_deck(r, removed + (",2C" if players == 3 else ""))
    points = {card: 1 for card in _HEARTS & r.deck}
    points[_QS] = 10
    _set_values(r, points, moon_value=20)
    r.pass_cycle = _PASS_CYCLES[players]
    r.revoke_penalty = 20  # §7: the hand stops and the offender scores +20
    return r


def _spot_values(court_hearts: dict[str, int]) -> dict[Card, int]:
    # §10: the numeral hearts at face value; the court hearts as given; Q♠ 25.
    points = {Card.from_str(f"{face}H"): i + 2 for i, face in enumerate("23456789T")}
    points.update({Card.from_str(f"{face}H"): v for face, v in court_hearts.items()})
    points[_QS] = 25
    return points


def _spot(players: int) -> RuleSet:
    # S000 L255-261: J♥ 11, Q♥ 12, K♥ 13, A♥ 14 (129 in all); the moon gives the
    # others 140 as written, not the total (A43); the match ends at >= 500.
    r = _copas_fora(players)
    _set_values(r, _spot_values({"J": 11, "Q": 12, "K": 13, "A": 14}), moon_value=140)
    r.target = 500
    r.revoke_penalty = 140  # §10: the offender scores +140
    return r


def _free_play(rules: RuleSet) -> None:
    """The dealer's left leads any card; no first-trick ban and no breaking (B0)."""
    rules.first_lead = FirstLead.DEALER_LEFT
    rules.must_lead_first_card = False
    rules.first_trick_banned = CardSet()
    rules.hearts_break = HeartsBreak.NEVER
    rules.lead_needs_broken = False
    rules.discard_needs_broken = False


def _black_maria(players: int) -> RuleSet:
    # S000 L275-285: 3 cards to the right every hand; the dealer's left leads any
    # card; no first-trick ban and no breaking (B0); hearts 1, Q♠ 13, K♠ 10, A♠ 7
    # (43); the moon needs all 16 penalty cards (A45) and gives the others 43; >= 150.
    r = _copas_fora(players)
    r.pass_cycle = [("right", 3)]
    _free_play(r)
    points = {card: 1 for card in _HEARTS}
    points.update({_QS: 13, Card.from_str("KS"): 10, Card.from_str("AS"): 7})
    _set_values(r, points, moon_value=43)
    r.target = 150
    r.revoke_penalty = 43  # §12: the offender scores +43
    return r


_KITTY_TAKERS = {"first-trick-winner": KittyTaker.FIRST_TRICK_WINNER,
                 "first-point-taker": KittyTaker.FIRST_POINT_TAKER}


def _kitty(rules: RuleSet, value: str | None) -> None:
    # §4 deal method kitty (spanish with 3 players too, §7): the whole deck, so the
    # cards deck-mod removes (only ever the 2♣ and 2♦) come back; each seat gets
    # deck // players and the rest (1 to 4 cards) lies face down until the agreed
    # seat takes it with the trick it wins (add-to-trick). With the 2♣ in the kitty
    # the lowest club in play leads (A29). A seat count that deals the deck evenly
    # has no kitty, so the option is refused there: §7 gives spanish a kitty only with
    # 3 players (spanish+kitty then allows 3 seats alone, Variant.seat_counts).
    taker = _KITTY_TAKERS[option_choice("kitty", value, "first-trick-winner", tuple(_KITTY_TAKERS))]
    rules.deck = rules.deck | CardSet.from_str("2C,2D")
    rules.hand_size = len(rules.deck) // rules.players
    rules.kitty_size = len(rules.deck) - rules.hand_size * rules.players
    if rules.kitty_size == 0:
        raise ValueError(f"kitty: {len(rules.deck)} cards deal evenly to {rules.players} players, "
                         "so there is no kitty")
    rules.kitty_taker = taker


def _rook_values(rules: RuleSet, qs_value: int) -> None:
    # §16 L343-347: hearts 1 except 5♥ 5 and 10♥ 10 (26); the Golden Ten 10♦ -10 off
    # the whole hand total, never below 0 (A49; hand_floor_zero); the Q♠ `qs_value`
    # (A49: 13 as written, 0 as on a Rook deck); no moon (L349).
    points = {card: 1 for card in _HEARTS}
    points.update({Card.from_str("5H"): 5, Card.from_str("TH"): 10, Card.from_str("TD"): -10})
    if qs_value:
        points[_QS] = qs_value
    _set_values(rules, points, moon_value=0)
    rules.moon = MoonRule.NONE
    rules.moon_cards = CardSet()
    rules.hand_floor_zero = True


def _rook(players: int) -> RuleSet:
    # S000 L333-351: Copas Fora "absolutely the same" except: K Q J 10 ... 2 A (ace
    # lowest); 3-7 players, the kitty method unless 4 (3: 17 + 1, 5: 10 + 2, 6: 8 + 4,
    # 7: 7 + 3) with three-five's default kitty (first-trick-winner, add-to-trick);
    # no passing; the dealer's left leads any card, no restrictions (B0); exactly six
    # hands, then tie-break hands (A11); the revoke's +26 is inherited.
    if not 3 <= players <= 7:
        raise ValueError("§16 deals to 3 to 7 players")
    r = _copas_fora(players)
    if 52 % players:
        _kitty(r, None)
    r.rank_strength = [1 + i for i in range(12)] + [0]  # faces 2..K keep their order, the ace below the 2
    r.pass_cycle = []
    _free_play(r)
    _rook_values(r, qs_value=13)
    r.match_hands = 6
    return r


# S003: the cards each player count removes so that the deck deals evenly.
_CLASSIC_REMOVED = {3: "2C", 4: "", 5: "2C,2D", 6: "2C,2D,2S,3C"}


def _classic_3to6(players: int) -> RuleSet:
    # S003 / §22: 3 to the right every hand; 4 players: the 2♣ holder leads it;
    # 3/5/6 players: the dealer's left leads, not a heart nor the Q♠ unless he holds
    # only those (A55a); only the Q♠ is barred from trick 1 (a lone Q♠ must follow,
    # A55b); hearts are led once a heart was discarded in an earlier trick (B3, any
    # earlier trick, A55c; a hand of only hearts may lead one, A55d); a heart led from
    # such a hand does not break (B3 read literally: only a void player's heart does);
    # moon: -26 to the shooter, totals may go negative (A55e); >= 50, lowest wins,
    # equal lowest share (A55f).
    r = RuleSet()
    r.players = players
    _deal_whole_deck(r, _CLASSIC_REMOVED[players])
    r.card_points = {**{card: 1 for card in _HEARTS}, _QS: 13}
    r.point_cards = _HEARTS | CardSet([_QS])
    r.pass_cycle = [("right", 3)]
    if players == 4:
        r.first_lead = FirstLead.HOLDER_OF_CARD
        r.first_lead_card = Card.from_str("2C")
        r.must_lead_first_card = True
    else:
        r.first_lead = FirstLead.DEALER_LEFT
        r.must_lead_first_card = False
        r.first_lead_banned = r.point_cards
        r.first_lead_ban_alone = True
    r.first_trick_banned = CardSet([_QS])
    r.hearts_break = HeartsBreak.HEART_DISCARDED
    r.lead_needs_broken = True
    r.discard_needs_broken = False
    r.led_heart_breaks = False
    r.moon = MoonRule.SELF_MINUS
    r.moon_cards = r.point_cards
    r.moon_value = 26
    r.goal = Goal.LOW
    r.target = 50
    r.tie_rule = TieRule.SHARED
    r.revoke_penalty_defined = False  # A55f: S003 names no penalty; revokes are forbidden
    return r


VARIANTS: tuple[Variant, ...] = (
    Variant("three-five", "Copas Fora for 3 or 5 players (deck-mod deal)", 3, 5, 3, "low",
            "seeds/000 L123-145, docs/RULES.md §4", _three_five),
    Variant("negative-scoring", "Copas Fora with negative scores and the Golden Ten", 4, 4, 4, "high",
            "seeds/000 L147-153, docs/RULES.md §5", _negative_scoring),
    Variant("spanish", "Copas Espanhol (40 cards)", 3, 5, 4, "low",
            "seeds/000 L161-183, docs/RULES.md §7", _spanish),
    Variant("spot", "Spot Hearts (hearts at face value)", 4, 4, 4, "low",
            "seeds/000 L255-261, docs/RULES.md §10", _spot),
    Variant("black-maria", "Black Maria (Q♠ 13, K♠ 10, A♠ 7)", 4, 4, 4, "low",
            "seeds/000 L275-285, docs/RULES.md §12", _black_maria),
    Variant("rook", "Rook Hearts (ace low, 5♥ 5, 10♥ 10, 10♦ -10, six hands)", 3, 7, 4, "low",
            "seeds/000 L333-351, docs/RULES.md §16", _rook),
    Variant("classic-3to6", "Hearts for 3 to 6 players (children's book)", 3, 6, 4, "low",
            "seeds/003, docs/RULES.md §22", _classic_3to6),
)


def _sueca_order(rules: RuleSet, value: str | None) -> None:
    # §7 L177: A 7 K J Q 6 5 4 3 2 (the Q below the J); the 8, 9 and 10 are out of
    # the deck, ranked between 7 and A only to keep every strength distinct.
    order = "23456QJK789TA"  # weakest first
    strength = [0] * 13
    for rank, face in enumerate(order):
        strength[_FACES.index(face)] = rank
    rules.rank_strength = strength


def _spot_alt_values(rules: RuleSet, value: str | None) -> None:
    # §10 L261: J♥ Q♥ K♥ 10 each, A♥ 15 (124 in all); the moon stays 140 (A43).
    _set_values(rules, _spot_values({"J": 10, "Q": 10, "K": 10, "A": 15}), moon_value=rules.moon_value)


def _no_pass(rules: RuleSet, value: str | None) -> None:
    # S003: "one version skips this part" (the pass to the right).
    rules.pass_cycle = []


_PEEK_INTO_HAND = "kitty-peek is for the add-to-trick kitty: an into-hand taker holds the kitty"


def _kitty_peek(rules: RuleSet, value: str | None) -> None:
    # §4 kitty_peek: the taker may look at the kitty it adds to its trick (what it
    # knows, not what is played: the search's view of the taker counts those cards seen).
    if rules.kitty_use == KittyUse.INTO_HAND:
        raise ValueError(_PEEK_INTO_HAND)
    rules.kitty_peek = True


_KITTY_USES = {"into-hand": KittyUse.INTO_HAND, "add-to-trick": KittyUse.ADD_TO_TRICK}


def _kitty_use(rules: RuleSet, value: str | None) -> None:
    # §4 kitty_use: add-to-trick is the +kitty default, so the bare option means
    # into-hand: the taker takes the kitty into his hand, then discards as many
    # cards face down into the trick he won, where they score (csrc/kitty_discard.cpp).
    use = _KITTY_USES[option_choice("kitty-use", value, "into-hand", tuple(_KITTY_USES))]
    if use == KittyUse.INTO_HAND and rules.kitty_peek:
        raise ValueError(_PEEK_INTO_HAND)
    rules.kitty_use = use


def _rook_qs_value(rules: RuleSet, value: str | None) -> None:
    # A49: the Q♠'s value, not stated by the seed (a Rook deck has none); bare = 0.
    _rook_values(rules, int(option_choice("qs-value", value, "0", ("0", "13"))))


OPTIONS: tuple[VariantOption, ...] = (
    VariantOption("sueca-order", "ranks A 7 K J Q 6 5 4 3 2", "§7 L177", ("spanish",), _sueca_order),
    VariantOption("sixes-extend", "a 6 of the led suit gives the trick a second round", "§7 L179, A21",
                  ("spanish",), extend_trigger("6"), conflicts=("nines-extend",)),
    VariantOption("alt-values", "J♥ Q♥ K♥ 10, A♥ 15", "§10 L261", ("spot",), _spot_alt_values),
    VariantOption("no-pass", "no passing", "§22 (S003)", ("classic-3to6",), _no_pass),
    VariantOption("kitty", "deal with a kitty (added to a trick unless kitty-use)", "§4 L127-133, A29", ("three-five", "spanish"),
                  _kitty, values="first-trick-winner (default) or first-point-taker"),
    VariantOption("kitty-peek", "the kitty's taker may look at it", "§4 L131", ("three-five", "spanish"),
                  _kitty_peek, requires=("kitty",)),
    VariantOption("kitty-use", "the kitty's taker takes it into hand and discards as many", "§4 L131-133",
                  ("three-five", "spanish"), _kitty_use, values="into-hand (default) or add-to-trick",
                  requires=("kitty",)),
    VariantOption("qs-value", "the Q♠'s value", "§16 L333-351, A49", ("rook",), _rook_qs_value,
                  values="0 (default) or 13"),
)

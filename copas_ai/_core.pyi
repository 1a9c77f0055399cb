"""
copas_ai core: cards, rules, positions and search in C++
"""
from __future__ import annotations
import collections.abc
import typing
__all__: list[str] = ['Auction', 'Card', 'CardSet', 'EXACT_HALF_TO_ZERO', 'EXACT_TARGET_FLIPS', 'EXACT_TARGET_TO_HALF_PLUS_ONE', 'EXACT_TARGET_TO_HALF_THEN_ZERO', 'FirstLead', 'Goal', 'HeartsBreak', 'IdenticalCardWins', 'IllegalMoveError', 'InvalidCardError', 'InvalidPositionError', 'KittyTaker', 'KittyUse', 'MAX_BID', 'MatchEquity', 'MatchState', 'MoonRule', 'MoonScope', 'PIMC_MAX_TRICKS', 'Position', 'RuleSet', 'Searcher', 'Solver', 'StockDraw', 'TieRule', 'WorldSampler', 'add_hand_to_match', 'auction_outcome', 'card_feature_names', 'card_features', 'card_model_probability', 'deal', 'deal_twins', 'heuristic_blind_pass', 'heuristic_card', 'heuristic_card_probability', 'heuristic_decision', 'heuristic_discard', 'heuristic_pass', 'inference_pool', 'match_equity_unsupported', 'match_outcome', 'pay_auction_bid', 'penalty_suit_rules', 'plan_parts', 'play_log_likelihood', 'random_hands', 'relaxed_ceiling_at_most', 'rules_unsupported', 'settle_auction_hand', 'sides', 'simulate_match_wins', 'solve_plain', 'solver_unsupported', 'twin_world_count', 'twin_worlds', 'world_from_view']
class InvalidCardError(ValueError):
    pass
class IllegalMoveError(ValueError):
    pass
class InvalidPositionError(ValueError):
    pass
class Card:
    """
    A playing card; index = suit * 16 + face (0 = two, 12 = ace).
    """
    @staticmethod
    def from_str(text: str) -> Card:
        """
        Parse 'QS', '10h', 'T♥' ...; raises InvalidCardError.
        """
    def __eq__(self, arg0: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, index: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    def __lt__(self, arg0: Card) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def face(self) -> int:
        """
        0 for the two ... 12 for the ace
        """
    @property
    def index(self) -> int:
        ...
    @property
    def rank_char(self) -> str:
        ...
    @property
    def suit(self) -> int:
        """
        0 clubs, 1 diamonds, 2 hearts, 3 spades
        """
    @property
    def suit_char(self) -> str:
        ...
class _CardSetIterator:
    def __iter__(self) -> _CardSetIterator:
        ...
    def __next__(self) -> Card:
        ...
class CardSet:
    """
    A set of cards stored as a 64-bit board (16 bits per suit).
    """
    @staticmethod
    def from_bits(arg0: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    @staticmethod
    def from_str(text: str) -> CardSet:
        ...
    @staticmethod
    def full_deck() -> CardSet:
        ...
    @staticmethod
    def suit(arg0: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    def __and__(self, arg0: CardSet) -> CardSet:
        ...
    def __bool__(self) -> bool:
        ...
    def __contains__(self, arg0: typing.Any) -> bool:
        ...
    def __eq__(self, arg0: typing.Any) -> bool:
        ...
    def __ge__(self, arg0: CardSet) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    @typing.overload
    def __init__(self) -> None:
        ...
    @typing.overload
    def __init__(self, cards: typing.Any) -> None:
        """
        From a card list string ('2C,7C,QS' or '-') or an iterable of Card / str.
        """
    def __iter__(self) -> _CardSetIterator:
        ...
    def __le__(self, arg0: CardSet) -> bool:
        ...
    def __len__(self) -> int:
        ...
    def __or__(self, arg0: CardSet) -> CardSet:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    def __sub__(self, arg0: CardSet) -> CardSet:
        ...
    def __xor__(self, arg0: CardSet) -> CardSet:
        ...
    def add(self, arg0: typing.Any) -> None:
        ...
    def copy(self) -> CardSet:
        ...
    def discard(self, arg0: typing.Any) -> None:
        ...
    def of_suit(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    def remove(self, arg0: typing.Any) -> None:
        ...
    @property
    def bits(self) -> int:
        ...
class FirstLead:
    """
    Members:
    
      HOLDER_OF_CARD
    
      DEALER_LEFT
    
      DEALER
    
      DEALER_RIGHT
    """
    DEALER: typing.ClassVar[FirstLead]
    DEALER_LEFT: typing.ClassVar[FirstLead]
    DEALER_RIGHT: typing.ClassVar[FirstLead]
    HOLDER_OF_CARD: typing.ClassVar[FirstLead]
    __members__: typing.ClassVar[dict[str, FirstLead]]
    @typing.overload
    def __eq__(self, other: FirstLead) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: FirstLead) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class HeartsBreak:
    """
    Members:
    
      NEVER
    
      OFF_SUIT_PLAYED
    
      HEART_DISCARDED
    
      HEART_PLAYED
    
      HEART_OR_QUEEN_PLAYED
    """
    HEART_DISCARDED: typing.ClassVar[HeartsBreak]
    HEART_OR_QUEEN_PLAYED: typing.ClassVar[HeartsBreak]
    HEART_PLAYED: typing.ClassVar[HeartsBreak]
    NEVER: typing.ClassVar[HeartsBreak]
    OFF_SUIT_PLAYED: typing.ClassVar[HeartsBreak]
    __members__: typing.ClassVar[dict[str, HeartsBreak]]
    @typing.overload
    def __eq__(self, other: HeartsBreak) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: HeartsBreak) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class MoonRule:
    """
    Members:
    
      NONE
    
      OTHERS_PLUS
    
      SELF_MINUS
    
      NEGATE_OWN
    
      NEGATE_ALL
    """
    NEGATE_ALL: typing.ClassVar[MoonRule]
    NEGATE_OWN: typing.ClassVar[MoonRule]
    NONE: typing.ClassVar[MoonRule]
    OTHERS_PLUS: typing.ClassVar[MoonRule]
    SELF_MINUS: typing.ClassVar[MoonRule]
    __members__: typing.ClassVar[dict[str, MoonRule]]
    @typing.overload
    def __eq__(self, other: MoonRule) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: MoonRule) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class TieRule:
    """
    Members:
    
      SHARED
    
      EXTRA_HANDS
    
      STANDS
    """
    EXTRA_HANDS: typing.ClassVar[TieRule]
    SHARED: typing.ClassVar[TieRule]
    STANDS: typing.ClassVar[TieRule]
    __members__: typing.ClassVar[dict[str, TieRule]]
    @typing.overload
    def __eq__(self, other: TieRule) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: TieRule) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class KittyTaker:
    """
    Members:
    
      FIRST_TRICK_WINNER
    
      FIRST_POINT_TAKER
    """
    FIRST_POINT_TAKER: typing.ClassVar[KittyTaker]
    FIRST_TRICK_WINNER: typing.ClassVar[KittyTaker]
    __members__: typing.ClassVar[dict[str, KittyTaker]]
    @typing.overload
    def __eq__(self, other: KittyTaker) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: KittyTaker) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class KittyUse:
    """
    Members:
    
      ADD_TO_TRICK
    
      INTO_HAND
    """
    ADD_TO_TRICK: typing.ClassVar[KittyUse]
    INTO_HAND: typing.ClassVar[KittyUse]
    __members__: typing.ClassVar[dict[str, KittyUse]]
    @typing.overload
    def __eq__(self, other: KittyUse) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: KittyUse) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class StockDraw:
    """
    Members:
    
      NONE
    
      REFILL
    
      UNTIL_FOLLOW
    
      PAIRS
    """
    NONE: typing.ClassVar[StockDraw]
    PAIRS: typing.ClassVar[StockDraw]
    REFILL: typing.ClassVar[StockDraw]
    UNTIL_FOLLOW: typing.ClassVar[StockDraw]
    __members__: typing.ClassVar[dict[str, StockDraw]]
    @typing.overload
    def __eq__(self, other: StockDraw) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: StockDraw) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class MoonScope:
    """
    Members:
    
      ALL_CARDS
    
      IN_PLAY
    """
    ALL_CARDS: typing.ClassVar[MoonScope]
    IN_PLAY: typing.ClassVar[MoonScope]
    __members__: typing.ClassVar[dict[str, MoonScope]]
    @typing.overload
    def __eq__(self, other: MoonScope) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: MoonScope) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class Goal:
    """
    Members:
    
      LOW
    
      HIGH
    """
    HIGH: typing.ClassVar[Goal]
    LOW: typing.ClassVar[Goal]
    __members__: typing.ClassVar[dict[str, Goal]]
    @typing.overload
    def __eq__(self, other: Goal) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: Goal) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class IdenticalCardWins:
    """
    Members:
    
      EARLIER
    
      LATER
    
      CANCEL
    """
    CANCEL: typing.ClassVar[IdenticalCardWins]
    EARLIER: typing.ClassVar[IdenticalCardWins]
    LATER: typing.ClassVar[IdenticalCardWins]
    __members__: typing.ClassVar[dict[str, IdenticalCardWins]]
    @typing.overload
    def __eq__(self, other: IdenticalCardWins) -> bool:
        ...
    @typing.overload
    def __eq__(self, other: typing.Any) -> bool:
        ...
    def __getstate__(self) -> int:
        ...
    def __hash__(self) -> int:
        ...
    def __index__(self) -> int:
        ...
    def __init__(self, value: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __int__(self) -> int:
        ...
    @typing.overload
    def __ne__(self, other: IdenticalCardWins) -> bool:
        ...
    @typing.overload
    def __ne__(self, other: typing.Any) -> bool:
        ...
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def __str__(self) -> str:
        ...
    @property
    def name(self) -> str:
        ...
    @property
    def value(self) -> int:
        ...
class RuleSet:
    """
    A variant as plain data (see csrc/rules.h).
    """
    chip_base_all_hearts: bool
    dealer_plans_pass: bool
    discard_needs_broken: bool
    first_lead: FirstLead
    first_lead_ban_alone: bool
    first_lead_card: Card
    first_trick_stuck_annuls: bool
    forced_queen: bool
    goal: Goal
    hand_floor_zero: bool
    heart_lead_over_queen: bool
    hearts_break: HeartsBreak
    identical_card_wins: IdenticalCardWins
    kitty_peek: bool
    kitty_taker: KittyTaker
    kitty_use: KittyUse
    lead_bans_points: bool
    lead_needs_broken: bool
    led_heart_breaks: bool
    moon: MoonRule
    moon_shooter_choice: bool
    moon_wins_match: bool
    must_lead_first_card: bool
    pass_blind: bool
    pass_chain: bool
    reverse_moon_if_losing: bool
    revoke_penalty_defined: bool
    stock_draw: StockDraw
    stuck_lead_ends_hand: bool
    super_moon: bool
    team_individual_tally: bool
    tie_rule: TieRule
    def __init__(self) -> None:
        ...
    def copy(self) -> RuleSet:
        ...
    def opening_lead_rule(self, hand_no: typing.SupportsInt | typing.SupportsIndex) -> FirstLead:
        """
        who leads that hand (gong-zhu: the dealer after hand 0)
        """
    def pass_plan(self, hand_no: typing.SupportsInt | typing.SupportsIndex) -> list:
        """
        [(seat offset to the left, cards)] for that hand (0-based)
        """
    def points_of(self, arg0: CardSet) -> int:
        ...
    def view(self) -> dict:
        """
        What the core derives from these rules (rule_view.h): identity_ranks, scoring_cards, costly_cards, bonus_cards, top_cards, top_guards, break_cards, cost {card: cost}
        """
    @property
    def auction(self) -> bool:
        """
        auction (§20): the bidding and the winner's suit open each hand
        """
    @auction.setter
    def auction(self, arg0: bool) -> None:
        ...
    @property
    def card_points(self) -> dict:
        """
        {Card: points} for every card worth something (negative = bonus)
        """
    @card_points.setter
    def card_points(self, arg1: dict) -> None:
        ...
    @property
    def charge_cards(self) -> CardSet:
        """
        turbo: the cards a seat may charge after the pass (one each)
        """
    @charge_cards.setter
    def charge_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def charge_whole_suit(self) -> CardSet:
        """
        turbo: charged, they double their suit for the taker (A♥)
        """
    @charge_whole_suit.setter
    def charge_whole_suit(self, arg1: CardSet) -> None:
        ...
    @property
    def clean_hand_points(self) -> int:
        ...
    @clean_hand_points.setter
    def clean_hand_points(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def copies(self) -> int:
        ...
    @copies.setter
    def copies(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def deck(self) -> CardSet:
        """
        the cards in play
        """
    @deck.setter
    def deck(self, arg1: CardSet) -> None:
        ...
    @property
    def doubling_alone_points(self) -> int:
        """
        gong-zhu: a doubling card taken with no point card scores this (charged: twice)
        """
    @doubling_alone_points.setter
    def doubling_alone_points(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def doubling_cards(self) -> CardSet:
        """
        taking one doubles the hand score
        """
    @doubling_cards.setter
    def doubling_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def eliminate_at_target(self) -> bool:
        """
        domino's end (b) (§17): a seat whose total reaches the target is out; the last one in wins
        """
    @eliminate_at_target.setter
    def eliminate_at_target(self, arg0: bool) -> None:
        ...
    @property
    def exact_score(self) -> int:
        """
        ExactScore flags: 1 (a), 2 (b), 4 (c)
        """
    @exact_score.setter
    def exact_score(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def extend_cards(self) -> CardSet:
        """
        nines-extend (A21): a trick holding one of these of its led suit gets a second round (empty: one card per seat)
        """
    @extend_cards.setter
    def extend_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def first_lead_banned(self) -> CardSet:
        """
        cards the opening lead may not be while the leader holds another
        """
    @first_lead_banned.setter
    def first_lead_banned(self, arg1: CardSet) -> None:
        ...
    @property
    def first_trick_banned(self) -> CardSet:
        """
        cards barred from trick 1 while another is legal
        """
    @first_trick_banned.setter
    def first_trick_banned(self, arg1: CardSet) -> None:
        ...
    @property
    def grand_slam_cards(self) -> CardSet:
        """
        gong-zhu+grand-slam: taking all of them scores grand_slam_points
        """
    @grand_slam_cards.setter
    def grand_slam_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def grand_slam_points(self) -> int:
        """
        gong-zhu+grand-slam: the score of a seat taking every grand_slam_cards card
        """
    @grand_slam_points.setter
    def grand_slam_points(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def hand_size(self) -> int:
        ...
    @hand_size.setter
    def hand_size(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def kitty_size(self) -> int:
        ...
    @kitty_size.setter
    def kitty_size(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def lead_break_cards(self) -> CardSet:
        """
        hearts may be led once one of these is played (empty: the flag)
        """
    @lead_break_cards.setter
    def lead_break_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def lead_taker_card(self) -> CardSet:
        """
        gong-zhu: its taker leads (as the dealer) the next hand
        """
    @lead_taker_card.setter
    def lead_taker_card(self, arg1: CardSet) -> None:
        ...
    @property
    def match_hands(self) -> int:
        ...
    @match_hands.setter
    def match_hands(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def moon_cards(self) -> CardSet:
        """
        the cards a moon needs
        """
    @moon_cards.setter
    def moon_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def moon_negated(self) -> CardSet:
        """
        gong-zhu: the cards whose points change sign under a NEGATE moon
        """
    @moon_negated.setter
    def moon_negated(self, arg1: CardSet) -> None:
        ...
    @property
    def moon_scope(self) -> MoonScope:
        """
        uno-hearts (A48e): the moon's cards, all of them or those that left the stock
        """
    @moon_scope.setter
    def moon_scope(self, arg0: MoonScope) -> None:
        ...
    @property
    def moon_value(self) -> int:
        ...
    @moon_value.setter
    def moon_value(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def pair_draws(self) -> dict:
        """
        uno-hearts (§15): {Card: cards a pair of it in a trick draws from the stock}
        """
    @pair_draws.setter
    def pair_draws(self, arg1: dict) -> None:
        ...
    @property
    def pass_cycle(self) -> list:
        """
        [(direction, cards)] by hand number, cycling; [] never passes (one way per hand: pass_cycle_parts also gives split passes)
        """
    @pass_cycle.setter
    def pass_cycle(self, arg1: collections.abc.Sequence[tuple[str, typing.SupportsInt | typing.SupportsIndex]]) -> None:
        ...
    @property
    def pass_cycle_parts(self) -> list:
        """
        [[(direction, cards), (direction, cards)?]] by hand number, cycling: one or two parts per hand (split-pass sends part of the pass each way)
        """
    @pass_cycle_parts.setter
    def pass_cycle_parts(self, arg1: collections.abc.Sequence[collections.abc.Sequence[tuple[str, typing.SupportsInt | typing.SupportsIndex]]]) -> None:
        ...
    @property
    def players(self) -> int:
        ...
    @players.setter
    def players(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def point_cards(self) -> CardSet:
        """
        the penalty cards for the restrictions
        """
    @point_cards.setter
    def point_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def pool_cards(self) -> int:
        ...
    @pool_cards.setter
    def pool_cards(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def rank_strength(self) -> typing.Annotated[list[int], "FixedSize(13)"]:
        ...
    @rank_strength.setter
    def rank_strength(self, arg0: typing.Annotated[collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], "FixedSize(13)"]) -> None:
        ...
    @property
    def revoke_penalty(self) -> int:
        ...
    @revoke_penalty.setter
    def revoke_penalty(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def single_copies(self) -> CardSet:
        """
        uno-hearts: the cards of a two-copy deck with one copy only
        """
    @single_copies.setter
    def single_copies(self, arg1: CardSet) -> None:
        ...
    @property
    def start_chips(self) -> int:
        ...
    @start_chips.setter
    def start_chips(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def super_charge(self) -> bool:
        """
        gong-zhu+super-charge: each charge is followed by its face (face=down|up, A40)
        """
    @super_charge.setter
    def super_charge(self, arg0: bool) -> None:
        ...
    @property
    def swap_left_cards(self) -> CardSet:
        """
        uno-hearts: taking one, the winner swaps hands with his left
        """
    @swap_left_cards.setter
    def swap_left_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def swap_right_cards(self) -> CardSet:
        """
        uno-hearts: taking one, the winner swaps hands with his right
        """
    @swap_right_cards.setter
    def swap_right_cards(self, arg1: CardSet) -> None:
        ...
    @property
    def target(self) -> int:
        ...
    @target.setter
    def target(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def teams(self) -> int:
        """
        partnerships: seat s in team s % teams; 0 = none
        """
    @teams.setter
    def teams(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def total_points(self) -> int:
        ...
class MatchState:
    """
    A match between hands: totals, tie-break hands under way (A11), seats whose exact-score (c) reset is pending (A26), hands played (csrc/match.h).
    """
    __hash__: typing.ClassVar[None] = None
    tiebreak: bool
    def __eq__(self, arg0: MatchState) -> bool:
        ...
    def __init__(self, totals: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], tiebreak: bool = False, reset_pending: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], hands_played: typing.SupportsInt | typing.SupportsIndex = 0) -> None:
        ...
    def __repr__(self) -> str:
        ...
    def add_hand(self, position: ...) -> list[int]:
        """
        adds a finished hand; returns its scores as they count (the moon in the form the match chose)
        """
    def copy(self) -> MatchState:
        ...
    def outcome(self, rules: RuleSet) -> tuple:
        """
        (over, winning seats) under the variant's end rules
        """
    def seats_in_play(self, rules: RuleSet) -> list[int]:
        """
        the seats the next hand is dealt to, in seat order: every seat, or under chips (docs/RULES.md §19) those still holding chips, or under elimination (domino's end (b), §17) those not eliminated
        """
    @property
    def eliminated(self) -> list[int]:
        """
        elimination (domino's end (b), docs/RULES.md §17): the seats out of the match
        """
    @eliminated.setter
    def eliminated(self, arg1: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
    @property
    def flipped_end(self) -> bool:
        """
        gong-zhu+exact-minus-1000: a total landed on the target and was flipped, ending the match
        """
    @property
    def hands_played(self) -> int:
        ...
    @hands_played.setter
    def hands_played(self, arg1: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def moon_winner(self) -> typing.Any:
        """
        queens (docs/RULES.md §11): the seat whose moon won the match at once, or None
        """
    @property
    def next_dealer(self) -> int:
        """
        gong-zhu: the last hand's Q♠ taker, who deals and leads the next hand; -1: the dealer rotates
        """
    @property
    def players(self) -> int:
        ...
    @property
    def pot(self) -> int:
        """
        chips variants (docs/RULES.md §19): the pot (Montão), carried to the next hand
        """
    @pot.setter
    def pot(self, arg1: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    @property
    def reset_pending(self) -> list[int]:
        """
        seats whose next scoreless hand takes them to 0 (exact-score (c))
        """
    @reset_pending.setter
    def reset_pending(self, arg1: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
    @property
    def totals(self) -> list[int]:
        ...
    @totals.setter
    def totals(self, arg1: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        ...
class Position:
    """
    One hand of a variant with every seat's cards known.
    """
    def __copy__(self) -> Position:
        ...
    def __deepcopy__(self, arg0: typing.Any) -> Position:
        ...
    def __init__(self, rules: RuleSet, hands: typing.Any, dealer: typing.SupportsInt | typing.SupportsIndex = -1, hand_no: typing.SupportsInt | typing.SupportsIndex = 0, stock: typing.Any = None, twins: typing.Any = None) -> None:
        """
        Deal `hands` (before the pass) under `rules`; hand_no (0-based) fixes the pass. With a stock (two-player), `stock` is its order, top first (default: shuffled from the hands). With two copies of every card (two-deck), `twins` gives the cards each seat holds twice (each is in its hand too). Raises InvalidPositionError for an impossible deal.
        """
    def chain_start(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> bool:
        """
        in a pass chain: whether the seat opens a chain (passes before it receives)
        """
    def copy(self) -> Position:
        ...
    def deal_pool(self, seed: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        kitty-swap's chance step: the pool shuffled and dealt back, from the seed
        """
    def decide(self, decision: str, seat: typing.SupportsInt | typing.SupportsIndex | None = None) -> None:
        """
        Make the decision due ('charge=QS', 'charge=none'); raises IllegalMoveError naming what is wrong. pop() takes it back.
        """
    def discard(self, cards: typing.Any, seat: typing.SupportsInt | typing.SupportsIndex | None = None) -> None:
        """
        The into-hand kitty taker's whole discard (as many cards as the kitty held); raises IllegalMoveError for a wrong one. pop() takes the cards back one at a time.
        """
    def forwarded(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> bool:
        """
        blind-forward: whether the seat forwarded the cards it received, unseen
        """
    def hand(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    def hand_swaps(self, trick: typing.SupportsInt | typing.SupportsIndex) -> list[int]:
        """
        uno-hearts: the seats trick `trick`'s winner swapped hands with after it, in the order the 8s were played
        """
    def illegal_reason(self, arg0: typing.Any) -> typing.Any:
        """
        why the card may not be played now, or None if it may
        """
    def is_legal(self, arg0: typing.Any) -> bool:
        ...
    def is_over(self) -> bool:
        ...
    def is_revoke(self, arg0: typing.Any) -> bool:
        """
        whether the card fails to follow suit and breaks no other rule
        """
    def legal_following(self, hand: CardSet, led: typing.SupportsInt | typing.SupportsIndex, first_trick: bool) -> CardSet:
        """
        The cards of `hand` a seat may play to a trick led in suit `led` (0-3: clubs, diamonds, hearts, spades) by another seat, judged now, on trick 1 or a later one: the restriction chain of legal_moves, as the solver's bounds read it.
        """
    def legal_moves(self) -> CardSet:
        ...
    def moon_shooter(self) -> typing.Any:
        ...
    def pair_draws(self, trick: typing.SupportsInt | typing.SupportsIndex) -> list[Card]:
        """
        uno-hearts: the cards trick `trick`'s pairs drew from the stock into its winner's won pile, in order
        """
    def pass_is_set(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> bool:
        ...
    def perft(self, depth: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        number of distinct play sequences of `depth` cards
        """
    def points_taken(self) -> list[int]:
        """
        raw card points each seat has won so far (two-deck: each copy counts)
        """
    def pop(self) -> typing.Any:
        """
        Take back the last card played (or discarded) and return it; a decision is returned as 'word=value'.
        """
    def push(self, card: typing.Any, seat: typing.SupportsInt | typing.SupportsIndex | None = None) -> None:
        """
        Play a card for the seat to act; raises IllegalMoveError naming the card and the reason. With revokes = 'penalize' a failure to follow suit that breaks no other rule is accepted.
        """
    def return_pool(self, back: collections.abc.Sequence) -> None:
        """
        kitty-swap's chance step as given (a referee's): each seat's cards from the pool
        """
    def revealed_absent(self, arg0: typing.Any) -> CardSet:
        """
        cards the seat to act cannot hold if it plays this card now legally (read from the public state, not the seat's hand: a card it may not play here is answered as for a hand that may)
        """
    def rote_pass(self, cards: typing.Any) -> typing.Any:
        """
        A pass chosen as one set of cards, as set_pass takes it: a split plan's first part takes the lowest cards (for players that do not choose directions); a one-way plan keeps the set.
        """
    def score(self) -> list[int]:
        """
        this hand's score per seat: points so far, or final (moon applied) once over
        """
    def set_bid_limits(self, chips: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
        """
        auction: each seat's chips, the most it may bid (capped at MAX_BID)
        """
    def set_pass(self, seat: typing.SupportsInt | typing.SupportsIndex, cards: typing.Any) -> None:
        """
        Set one seat's pass; the last pass set is applied. A split pass (two or three parts in pass_plan) gives each part's cards in plan order: (CardSet, CardSet) or 'QS/AH,KC'.
        """
    def set_twin_pass(self, seat: typing.SupportsInt | typing.SupportsIndex, cards: list) -> None:
        """
        uno-hearts: one seat's pass, a card listed twice to pass both its copies; the last pass set is applied
        """
    def shown_voids(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> list[int]:
        """
        suits the seat has shown it lacks by not following
        """
    def tricks_won(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    @property
    def bid_limits(self) -> list[int]:
        """
        auction: the most each seat may bid this hand (its chips, capped at MAX_BID)
        """
    @property
    def blind_packet(self) -> CardSet:
        """
        blind-forward (docs/RULES.md §2.2): the cards the next link received and has not looked at (empty when none); it forwards exactly them or passes 3 of its other cards
        """
    @property
    def carried_tricks(self) -> list[int]:
        """
        cancellation (docs/RULES.md §14, A47): the finished tricks (0-based) that had no winner and were carried
        """
    @property
    def charged(self) -> CardSet:
        """
        turbo: the charged cards, public once every seat's charge is down (else empty)
        """
    @property
    def dealer(self) -> int:
        ...
    @property
    def dealt_stock(self) -> list[Card]:
        """
        the stock as dealt, top first, the cards drawn so far included (two-player, domino)
        """
    @property
    def decision(self) -> typing.Any:
        """
        (seat, word) of the decision due now (docs/PROTOCOL.md `<seat>:<word>=<value>`), or None
        """
    @property
    def decision_choices(self) -> list[str]:
        """
        the choices of the decision due, as 'word=value' (none outside phase 'deciding')
        """
    @property
    def decisions(self) -> list:
        """
        [(cards played before it, seat, 'word=value')] of the decisions made, in order (auction's bids first)
        """
    @property
    def discarding(self) -> bool:
        """
        the into-hand kitty's taker (the seat to act) must discard now
        """
    @property
    def discards(self) -> CardSet:
        """
        the into-hand kitty taker's discards (face down, they score for him)
        """
    @property
    def discards_left(self) -> int:
        ...
    @property
    def drawn(self) -> list:
        """
        per seat, the cards it drew from the stock this hand
        """
    @property
    def draws(self) -> list:
        """
        per finished trick, the draws after it: [(seat, card), ...], the winner's first
        """
    @property
    def hand_end(self) -> str:
        """
        why the hand ended early: '' (played out or going on), 'stuck-lead', 'annulled' (nobody scores) or 'revoke' (a proven revoke)
        """
    @property
    def hand_no(self) -> int:
        ...
    @property
    def hands(self) -> list:
        """
        each seat's cards (two copies of a card, as in two-deck, cancellation and uno-hearts: the cards it holds at least once; `twins` those it holds twice)
        """
    @property
    def hearts_broken(self) -> bool:
        ...
    @property
    def kitty(self) -> CardSet:
        """
        the cards dealt to nobody (the kitty), taken or not
        """
    @property
    def kitty_taker(self) -> typing.Any:
        """
        the seat that took the kitty, or None
        """
    @property
    def kitty_trick(self) -> typing.Any:
        """
        the index of the trick that took the kitty, or None
        """
    @property
    def kitty_twins(self) -> CardSet:
        """
        the cards the kitty holds twice (two-copy decks)
        """
    @property
    def leader(self) -> int:
        ...
    @property
    def moves(self) -> list:
        """
        [(seat, Card)] played so far, in order (domino: its discards too, each the card its seat put face down as the new stock)
        """
    @property
    def next_passer(self) -> typing.Any:
        """
        the seat to pass next (None when nobody is): a pass chain's next link (peek-pass, docs/RULES.md §2.2 A12), else the lowest seat yet to pass
        """
    @property
    def pass_order(self) -> list[int]:
        """
        the seats in the order they pass this hand (none without a pass): a pass chain's links (peek-pass), else 0..n-1
        """
    @property
    def pass_plan(self) -> list:
        """
        [(seat offset to the left, cards)] of this hand's pass
        """
    @property
    def passed(self) -> list:
        ...
    @property
    def passed_parts(self) -> list:
        """
        each seat's pass as set_pass takes it: a CardSet, or for a split pass a tuple of CardSets in plan order
        """
    @property
    def passed_twins(self) -> list:
        """
        uno-hearts: per seat, the cards it passed both copies of (passed_parts: every card it passed)
        """
    @property
    def pending(self) -> CardSet:
        """
        cancellation (docs/RULES.md §14): the carried tricks' cards no trick has taken yet (`pending_twins` those there twice)
        """
    @property
    def pending_twins(self) -> CardSet:
        """
        cancellation: the carried cards there twice
        """
    @property
    def phase(self) -> str:
        """
        'passing', 'deciding' (a decision other than a card is due: `decision`), 'playing' or 'over'
        """
    @property
    def players(self) -> int:
        ...
    @property
    def pool(self) -> CardSet:
        """
        kitty-swap: the cards put into the pool so far
        """
    @property
    def pool_pending(self) -> bool:
        """
        kitty-swap (docs/RULES.md §2.2 A13): every seat's cards are in the pool, waiting to be dealt back (return_pool or deal_pool)
        """
    @property
    def received(self) -> list:
        ...
    @property
    def received_parts(self) -> list:
        """
        what each seat received, as passed_parts: per part, from the seat that sent it that way
        """
    @property
    def revoke_pending(self) -> bool:
        """
        a revoke has been made and not yet proven
        """
    @property
    def revoker(self) -> typing.Any:
        """
        the seat whose proven revoke ended the hand, or None
        """
    @property
    def revokes(self) -> str:
        """
        'forbid' (default: push refuses a failure to follow suit) or 'penalize' (docs/RULES.md §1.3: accepted; proven when the offender plays that suit, which ends the hand)
        """
    @revokes.setter
    def revokes(self, arg1: str) -> None:
        ...
    @property
    def rules(self) -> RuleSet:
        ...
    @property
    def stock(self) -> list[Card]:
        """
        the cards still in the stock, top first (two-player; [] without a stock)
        """
    @property
    def stock_discarder(self) -> int:
        """
        domino (docs/RULES.md §17): the seat whose face-down discard is the stock (only it knows the card), -1 when the stock holds dealt cards or none
        """
    @property
    def stock_left(self) -> int:
        ...
    @property
    def super_charged(self) -> CardSet:
        """
        gong-zhu+super-charge: of the charged cards, those charged face up (A40)
        """
    @property
    def trick(self) -> list:
        """
        [(seat, Card)] of the trick in progress
        """
    @property
    def trick_passes(self) -> int:
        """
        domino (docs/RULES.md §17): the seats that passed since the trick's last card, a bit each
        """
    @property
    def trick_size(self) -> int:
        """
        the cards the trick in progress holds when whole, as decided so far (2 per seat once nines-extend gave it a second round)
        """
    @property
    def trick_starts(self) -> list[int]:
        """
        the index in moves where each trick began, the trick in progress (or the next) last: a trick with a second round (nines-extend) holds 2 cards per seat
        """
    @property
    def tricks_done(self) -> int:
        ...
    @property
    def turn(self) -> typing.Any:
        """
        the seat to play, or None outside the play
        """
    @property
    def twins(self) -> list:
        """
        the cards each seat holds twice (two-copy decks; empty with one copy of each card)
        """
    @property
    def won(self) -> list:
        ...
    @property
    def won_twins(self) -> list:
        """
        the cards each seat has taken twice (two-copy decks)
        """
class WorldSampler:
    """
    Deals the cards a seat cannot see, exactly uniformly over every world consistent with what it knows.
    """
    @staticmethod
    def from_knowledge(rules: RuleSet, seat: typing.SupportsInt | typing.SupportsIndex, own_hand: typing.Any, played: typing.Any, hand_counts: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], must_hold: collections.abc.Sequence[typing.Any] = [], absent: collections.abc.Sequence[typing.Any] = [], hidden_charges: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], hidden_charge_cards: typing.Any = None) -> WorldSampler:
        """
        A sampler from explicit knowledge (one entry per seat in the lists); raises InvalidPositionError when the fields cannot describe a hand. hidden_charges: each seat's face-down charges (docs/RULES.md §9, A40), each one of hidden_charge_cards.
        """
    def __init__(self, position: Position, seat: typing.SupportsInt | typing.SupportsIndex) -> None:
        """
        What `seat` knows in the (fully known) position: its hand, the cards it passed, the plays and every absence they revealed.
        """
    def absent(self, seat: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    def exact_world_count(self) -> typing.Any:
        ...
    def hand_count(self, seat: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    def must_hold(self, seat: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
        ...
    def sample(self, seed: typing.SupportsInt | typing.SupportsIndex) -> list:
        """
        one world: every seat's current hand (a list of CardSet)
        """
    def sample_batch(self, n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        n worlds dealt into one position copy in C++ (the search's path); returns a checksum. For benchmarks.
        """
    def sample_many(self, n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> list:
        """
        n worlds as tuples of raw bitboards (int per seat), for tests
        """
    def sample_many_with_charges(self, n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> list:
        """
        n worlds as tuples of raw bitboards: one per seat, then the face-down charged cards the world chose (docs/RULES.md §9, A40), for tests
        """
    def sample_position(self, seed: typing.SupportsInt | typing.SupportsIndex) -> Position:
        """
        a copy of the position with the other seats' hands replaced by a sampled world
        """
    def world_count(self) -> float:
        """
        number of consistent worlds (0.0 when there is none)
        """
    @property
    def case_count(self) -> int:
        """
        how many cases the worlds are the union of (face-down charges, the opening card, a kitty take, domino's histories); 0 for one plain table, as when domino reads only the current voids
        """
    @property
    def opening_holder(self) -> typing.Any:
        """
        before the first lead with cards undealt: the seat holding the opening card (else None)
        """
    @property
    def own_hand(self) -> CardSet:
        ...
    @property
    def played(self) -> CardSet:
        ...
    @property
    def players(self) -> int:
        ...
    @property
    def problem(self) -> str:
        ...
    @property
    def ready(self) -> bool:
        ...
    @property
    def seat(self) -> int:
        ...
    @property
    def status(self) -> str:
        """
        'ready', 'no_world', 'malformed' or 'too_large'
        """
    @property
    def unseen(self) -> CardSet:
        """
        cards whose place the seat does not know
        """
class Solver:
    """
    Perfect-information solver. The value of a position is paranoid for the seat to act: its final hand score (moon and scoring options included, points already taken counted) when it plays for its best score and every other seat plays against it. With teams (rules.teams) it is the SIDE's score, the sum of the hand scores of the seat and its partners, who play for it while the other seats play against it.
    """
    def __init__(self, hash_mb: typing.SupportsFloat | typing.SupportsIndex = 64.0, threads: typing.SupportsInt | typing.SupportsIndex = 1) -> None:
        """
        A solver with a transposition table of hash_mb MiB, allocated once. With threads > 1 each solve also runs threads - 1 helper threads that share its searches and its table: the same exact values, sooner on several cores (nodes and node_limit count every thread's positions).
        """
    def clear(self) -> None:
        """
        Empty the transposition table.
        """
    def solve(self, position: Position, node_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> int:
        """
        The exact value of the position for the seat to act. With node_limit > 0, raises TimeoutError once the search would visit more positions than that.
        """
    def solve_moves(self, position: Position, node_limit: typing.SupportsInt | typing.SupportsIndex = 0) -> dict:
        """
        {Card: value} for every legal card of the seat to act (node_limit as for solve).
        """
    @property
    def nodes(self) -> int:
        """
        positions searched by the last call
        """
    @property
    def table_bytes(self) -> int:
        ...
    @property
    def threads(self) -> int:
        ...
class MatchEquity:
    """
    Each seat's chance of winning the match from the totals (docs/MATCH_EQUITY.md).
    """
    @staticmethod
    def build(rules: RuleSet, hands: typing.SupportsInt | typing.SupportsIndex = 20000, seed: typing.SupportsInt | typing.SupportsIndex = 1, noise: typing.SupportsFloat | typing.SupportsIndex = 0.1) -> MatchEquity:
        """
        Simulates `hands` hands with the playout policy and solves the table over the totals.
        """
    @staticmethod
    def cells_within_budget(outcomes: typing.SupportsInt | typing.SupportsIndex) -> float:
        """
        The most cells a table solved over `outcomes` distinct hand outcomes may have within the build's work budget (at most 22,000; below 4,000 the build is refused).
        """
    @staticmethod
    def from_bytes(rules: RuleSet, data: bytes) -> MatchEquity:
        """
        A table from the bytes to_bytes gave for the same rules.
        """
    def can_end_within(self, match: MatchState, hands: typing.SupportsInt | typing.SupportsIndex) -> bool:
        """
        Whether `hands` more hands can end the match (a seat scoring the rules' worst or best hand in each).
        """
    def to_bytes(self) -> bytes:
        ...
    def values(self, match: MatchState) -> list[float]:
        """
        Every seat's chance of winning from `match` (a state between hands).
        """
    @property
    def buckets(self) -> int:
        """
        buckets per seat
        """
    @property
    def low(self) -> int:
        """
        the lowest total the table tells apart
        """
    @property
    def outcomes(self) -> int:
        """
        distinct hand outcomes the build used
        """
    @property
    def players(self) -> int:
        ...
    @property
    def sweeps(self) -> int:
        """
        sweeps the build made over the table
        """
    @property
    def width(self) -> int:
        """
        the points one bucket of totals spans
        """
class Searcher:
    """
    Search for one seat's best decision from its own information.
    """
    def __init__(self, threads: typing.SupportsInt | typing.SupportsIndex = 1, hash_mb: typing.SupportsInt | typing.SupportsIndex = 64, seed: typing.SupportsInt | typing.SupportsIndex = 0, algorithm: str = 'auto', pimc_max_tricks: typing.SupportsInt | typing.SupportsIndex = 4, exploration: typing.SupportsFloat | typing.SupportsIndex = 0.7, playout_noise: typing.SupportsFloat | typing.SupportsIndex = 0.1, match_horizon: typing.SupportsInt | typing.SupportsIndex = 0, inference_pool: typing.SupportsInt | typing.SupportsIndex = 0, inference_noise: typing.SupportsFloat | typing.SupportsIndex = 0.5, inference_model: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex] = [], match_points_weight: typing.SupportsFloat | typing.SupportsIndex = 0.0, uno_pass_search: bool = False) -> None:
        ...
    def search(self, position: Position, seat: typing.SupportsInt | typing.SupportsIndex, iterations: typing.SupportsInt | typing.SupportsIndex = -1, movetime_ms: typing.SupportsInt | typing.SupportsIndex = -1, infinite: bool = False, match: MatchState = None, equity: MatchEquity = None) -> dict:
        """
        Search `seat`'s decision (its card, its pass, or a decision such as a charge) from what it knows, in the MatchState `match` when given (a hand whose value the match decides is scored as it counts it); with a MatchEquity `equity` it plays for the match (the scores are then match-winning chances); returns {'moves': [{card|pass|decision ('word=value'), score, stderr, visits}], 'best': index, 'iterations', 'time_ms', 'algorithm', 'objective'}.
        """
    def stop(self) -> None:
        """
        End a running search (from another thread); it returns promptly.
        """
    @property
    def elapsed_ms(self) -> float:
        ...
    @property
    def iterations(self) -> int:
        """
        iterations of the running or last search
        """
class Auction:
    """
    auction (docs/RULES.md §20, A53a-b): one hand's bidding; the dealer's left opens (>= 1, mandatory), each raises by >= 1 within its chips or passes, three passes in a row end it
    """
    def __init__(self, chips: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], dealer: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def bid(self, seat: typing.SupportsInt | typing.SupportsIndex, value: str) -> None:
        """
        seat bids `value` ('pass' or a number of chips); IllegalMoveError says why it may not
        """
    def choices(self) -> list[str]:
        """
        the bid values the seat to bid may give: 'pass' and '1'..
        """
    def is_over(self) -> bool:
        ...
    @property
    def high(self) -> int:
        """
        the highest bid so far (0 before the opening bid)
        """
    @property
    def passes(self) -> int:
        ...
    @property
    def turn(self) -> int:
        ...
    @property
    def winner(self) -> typing.Any:
        """
        the highest bidder so far, or None
        """
def add_hand_to_match(position: ..., totals: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], exact_pending: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[list[int], list[int], int]:
    """
    (hand scores as they count, new totals, exact-score memory bits) after a finished hand; MatchState.add_hand keeps the whole state
    """
def auction_outcome(match: MatchState) -> tuple[bool, list[int]]:
    """
    auction (A53d): (over, the seats with the most chips) once a seat holds none
    """
def card_feature_names() -> list[str]:
    """
    The learned card model's features, in the order card_features gives them.
    """
def card_features(position: Position) -> list:
    """
    Each legal card of the seat to act with the learned card model's features (card_model.h's order), as (Card, [float]).
    """
def card_model_probability(position: Position, card: Card, weights: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> float:
    """
    The learned card model's chance (with these weights) that the seat to act plays `card`.
    """
def deal(rules: RuleSet, seed: typing.SupportsInt | typing.SupportsIndex) -> list:
    """
    A random deal (one CardSet per seat) from a seed.
    """
def deal_twins(rules: RuleSet, seed: typing.SupportsInt | typing.SupportsIndex) -> tuple[list, list]:
    """
    A random deal of a two-copy deck (two-deck, cancellation, uno-hearts) from a seed: (hands, twins), per seat the cards held at least once and those held twice.
    """
def heuristic_blind_pass(position: Position) -> CardSet:
    """
    blind-forward (docs/RULES.md §2.2): the rule-of-thumb pass of the link due, its packet unseen: the packet itself (forward) when its own cards hold no point card and no spade above the J, else 3 of its own.
    """
def heuristic_card(position: Position, seed: typing.SupportsInt | typing.SupportsIndex = 0, noise: typing.SupportsFloat | typing.SupportsIndex = 0.0) -> Card:
    """
    The rule-of-thumb card for the seat to act (ducks, dumps the most costly cards, leads low).
    """
def heuristic_card_probability(position: Position, card: Card, noise: typing.SupportsFloat | typing.SupportsIndex = 0.0) -> float:
    """
    The chance that heuristic_card(position, seed, noise) plays `card` (0 when illegal).
    """
def heuristic_decision(position: Position) -> str:
    """
    The rule-of-thumb value of the decision due, as 'word=value' (turbo's charge: the Q♠ guarded by four lower spades, else none).
    """
def heuristic_discard(rules: RuleSet, hand: CardSet, count: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
    """
    The `count` cards an into-hand kitty taker would discard from `hand` (they score for him): bonus cards, then the clean cards most likely to win tricks, then the cheapest.
    """
def heuristic_pass(rules: RuleSet, hand: CardSet, count: typing.SupportsInt | typing.SupportsIndex) -> CardSet:
    ...
def inference_pool(position: Position, seat: typing.SupportsInt | typing.SupportsIndex, pool: typing.SupportsInt | typing.SupportsIndex, noise: typing.SupportsFloat | typing.SupportsIndex = 0.5, seed: typing.SupportsInt | typing.SupportsIndex = 1, draws: typing.SupportsInt | typing.SupportsIndex = 0, model: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex] = []) -> dict:
    """
    The inference pool a search for `seat` would draw from: `pool` worlds sampled uniformly from the seat's knowledge (each a tuple of the seats' raw hand bitboards), their weights (normalised likelihoods of the other seats' cards), Kish's effective size, and `draws` worlds drawn from the pool by weight.
    """
def match_equity_unsupported(rules: RuleSet) -> str:
    """
    Why the match-equity model cannot value these rules' matches (empty when it can).
    """
@typing.overload
def match_outcome(rules: RuleSet, state: MatchState) -> tuple:
    """
    (over, winning seats) of a match state under the variant's target and tie rule
    """
@typing.overload
def match_outcome(rules: RuleSet, totals: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> tuple:
    """
    (over, winning seats) of a match with these totals and no tie-break or reset under way
    """
def pay_auction_bid(match: MatchState, seat: typing.SupportsInt | typing.SupportsIndex, bid: typing.SupportsInt | typing.SupportsIndex) -> None:
    """
    auction (§20): the winner's bid into the pot
    """
def penalty_suit_rules(rules: RuleSet, suit: str) -> RuleSet:
    """
    auction (§20): the hand's rules once `suit` (c, d, h or s) is named: its cards 1 point each, no other
    """
def plan_parts(value: str, players: typing.SupportsInt | typing.SupportsIndex) -> list:
    """
    queens: the pass a `plan=<value>` decision names, [(seat offset to the left, cards)] as Position.pass_plan
    """
def play_log_likelihood(position: Position, seat: typing.SupportsInt | typing.SupportsIndex, noise: typing.SupportsFloat | typing.SupportsIndex = 0.5, model: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex] = []) -> float:
    """
    The log-likelihood of the cards the other seats played in this (fully known) position under the inference model: the playout policy (or the learned card model's `model` weights) with `noise` random cards.
    """
def random_hands(rules: RuleSet, count: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> dict:
    """
    Deal, pass (hand numbers cycling 0..3), play uniformly random legal cards and score `count` hands; returns totals.
    """
def relaxed_ceiling_at_most(position: Position, threshold: typing.SupportsInt | typing.SupportsIndex, node_budget: typing.SupportsInt | typing.SupportsIndex = 1000000, root: typing.SupportsInt | typing.SupportsIndex | None = None) -> bool:
    """
    True when the solver's relaxed game (csrc/solver/relaxed_ceiling.h: the other seats also choose which of those that could have won a trick leads the next, and may shoot the moon while one of them could have won every trick holding a moon card) holds the final score of root (default: the seat to act) to at most threshold, which proves the same of the real game; False when it does not or node_budget positions did not settle it.
    """
def rules_unsupported(rules: RuleSet) -> str:
    """
    Why no Position can be played under these rules (empty when one can): what Position() refuses.
    """
def settle_auction_hand(match: MatchState, taken: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> None:
    """
    auction (§20): settles a hand from the penalty-suit cards each seat took
    """
def sides(rules: RuleSet) -> list[list[int]]:
    """
    the seats of each side, by lowest seat: partners together (teams), else one seat each
    """
def simulate_match_wins(rules: RuleSet, match: MatchState, matches: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 1, noise: typing.SupportsFloat | typing.SupportsIndex = 0.1) -> list[float]:
    """
    Each seat's share of `matches` matches played from `match` to their end by the playout policy.
    """
def solve_plain(position: Position) -> tuple[int, int]:
    """
    (value, nodes) by plain alpha-beta: no table, no ordering (the baseline); the same value as Solver.solve (with teams: the side's).
    """
@typing.overload
def solver_unsupported(rules: RuleSet) -> str:
    """
    why the exact solver cannot score these rules ('' when it can)
    """
@typing.overload
def solver_unsupported(position: ..., match: MatchState) -> str:
    """
    why the exact solver cannot value this hand played in this MatchState ('' when it can): a conditional reverse moon (A24) the match may still count reversed
    """
def twin_world_count(position: Position, seat: typing.SupportsInt | typing.SupportsIndex) -> float:
    """
    Two-copy decks: the physical deals of the cards `seat` cannot see that fit what it knows
    """
def twin_worlds(position: Position, seat: typing.SupportsInt | typing.SupportsIndex, n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> list:
    """
    Two-copy decks: `n` worlds drawn for `seat`, each (per seat its cards, the kitty's), a card listed twice where both copies are held; uno-hearts: the stock's cards instead of the kitty's, top first
    """
def world_from_view(rules: RuleSet, seat: typing.SupportsInt | typing.SupportsIndex, hand: CardSet, passed: typing.Any, received: typing.Any, moves: collections.abc.Sequence[tuple[typing.SupportsInt | typing.SupportsIndex, Card]], dealer: typing.SupportsInt | typing.SupportsIndex, hand_no: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 1, kitty: CardSet = ..., discarded: CardSet = ..., discard_made: bool = False, revokes: str = 'forbid', decisions: collections.abc.Sequence[tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex, str]] = [], forwarded: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], drawn: collections.abc.Sequence[Card] = [], drawn_complete: bool = True, bid_limits: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], draws: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], face_down: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = []) -> Position:
    """
    A full Position consistent with one seat's view (its dealt hand, its pass, the cards it received (each as set_pass takes a pass: parts for a split pass), the moves as (seat or -1, Card)); the unseen cards are drawn uniformly. An into-hand kitty taker's view also gives the kitty it took and its discard (discard_made: the discard is down though no move follows it; another taker's discard is face down). Raises InvalidPositionError naming the first offending move when no world fits. revokes='penalize': a failure to follow suit is a void until the seat's later card of that suit proves a revoke. decisions: [(moves before it, seat, 'word=value')] (another seat's unrevealed one: 'word=?'). forwarded: blind-forward's seats seen to forward their packet unseen (the view's own seat included, which then passes no cards it saw). drawn: a stock's cards the seat drew, in order (two-player; the other seat's draws are unseen); drawn_complete=False lets it run ahead of the moves. domino: draws, the cards another seat drew before each move (one count per move), and face_down, the moves that are another seat's face-down discards (their cards mean nothing).
    """
EXACT_HALF_TO_ZERO: int = 2
EXACT_TARGET_FLIPS: int = 8
EXACT_TARGET_TO_HALF_PLUS_ONE: int = 1
EXACT_TARGET_TO_HALF_THEN_ZERO: int = 4
MAX_BID: int = 62
PIMC_MAX_TRICKS: int = 4

"""One game of the schedule, played to its end in the calling process."""

from __future__ import annotations

from copas_ai.arena.config import ArenaConfig
from copas_ai.arena.players import build
from copas_ai.arena.schedule import Game
from copas_ai.game import Match, dealt_position, play_hand, play_match
from copas_ai.variants.seat_counts import seat_counts_text
from copas_ai.variants import find_variant


def seat_count(config: ArenaConfig) -> int:
    """--seats, or the variant's default; refused unless the variant allows it (three-five: 3 or 5)."""
    variant = find_variant(config.variant)
    seats = variant.default_players if config.seats is None else config.seats
    if seats not in variant.seat_counts:
        raise ValueError(f"--seats {seats}: variant {variant.id} is for "
                         f"{seat_counts_text(variant.seat_counts)} seats, not {seats}")
    return seats


def start_totals(config: ArenaConfig, deal_index: int, seats: int) -> list[int]:
    """The totals the deal's match starts from (--start-totals), checked against the variant."""
    totals = list(config.starts[deal_index % len(config.starts)])
    if len(totals) != seats:
        raise ValueError(f"--start-totals {','.join(map(str, totals))}: give {seats} totals, one per seat")
    rules = find_variant(config.variant).rules(seats)
    if rules.start_chips and any(t <= 0 for t in totals):  # chips (docs/RULES.md §19): a seat on 0 is out
        raise ValueError(f"--start-totals {','.join(map(str, totals))}: every seat needs chips")
    target = rules.target
    if not rules.start_chips and any(t >= target for t in totals):
        raise ValueError(f"--start-totals {','.join(map(str, totals))}: every total must be under the target {target}")
    return totals


def play_game(config: ArenaConfig, game: Game) -> dict:
    """The game's record: per seat the points (hand score, or match total), the
    number of hands and, for a match, the winning seats."""
    variant = find_variant(config.variant)
    seats = seat_count(config)
    bots = [build(config.specs[p], game.bot_seed(config.seed, s), variant.id) for s, p in enumerate(game.seats)]
    record = {"deal": game.deal, "arrangement": game.arrangement, "seats": list(game.seats)}
    if config.matches:
        match = Match.new(variant, players=seats, seed=game.deal_seed(config.seed))
        if config.starts:
            match.totals = start_totals(config, game.deal, seats)
        match = play_match(match, bots, max_hands=config.max_hands)
        over, winners = match.outcome()
        record.update(points=list(match.totals), hands=len(match.hands), winners=list(winners) if over else [])
        return record
    rules = variant.rules(seats)
    position = dealt_position(rules, game.deal_seed(config.seed) % 2**64, game.dealer(config.seed, seats),
                              game.hand_no(config.no_pass))
    if config.no_pass and position.rules.dealer_plans_pass:  # queens (docs/RULES.md §11)
        raise ValueError(f"variant {variant.id}: the dealer chooses every hand's pass, so --no-pass cannot apply")
    if config.no_pass and position.pass_plan:
        raise ValueError(f"variant {variant.id}: hand number {game.hand_no(True)} is not a no-pass hand")
    play_hand(position, bots)
    record.update(points=list(position.score()), hands=1)
    return record

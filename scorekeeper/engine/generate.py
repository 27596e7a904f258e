"""Random legal games, for property tests, benchmarks and storage fixtures."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .actions import record_hand
from .errors import RecordError
from .record import NIL, Game, Side, new_game
from .rules import RuleSet, rules_from_spec
from .scoring import Scoresheet, score_game
from .table import blind_chances

_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


@dataclass
class _Deal:
    """A random hand as it is made up: the bids, then the tricks."""

    bids: dict = field(default_factory=dict)
    blind: list[str] = field(default_factory=list)
    tricks: dict = field(default_factory=dict)
    aces: dict = field(default_factory=dict)
    nil_sides: dict[str, str] = field(default_factory=dict)  # side -> its one nil bidder
    contracts: dict[str, int] = field(default_factory=dict)
    all_nil: set[str] = field(default_factory=set)


def random_hand(rng: random.Random, game: Game, sheet: Scoresheet | None = None) -> dict:
    """One plausible hand for ``game`` (it may still break a rule; the caller checks).

    ``sheet``: the game's sheet, when the caller has it (else it is scored here)."""
    rules = game.rules
    if rng.random() < 0.04:
        return {"misdeal": True}
    sheet = sheet if sheet is not None else score_game(game)
    chances = blind_chances(game, sheet.scores)
    deal = _Deal()
    for side in game.sides:
        _random_bid(rng, game, side, chances[side.name].allowed, deal)
    _random_tricks(rng, game, deal)
    hand: dict = {"bids": deal.bids, "tricks": deal.tricks}
    if deal.blind:
        hand["blind"] = deal.blind
    if deal.aces:
        hand["aces"] = deal.aces
    if rules.penalties and rng.random() < 0.03:
        hand["penalties"] = [{"side": rng.choice(game.sides).name,
                              **({"reneg": 1} if rng.random() < 0.5 else {"unplayed_cards": 1})}]
    return hand


def _random_bid(rng: random.Random, game: Game, side: Side, may_bid_blind: bool, deal: _Deal) -> None:
    """One side's bids: both partners nil now and then, else a contract near a fair share (a nil beside it)."""
    rules = game.rules
    n = rules.tricks
    bids, blind = deal.bids, deal.blind
    partnered = len(side.players) > 1
    suicide = rules.suicide and partnered  # one nil on every side, beside a bid of at least suicide_min_bid
    if (rules.nil and partnered and not suicide and (rules.separate_nils or rules.double_nil)
            and rng.random() < 0.06):
        _random_all_nil(rng, rules, side, may_bid_blind, deal)
        return
    if rules.nil and (suicide or rng.random() < (0.15 if partnered else 0.12)):
        nil_player = rng.choice(side.players)
        deal.nil_sides[side.name] = nil_player
        bids[nil_player] = NIL
        if may_bid_blind and rules.blind_nil and rng.random() < 0.3:
            blind.append(nil_player)
        if not partnered:  # a player alone who bids nil bids nothing else
            deal.contracts[side.name] = 0
            return
    low = max(rules.side_min_bid, rules.player_min_bid * (1 if side.name in deal.nil_sides or not partnered else 2))
    if suicide:
        low = max(low, rules.suicide_min_bid)
    contract = max(low, min(n, n // len(game.sides) + rng.randint(-2, 2)))
    if (rules.side_min_bid == 0 and rules.partnership_bidding and side.name in deal.nil_sides
            and rng.random() < 0.5):
        contract = 0  # the side bids no tricks beside its nil
    if may_bid_blind and rules.blind_bids and side.name not in blind and rng.random() < 0.3:
        contract = max(contract, rules.blind_min)
        blind.append(side.name)
    deal.contracts[side.name] = contract
    if rules.partnership_bidding or not partnered:
        if partnered:
            bids[side.name] = contract
        else:
            bids[side.players[0]] = contract
    elif side.name in deal.nil_sides:
        other = next(p for p in side.players if p != deal.nil_sides[side.name])
        bids[other] = contract
    else:
        first = rng.randint(rules.player_min_bid, contract - rules.player_min_bid)
        bids[side.players[0]], bids[side.players[1]] = first, contract - first
        if side.name in blind:
            blind.remove(side.name)
            blind.extend(side.players)
    if rules.aces and partnered and rng.random() < 0.08:
        deal.aces[side.name] = rng.random() < 0.5


def _random_all_nil(rng: random.Random, rules: RuleSet, side: Side, may_bid_blind: bool, deal: _Deal) -> None:
    """Both partners bid nil: a double nil, or two separate nils (either may be blind)."""
    deal.all_nil.add(side.name)
    for player in side.players:
        deal.bids[player] = NIL
        if rules.separate_nils and may_bid_blind and rules.blind_nil and rng.random() < 0.3:
            deal.blind.append(player)
    if rules.double_nil and may_bid_blind and rules.blind_double_nil and rng.random() < 0.3:
        deal.blind.extend(side.players)
    deal.contracts[side.name] = 0


def _random_tricks(rng: random.Random, game: Game, deal: _Deal) -> None:
    """The tricks: most hands land near the bids; a side with a nil gives each player's tricks."""
    n = game.rules.tricks
    split = _split(rng, n, len(game.sides))
    if rng.random() < 0.6:  # most hands land near the bids
        split = [deal.contracts[s.name] for s in game.sides]
        while sum(split) > n:
            i = max(range(len(split)), key=lambda k: split[k])
            split[i] -= 1
        # the tricks left over go to players who bid tricks, mostly (a nil alone fails now and then)
        bidders = [i for i, s in enumerate(game.sides) if len(s.players) > 1 or s.name not in deal.nil_sides]
        while sum(split) < n:
            if len(bidders) == len(split):  # no player alone bid nil (the draws of every earlier release)
                split[rng.randrange(len(split))] += 1
            else:
                pool = bidders if bidders and rng.random() < 0.9 else range(len(split))
                split[rng.choice(pool)] += 1
    tricks = deal.tricks
    for side, took in zip(game.sides, split):
        if side.name in deal.all_nil:
            first = 0 if rng.random() < 0.6 else rng.randint(0, took)
            tricks[side.players[0]], tricks[side.players[1]] = first, took - first
        elif side.name in deal.nil_sides and len(side.players) > 1:
            nil_player = deal.nil_sides[side.name]
            nil_took = 0 if rng.random() < 0.7 or took == 0 else rng.randint(1, min(2, took))
            for p in side.players:
                tricks[p] = nil_took if p == nil_player else took - nil_took
        else:
            tricks[side.name if len(side.players) > 1 else side.players[0]] = took


def random_game(rng: random.Random, preset: str = "standard", hands: int = 12, options: dict | None = None,
                first_dealer: str | None = None, players: list[str] | None = None) -> Game:
    """A legal game of up to ``hands`` hands (fewer when the game ends first), between ``players``
    in seat order (default: the first names of a fixed list)."""
    rules = {"preset": preset, "options": options} if options else preset
    count = rules_from_spec(rules).players
    players = list(players) if players is not None else _NAMES[:count]
    game = new_game(rules, players, first_dealer=first_dealer)
    sheet = score_game(game)
    attempts = 0
    while len(game.hands) < hands and not sheet.finished:
        try:
            game, sheet = record_hand(game, random_hand(rng, game, sheet), sheet=sheet)
        except RecordError:
            attempts += 1
            if attempts > 200:
                raise
    return game

"""The new-game form: preset, house rules, names in seating order, who partners whom, first dealer.

No flet.  Seats are numbered 0..players-1 in the order the names are typed
(clockwise); the teams are tuples of seats.  Everything the engine will check
again (the rule set, the names, the teams) is checked here first so that the
screen can say what is wrong in a person's words; the engine has the last word.

The names typed make the table: ``offer()`` is the rule sets for that many players (2: two-handed,
3: IHOP 3, 4: the four-player ones, 5: five, 6: IHOP 6), with a sentence that says so, or that no
rule set is for that many; a table whose names do not fit the chosen rule set does not start (no
"Player 3" and "Player 4" are made up for a table of two).  ``seats()`` is how many name fields a
screen shows: the rule set's, and one more after the last name typed, up to the largest table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...engine import MAX_NAME_LENGTH, PRESETS, RuleSet, ScorekeeperError, default_teams
from ...engine.record import character_words, hidden_character
from .options import readable

DRAW = "draw"  # the first dealer is drawn at random
#: the table sizes some rule set is for, smallest first
TABLE_SIZES: tuple[int, ...] = tuple(sorted({preset.players for preset in PRESETS.values()}))
MAX_SEATS = TABLE_SIZES[-1]


def presets_for(players: int) -> tuple[str, ...]:
    """The rule sets for a table of ``players``, in the engine's order (none for a size no rule set has)."""
    return tuple(name for name, preset in PRESETS.items() if preset.players == players)


def _either(words: list[str]) -> str:
    """'Standard', 'Standard or IHOP', 'Standard, IHOP or Solo Spades'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _title(name: str) -> str:
    return PRESETS[name].title or name


@dataclass(frozen=True)
class Offer:
    """The rule sets the form offers for the names typed so far, and why, in words."""

    players: int  # the table the names make: the last seat with a name, counted from 1 (0: none yet)
    presets: tuple[str, ...]  # the rule sets to offer (every one until two names are typed)
    words: str

    @property
    def fits(self) -> bool:
        """Whether some rule set is for exactly this table."""
        return self.players in TABLE_SIZES


def offer_for(players: int) -> Offer:
    """What the form offers a table of ``players`` names: the rule sets for that many, or, before two
    names are typed, every rule set and how the offer works; for a size no rule set has, none."""
    sizes = _either([str(size) for size in TABLE_SIZES])
    if players < 2:
        head = "Type the names in seating order" if players == 0 else "1 name typed: Spades needs 2 players or more"
        return Offer(players, tuple(PRESETS), f"{head}; the rule sets for {sizes} players are offered as you type")
    fitting = presets_for(players)
    if not fitting:
        return Offer(players, (), f"No rule set is for {players} players: these are for {sizes} players")
    return Offer(players, fitting, f"For {players} players: {_either([_title(name) for name in fitting])}")


@dataclass(frozen=True)
class PartnerChoice:
    """One row of the partners chooser: whose partner, among which seats, and who it is now."""

    seat: int
    candidates: tuple[int, ...]
    partner: int


@dataclass(frozen=True)
class NewGame:
    """What `Session.create_game` needs."""

    rules: RuleSet
    players: list[str]
    teams: list[list[str]] | None  # None: the preset's seating (partners opposite)
    team_names: list[str] | None
    first_dealer: str
    drawn: bool  # the first dealer was drawn at random


def name_problem(name: str) -> str | None:
    """Why a typed name cannot be used (None: it can)."""
    if len(name.strip()) > MAX_NAME_LENGTH:
        return f"At most {MAX_NAME_LENGTH} characters ({len(name.strip())} typed)"
    return hidden_problem(name)


def hidden_problem(name: str) -> str | None:
    """'Holds a control character (U+0007): type the name without it' (a pasted name can hold one;
    an override would reverse the names after it), or None."""
    ch = hidden_character(name)
    return None if ch is None else f"Holds {character_words(ch)}: type the name without it"


class NewGameForm:
    """The choices on the new-game screen, kept across a preset change where they still fit."""

    def __init__(self, preset: str = "standard"):
        self.preset = preset
        self.options: dict[str, Any] = {}
        self.names: dict[int, str] = {}
        self.team_names: dict[int, str] = {}
        self.dealer: int | str = 0  # a seat, or DRAW
        self.teams: tuple[tuple[int, ...], ...] = self._default_teams()

    # -- the rules ------------------------------------------------------------------
    @property
    def base(self) -> RuleSet:
        return PRESETS[self.preset]

    @property
    def players_count(self) -> int:
        return self.base.players

    @property
    def partners(self) -> bool:
        return self.base.partners

    def rules(self) -> RuleSet:
        """The preset with the house rules switched (RuleOptionError if they clash)."""
        return self.base.with_options(self.options) if self.options else self.base

    def pick_preset(self, name: str) -> None:
        """Another preset: the house rules start again from it; names and dealer stay where they fit
        (a name typed at a seat the new table does not have goes)."""
        self.preset = name
        self.options = {}
        if isinstance(self.dealer, int) and self.dealer >= self.players_count:
            self.dealer = 0
        self.names = {seat: name for seat, name in self.names.items() if seat < self.players_count}
        self.teams = self._default_teams()

    def offer(self) -> Offer:
        """The rule sets that fit the names typed (``offer_for``)."""
        return offer_for(self.table_size())

    def fits(self) -> bool:
        """Whether the chosen rule set is for as many players as the names typed."""
        return self.table_size() == self.players_count

    def set_option(self, key: str, value: Any) -> str | None:
        """Switch a house rule; the reason in words if it does not fit with the others (then unchanged)."""
        trial = dict(self.options, **{key: value})
        if getattr(self.base, key) == value:
            trial.pop(key)
        try:
            self.base.with_options(trial)
        except ScorekeeperError as exc:
            return readable(str(exc))
        self.options = trial
        return None

    # -- names -----------------------------------------------------------------------
    def label(self, seat: int) -> str:
        """The name typed for `seat`, or "Player N" until one is typed."""
        typed = (self.names.get(seat) or "").strip()
        return typed or f"Player {seat + 1}"

    def players(self) -> list[str]:
        return [self.label(seat) for seat in range(self.players_count)]

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def table_size(self) -> int:
        """The table the names make: the last seat with a name typed, counted from 1 (0: no name yet)."""
        return max((seat + 1 for seat, name in self.names.items() if (name or "").strip()), default=0)

    def seats(self) -> int:
        """How many name fields to show: the chosen rule set's seats, and one empty seat after the last
        name typed (up to the largest table), so that a table of any size can be typed."""
        return max(self.players_count, min(self.table_size() + 1, MAX_SEATS))

    # -- partners ----------------------------------------------------------------------
    def _default_teams(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(team) for team in default_teams(self.base, tuple(range(self.players_count))))

    def partner_choices(self) -> list[PartnerChoice]:
        """The rows of the chooser: the first free seat picks a partner among the free seats,
        team after team; the last team is who is left."""
        if not self.partners:
            return []
        rows = []
        free = list(range(self.players_count))
        for team in self.teams[:-1]:
            seat = min(team)
            partner = next(s for s in team if s != seat)
            rows.append(PartnerChoice(seat, tuple(s for s in free if s != seat), partner))
            free = [s for s in free if s not in team]
        return rows

    def choose_partner(self, seat: int, partner: int) -> None:
        """`seat` and `partner` play together; their old partners form a team in their place."""
        if seat == partner:
            return
        mine = next(t for t in self.teams if seat in t)
        theirs = next(t for t in self.teams if partner in t)
        if mine == theirs:
            return
        left_over = tuple(sorted(s for s in (*mine, *theirs) if s not in (seat, partner)))
        others = [t for t in self.teams if t not in (mine, theirs)]
        teams = [tuple(sorted((seat, partner))), left_over, *others]
        self.teams = tuple(sorted(teams, key=min))

    def team_hint(self, index: int) -> str:
        """'Ann & Cat': the team's name unless one is typed."""
        return " & ".join(self.label(seat) for seat in self.teams[index])

    # -- dealer ------------------------------------------------------------------------
    def dealer_choices(self) -> list[tuple[int | str, str]]:
        """(seat or DRAW, label) for the first-dealer chips: the names as typed."""
        return [(seat, self.label(seat)) for seat in range(self.players_count)] + [(DRAW, "Draw for the deal")]

    # -- start -------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What stops the game from starting, in words (empty: it can start)."""
        found = []
        players = self.players()
        for seat in range(self.players_count):
            typed = self.names.get(seat) or ""
            if (hidden := hidden_problem(typed)) is not None:
                found.append(f"Player {seat + 1}'s name {hidden[0].lower()}{hidden[1:]}")
            elif problem := name_problem(typed):
                found.append(f"{players[seat]}'s name is too long: {problem.lower()}")
        seen: set[str] = set()
        for name in players:
            if name.casefold() in seen:
                found.append(f"Two players are called {name}: give each one a different name")
            seen.add(name.casefold())
        found += self._table_problems()
        for index, name in self._typed_team_names().items():
            if (hidden := hidden_problem(name)) is not None:
                found.append(f"Team {index + 1}'s name {hidden[0].lower()}{hidden[1:]}")
            if len(name) > MAX_NAME_LENGTH:
                found.append(f"Team {index + 1}'s name is too long: at most {MAX_NAME_LENGTH} characters")
            if name in players:
                found.append(f"The team name {name} is also a player's name: names must differ")
        try:
            self.rules()
        except ScorekeeperError as exc:
            found.append(readable(str(exc)))
        return found

    def _table_problems(self) -> list[str]:
        """The names typed against the chosen rule set's table: a seat left empty before the last name,
        or another number of players than the rule set is for; a table that typed some names is never
        filled up with "Player N".  With no name typed at all the seats keep their labels ("Player 1",
        ...), as the screen shows them for the rule set chosen."""
        size, need, title = self.table_size(), self.players_count, _title(self.preset)
        if size == 0:
            return []
        found = [f"Player {seat + 1} has no name: type a name at every seat, in seating order"
                 for seat in range(min(size, need)) if not (self.names.get(seat) or "").strip()]
        if size == need:
            return found
        typed = "1 name is typed" if size == 1 else f"{size} names are typed"
        offer = offer_for(size)
        other = (f"choose {_either([_title(name) for name in offer.presets])} for {size} players"
                 if size >= 2 and offer.presets else "")
        if size < need:
            more = need - size
            found.append(f"{title} is for {need} players and {typed}: type {more} more name"
                         f"{'' if more == 1 else 's'}" + (f", or {other}" if other else ""))
        else:
            found.append(f"{title} is for {need} players and {typed}: "
                         + (other or offer.words[:1].lower() + offer.words[1:]))
        return found

    def _typed_team_names(self) -> dict[int, str]:
        if not self.partners:
            return {}
        return {i: name for i in range(len(self.teams)) if (name := (self.team_names.get(i) or "").strip())}

    def to_start(self, rng: random.Random | None = None) -> NewGame:
        """What to start (call `problems()` first)."""
        players = self.players()
        teams = None
        if self.partners and self.teams != self._default_teams():
            teams = [[players[seat] for seat in team] for team in self.teams]
        typed = self._typed_team_names()
        team_names = None
        if typed:
            team_names = [typed.get(i) or self.team_hint(i) for i in range(len(self.teams))]
        drawn = self.dealer == DRAW
        dealer = (rng or random).choice(players) if drawn else players[int(self.dealer)]
        return NewGame(self.rules(), players, teams, team_names, dealer, drawn)

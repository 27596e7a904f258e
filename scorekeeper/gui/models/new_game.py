"""The new-game form: preset, house rules, names in seating order, who partners whom, first dealer.

No flet.  Seats are numbered 0..players-1 in the order the names are typed
(clockwise); the teams are tuples of seats.  Everything the engine will check
again (the rule set, the names, the teams) is checked here first so that the
screen can say what is wrong in a person's words; the engine has the last word.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...engine import MAX_NAME_LENGTH, PRESETS, RuleSet, ScorekeeperError, default_teams
from ...engine.record import character_words, hidden_character
from .options import readable

DRAW = "draw"  # the first dealer is drawn at random


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
        """Another preset: the house rules start again from it; names and dealer stay where they fit."""
        self.preset = name
        self.options = {}
        if isinstance(self.dealer, int) and self.dealer >= self.players_count:
            self.dealer = 0
        self.teams = self._default_teams()

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

"""What if: the same hands re-scored under other house rules, hand by hand beside the real sheet."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ScorekeeperError
from .record import Game
from .rules import RuleSet
from .scoring import AfterEnd, Scoresheet, score_game
from .text import game_result, plural


@dataclass(frozen=True)
class WhatIfRow:
    deal: int  # the deal's position in the record
    number: int | None  # the hand as the table counts it (None: a misdeal or a thrown-out hand)
    real: dict[str, int | None]  # points per side under the game's rules (None: not scored)
    other: dict[str, int | None]  # points per side under the other rules (None: not scored there)
    difference: dict[str, int]  # other - real, per side (a hand not scored under the other rules counts 0)
    real_score: dict[str, int | None]
    other_score: dict[str, int | None]


@dataclass(frozen=True)
class WhatIf:
    rules: RuleSet
    real: Scoresheet
    other: Scoresheet | None
    error: str | None  # why the record cannot be scored under the other rules
    rows: list[WhatIfRow] = field(default_factory=list)
    difference: dict[str, int] = field(default_factory=dict)  # final score: other - real

    @property
    def summary(self) -> str:
        if self.error:
            return f"Under the {self.rules.name} rules this game could not have been played: {self.error}"
        other = self.other
        parts = [f"{side} {other.scores[side]} ({self.difference[side]:+d})" for side in other.sides]
        text = f"Under these rules: {', '.join(parts)}"
        if other.finished:
            text += f"; {game_result(other.winner, other.reason, 'what_if')}"
        if other.unscored:
            text += f"; the game would have ended {plural(other.unscored, 'hand')} earlier"
        return text


def _points(sheet: Scoresheet | None, deal: int) -> tuple[dict, dict]:
    if sheet is None or deal > len(sheet.hands):
        return {}, {}
    hand = sheet.hands[deal - 1]
    return ({s: v.points for s, v in hand.sides.items()}, {s: v.score for s, v in hand.sides.items()})


def what_if(game: Game, rules: RuleSet, real: Scoresheet | None = None) -> WhatIf:
    """Re-score ``game`` under ``rules``; hands after an earlier end are left unscored.

    ``real``: the game's own sheet, when the caller has it already."""
    real = real if real is not None else score_game(game)
    try:
        other = score_game(game.with_rules(rules), after_end=AfterEnd.IGNORE)
        error = None
    except ScorekeeperError as exc:
        other, error = None, str(exc)
    rows = []
    for hand in real.hands:
        real_points, real_scores = _points(real, hand.deal)
        other_points, other_scores = _points(other, hand.deal)
        rows.append(WhatIfRow(
            deal=hand.deal, number=hand.number,
            real={s: real_points.get(s) for s in real.sides},
            other={s: other_points.get(s) for s in real.sides},
            difference={s: other_points.get(s, 0) - real_points[s] for s in real.sides},
            real_score={s: real_scores.get(s) for s in real.sides},
            other_score={s: other_scores.get(s) for s in real.sides},
        ))
    difference = {s: other.scores[s] - real.scores[s] for s in real.sides} if other else {}
    return WhatIf(rules=rules, real=real, other=other, error=error, rows=rows, difference=difference)

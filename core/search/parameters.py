"""Every search parameter, declared once: its type, default, bounds and help.

The algorithm registry (`core.search.registry`) names which of these each search takes; the
command line's options, the window's set-up dialog, the settings file and `AlgorithmSpec` all
read and check values here, so a value is judged by one rule wherever it is typed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from ..errors import InvalidLimitError
from ..inputs.numbers import LARGEST_WHOLE, LONGEST_MATE
from ..inputs.text import shown
from ..values import either
from .defaults import (
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_DEPTH,
    DEFAULT_INITIALISATION,
    DFPN_DEEP_DEPTH,
    DFPN_FLIGHT_WEIGHT,
    DFPN_MATES_IN_ONE,
    DFPN_MOP_UP_WEIGHT,
    DFPN_SNDA,
    DFPN_TCA,
    DFPN_THREAT_DEPTH,
    DFPN_THREAT_DIVISOR,
    DFPN_WEAK_DELTA,
    FRACTIONS,
    INITIALISATIONS,
    LOGISTIC,
    ORDERINGS,
    POWER,
)


class Kind(Enum):
    """What a value is: a positive real (Pn²'s a), a whole number from a minimum, one of a few
    words, or a switch."""

    POSITIVE = "positive"
    WHOLE = "whole"
    CHOICE = "choice"
    SWITCH = "switch"


PIECES = "pieces"
"""The game trait of a game whose moves are made by pieces of different power (chess)."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter: `name` is its keyword (in `AlgorithmSpec` and the search's constructor),
    `flag` its command-line option, `label` its row in the set-up dialog. `optional`: None is a
    value too (αβ's depth: deepen until a limit). `choice_labels`: the dialog's words for each
    choice. `needs`: a choice that needs a game trait (αβ's power order needs pieces)."""

    name: str
    kind: Kind
    default: object
    help: str
    flag: str
    label: str = ""
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()
    minimum: int = 1
    maximum: int = LARGEST_WHOLE
    optional: bool = False
    needs: Mapping[str, str] = field(default_factory=dict)

    def default_for(self, traits: frozenset[str]) -> object:
        """The default on a game with `traits`: a choice that needs a trait the game lacks gives
        way to the first choice that needs none it lacks (αβ's power order on a board game,
        which has no pieces: the square order), so a search left at its defaults always runs."""
        trait = self.needs.get(str(self.default))
        if trait is None or trait in traits:
            return self.default
        return next(
            choice for choice in self.choices if self.needs.get(choice, "") in {"", *traits}
        )

    @property
    def dest(self) -> str:
        """The attribute argparse stores the option under."""
        return self.name

    def check(self, value: object) -> None:
        """Raise InvalidLimitError, in one line, unless `value` is one this parameter takes."""
        if value is None and self.optional:
            return
        if self.kind is Kind.CHOICE:
            if value not in self.choices:
                allowed = either([repr(choice) for choice in self.choices])
                raise InvalidLimitError(f"{self.name} must be {allowed}, not {shown(value)}")
        elif self.kind is Kind.SWITCH:
            if not isinstance(value, bool):
                raise InvalidLimitError(f"{self.name} must be true or false, not {shown(value)}")
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidLimitError(f"{self.name} must be a number, not {shown(value)}")
        elif self.kind is Kind.POSITIVE:
            if not (value > 0 and math.isfinite(value)):
                raise InvalidLimitError(
                    f"{self.name} must be a positive number, not {shown(value)}"
                )
        elif not isinstance(value, int) or value < self.minimum:
            bound = "a positive whole number" if self.minimum == 1 else "a whole number"
            at_least = "" if self.minimum == 1 else f" of at least {self.minimum}"
            raise InvalidLimitError(f"{self.name} must be {bound}{at_least}, not {shown(value)}")
        elif value > self.maximum:
            raise InvalidLimitError(
                f"{self.name} {shown(value)} is too large (at most {self.maximum:,})"
            )


PARAMETERS: dict[str, Parameter] = {
    parameter.name: parameter
    for parameter in (
        Parameter(
            "a",
            Kind.POSITIVE,
            float(DEFAULT_A),
            "transition point of f(x) in nodes",
            "--a",
            "a (transition point of f)",
        ),
        Parameter(
            "b",
            Kind.POSITIVE,
            float(DEFAULT_B),
            "stretch of f(x) in nodes",
            "--b",
            "b (stretch of f)",
        ),
        Parameter(
            "fraction",
            Kind.CHOICE,
            LOGISTIC,
            "f(x) logistic (Breuker) or one (Allis's f ≡ 1)",
            "--fraction",
            "Fraction",
            choices=FRACTIONS,
            choice_labels=(
                "logistic  f(x) = 1 / (1 + exp((a − x) / b))",
                "f ≡ 1  (Allis's original Pn²)",
            ),
        ),
        Parameter(
            "initialisation",
            Kind.CHOICE,
            DEFAULT_INITIALISATION,
            "leaf initialisation: mobility (§3.3.1, default) or unit (1/1)",
            "--init",
            "Leaf initialisation",
            choices=INITIALISATIONS,
            choice_labels=(
                "mobility (§3.3.1): a new node's numbers count its moves",
                "unit: every new node starts at 1/1",
            ),
        ),
        Parameter(
            "depth",
            Kind.WHOLE,
            DEFAULT_DEPTH,
            "the largest n of mate-in-n tried",
            "--depth",
            "Largest n of mate-in-n",
            maximum=LONGEST_MATE,
            optional=True,
        ),
        Parameter(
            "ordering",
            Kind.CHOICE,
            POWER,
            "static move order: pieces by power (Proskurowski) or the PN chapter's square order",
            "--ordering",
            "Move order",
            choices=ORDERINGS,
            choice_labels=("pieces by power (Proskurowski)", "squares (the PN chapter's)"),
            needs={POWER: PIECES},
        ),
        Parameter(
            "refutation",
            Kind.SWITCH,
            True,
            "switch off Proskurowski's refutation ordering",
            "--no-refutation",
            "Refutation ordering",
        ),
        Parameter(
            "all_keys",
            Kind.SWITCH,
            False,
            "try every root move, as Proskurowski's solver did to check the key's uniqueness",
            "--all-keys",
            "Every key move",
        ),
        Parameter(
            "threat_divisor",
            Kind.WHOLE,
            DFPN_THREAT_DIVISOR,
            "what a new child's proof number is divided by where its quiet move threatens "
            "mate in one (1: no threat test)",
            "--threat-divisor",
            "Threat divisor",
            maximum=1_000_000,  # beyond, a threatening move's proof number is 1 anyway
        ),
        Parameter(
            "threat_depth",
            Kind.WHOLE,
            DFPN_THREAT_DEPTH,
            "test quiet moves for threats only this many plies from the root or nearer",
            "--threat-depth",
            "Threat depth",
            minimum=0,
            maximum=1_000,  # plies from the root: deeper than any search here reaches
        ),
        Parameter(
            "flight_weight",
            Kind.WHOLE,
            DFPN_FLIGHT_WEIGHT,
            "df-pn+ knowledge: a new node where the attacker is to move starts with this much "
            "more proof number per flight square of the defending king (0: off)",
            "--flight-weight",
            "Flight weight (df-pn+)",
            minimum=0,
            maximum=100,  # a weight per square: far beyond where it would mean anything
        ),
        Parameter(
            "mop_up_weight",
            Kind.WHOLE,
            DFPN_MOP_UP_WEIGHT,
            "what a step of the mop-up estimate adds to a new node's proof number (0: off)",
            "--mop-up-weight",
            "Mop-up weight",
            minimum=0,
            maximum=1_000_000,  # a step then outweighs any proof number a search reaches
        ),
        Parameter(
            "mates_in_one",
            Kind.SWITCH,
            DFPN_MATES_IN_ONE,
            "switch off proving a new node where the attacker mates in one as it is generated",
            "--no-mates-in-one",
            "Mates in one at generation",
        ),
        Parameter(
            "weak_delta",
            Kind.SWITCH,
            DFPN_WEAK_DELTA,
            "δ by weak proof-number search (largest child plus the other open ones) instead "
            "of the sum, so a transposition counts once",
            "--weak-delta",
            "Weak δ (WPNS)",
        ),
        Parameter(
            "deep_depth",
            Kind.WHOLE,
            DFPN_DEEP_DEPTH,
            "deep df-pn's D: a new node d plies from the root starts with D − d more on both "
            "numbers (0: off)",
            "--deep-depth",
            "Deep df-pn's D",
            minimum=0,
            maximum=1_000,  # plies from the root: deeper than any search here reaches
        ),
        Parameter(
            "tca",
            Kind.SWITCH,
            DFPN_TCA,
            "Kishimoto's threshold controlling algorithm: raise a node's thresholds past its own "
            "numbers where a child was already seen nearer the root (cycles)",
            "--tca",
            "TCA (Kishimoto)",
        ),
        Parameter(
            "snda",
            Kind.SWITCH,
            DFPN_SNDA,
            "Kishimoto's source node detection: children that lead into one shared position "
            "count once, by the largest, in the summed number (DAG double counting)",
            "--snda",
            "SNDA (Kishimoto)",
        ),
    )
}
"""Every parameter a search takes, in the order the command line lists them."""


def check_values(values: Mapping[str, object]) -> None:
    """Raise InvalidLimitError for an unknown name or the first value its parameter refuses."""
    for name, value in values.items():
        parameter = PARAMETERS.get(name)
        if parameter is None:
            raise InvalidLimitError(
                f"unknown search parameter {name!r}: choose one of {', '.join(PARAMETERS)}"
            )
        parameter.check(value)

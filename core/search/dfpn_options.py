"""df-pn's options, as every df-pn takes them (the Python search, the stepper the window drives,
the native search): one typed record of keywords (`DfpnOptions`, so a constructor says
`**options: Unpack[DfpnOptions]` and the type checker knows each name), and the same options
with their defaults filled in and checked once (`DfpnSettings`). The defaults and why each was
chosen are in `core.search.defaults`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from .defaults import (
    DFPN_DEEP_DEPTH,
    DFPN_EPSILON,
    DFPN_FLIGHT_WEIGHT,
    DFPN_MATES_IN_ONE,
    DFPN_MOP_UP_WEIGHT,
    DFPN_SNDA,
    DFPN_TCA,
    DFPN_THREAT_DEPTH,
    DFPN_THREAT_DIVISOR,
    DFPN_WEAK_DELTA,
)


class DfpnOptions(TypedDict, total=False):
    """The keywords a df-pn constructor takes; one left out has its default (`DfpnSettings`)."""

    epsilon: float
    mop_up_weight: int
    mates_in_one: bool
    threat_divisor: int
    threat_depth: int
    max_plies: int | None
    weak_delta: bool
    deep_depth: int
    flight_weight: int
    tca: bool
    snda: bool


@dataclass(frozen=True, slots=True)
class DfpnSettings:
    """`DfpnOptions` with every default filled in, checked as they are made (ValueError names
    the first one out of range). `DfpnSearch` says what each does."""

    epsilon: float = DFPN_EPSILON
    mop_up_weight: int = DFPN_MOP_UP_WEIGHT
    mates_in_one: bool = DFPN_MATES_IN_ONE
    threat_divisor: int = DFPN_THREAT_DIVISOR
    threat_depth: int = DFPN_THREAT_DEPTH
    max_plies: int | None = None
    weak_delta: bool = DFPN_WEAK_DELTA
    deep_depth: int = DFPN_DEEP_DEPTH
    flight_weight: int = DFPN_FLIGHT_WEIGHT
    tca: bool = DFPN_TCA
    snda: bool = DFPN_SNDA

    def __post_init__(self) -> None:
        if self.max_plies is not None and self.max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {self.max_plies!r}")
        if not self.epsilon >= 0:
            raise ValueError(f"epsilon must be at least 0, not {self.epsilon!r}")
        least = {
            "mop_up_weight": (self.mop_up_weight, 0),
            "threat_divisor": (self.threat_divisor, 1),
            "threat_depth": (self.threat_depth, 0),
            "deep_depth": (self.deep_depth, 0),
            "flight_weight": (self.flight_weight, 0),
        }
        for name, (value, lowest) in least.items():
            if value < lowest:
                raise ValueError(f"{name} must be at least {lowest}, not {value!r}")

"""Typed exceptions for user mistakes, so every front end can turn them into one clear line."""


class PnExplorerError(Exception):
    """Base of every error caused by input the user gave (never by a bug)."""


class InvalidPositionError(PnExplorerError):
    """A FEN that does not parse, or describes a position that cannot arise in chess."""


class InvalidEpdError(PnExplorerError):
    """An EPD/PGN file or line that cannot be read."""


class UnknownPositionIdError(PnExplorerError):
    """An id asked for that the suite does not contain."""


class UnknownSuiteError(PnExplorerError):
    """A suite name that is neither built in nor a readable file."""


class TreeFileError(PnExplorerError):
    """An AND/OR tree file that is not a well-formed tree."""


class InvalidLimitError(PnExplorerError):
    """A search limit or parameter outside its meaningful range."""


class VerificationError(PnExplorerError):
    """A claimed proof that the independent replay rejects: never report it as a mate."""


class InvalidOptionError(PnExplorerError):
    """An option value that is empty where a file or a problem must be named."""


class UnsupportedProblemError(PnExplorerError):
    """A well-formed problem PN Explorer cannot search: a variant other than standard chess."""


class EngineError(PnExplorerError):
    """An outside UCI engine (the cross-check, `uci:` in a comparison) cannot be used."""


class EngineNotFoundError(EngineError):
    """No engine at the path given, or none on PATH."""


class EngineTimeoutError(EngineError):
    """The engine did not answer within its time limit and a grace period."""


class GameSpecError(PnExplorerError):
    """A game named or sized wrongly: unknown game, a board side or k out of range, a goal or
    attacker that is neither, or an optional game library that is not installed."""


class TreeSpecError(PnExplorerError):
    """A `random:` tree specification with an unknown key or a value out of range."""


class TreeEditError(PnExplorerError):
    """An edit of a tree draft that cannot be made (remove the root, a node that is not there)."""


class ExportError(PnExplorerError):
    """An export that cannot be written: an unwritable file, or nothing (verified) to export."""


class InvalidAnswerError(PnExplorerError):
    """A quiz answer that is not a proof or disproof number (a whole number ≥ 0, or ∞)."""

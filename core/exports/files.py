"""Writing an export to the user's file: any failure becomes one typed error naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from ..errors import ExportError


def write_file(path: str | Path, write: Callable[[BinaryIO], object]) -> None:
    """Open `path` for writing and let `write` fill it; a file that cannot be written (missing
    folder, no permission, a full disk) raises ExportError with the file's name and the reason."""
    try:
        with open(path, "wb") as stream:
            write(stream)
    except OSError as error:
        raise ExportError(f"cannot write {path}: {error.strerror or error}") from None

"""Resumable runs: each finished record is written the moment it ends, and a run started again
with the same output file skips what is already there.

A suite of thousands of positions runs for hours or days; a lost machine, a Ctrl+C or a reboot
must not cost the rows already computed. Beside the output file (`out.json` → `out.json.rows`)
a journal holds one JSON line per finished run: a header naming what was run (the command, the
searches and their limits), then each record, flushed as it ends. Started again with the same
output file and the same settings, the run reads the journal, hands back those records without
running them and appends the new ones; the output file itself is written whole at the end, from
all of them. A journal of other settings is refused in one line rather than mixed in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, fields
from pathlib import Path
from typing import IO, Any

from ..errors import PnExplorerError
from .runner import RunRecord, WorkItem, item_key

SUFFIX = ".rows"
"""What the journal's name adds to the output file's."""

RECORD_FIELDS = frozenset(field.name for field in fields(RunRecord))


class JournalError(PnExplorerError):
    """The journal cannot be used: written by other settings, unreadable, or not writable."""


def journal_path(output: str) -> Path:
    """The journal kept beside `output` (the --json or --csv file)."""
    return Path(output + SUFFIX)


class Journal:
    """The journal of a run described by `settings` (plain JSON data: command, searches,
    limits), read if it exists and opened for appending."""

    def __init__(self, output: str, settings: Mapping[str, Any]) -> None:
        self.path = journal_path(output)
        self.settings = json.loads(json.dumps(dict(settings)))
        self.done: dict[str, RunRecord] = self._read() if self.path.exists() else {}
        self._handle: IO[str] | None = None

    def _read(self) -> dict[str, RunRecord]:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0]) if lines else None
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise JournalError(f"cannot resume from {self.path}: {error}") from None
        if header != {"settings": self.settings}:
            raise JournalError(
                f"{self.path} holds rows of a run with other settings: delete it, or give "
                "another output file, to start this one"
            )
        done: dict[str, RunRecord] = {}
        for number, line in enumerate(lines[1:], start=2):
            try:
                data = json.loads(line)
                record = RunRecord(
                    **{k: v for k, v in data["record"].items() if k in RECORD_FIELDS}
                )
                done[data["key"]] = record
            except (ValueError, TypeError, KeyError):
                if number == len(lines):
                    break  # the last line, cut short when the run was killed
                raise JournalError(
                    f"cannot resume from {self.path}: line {number} is damaged"
                ) from None
        return done

    def open(self) -> None:
        """Start writing: the header, then the records read (a last line cut short by a kill
        is dropped), then each new one as it ends."""
        try:
            self._handle = self.path.open("w", encoding="utf-8")
            self._write({"settings": self.settings})
            for key, record in self.done.items():
                self._write({"key": key, "record": asdict(record)})
        except OSError as error:
            raise JournalError(f"cannot write {self.path}: {error.strerror or error}") from None

    def add(self, item: WorkItem, record: RunRecord) -> None:
        """Write one finished run at once (flushed: a kill a moment later keeps it)."""
        self.done[item_key(item)] = record
        if self._handle is not None:
            self._write({"key": item_key(item), "record": asdict(record)})

    def _write(self, data: Mapping[str, Any]) -> None:
        assert self._handle is not None
        self._handle.write(json.dumps(data, ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

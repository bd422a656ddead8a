"""A tiny fake UCI engine for the cross-check tests: answers uci / isready / position / go with a
configured `info score mate N` and `bestmove`, so no test needs Stockfish.

Options (command-line arguments): `--mate N` (the mate it reports; omit for a centipawn score),
`--bestmove UCI` (default: the first legal move is not known here, so e2e4 unless given),
`--pv UCI…` (the principal variation, default the best move alone), `--delay S` (seconds before
answering `go`), `--ignore-stop` (never answer `stop`: a hung engine), `--no-uciok` (never finish
the handshake: not a UCI engine), `--name NAME`, `--nodes N`, `--log FILE` (every command read).
"""

from __future__ import annotations

import argparse
import sys
import threading


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mate", type=int)
    parser.add_argument("--bestmove", default="e2e4")
    parser.add_argument("--pv", nargs="*")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--ignore-stop", action="store_true")
    parser.add_argument("--no-uciok", action="store_true")
    parser.add_argument("--name", default="FakeFish 1")
    parser.add_argument("--nodes", type=int, default=4321)
    parser.add_argument("--log")
    options = parser.parse_args()
    pv = options.pv or [options.bestmove]
    answered = threading.Event()
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def answer() -> None:
        """The search's result, once: after the delay or at `stop`, whichever comes first."""
        if answered.is_set():
            return
        answered.set()
        score = f"mate {options.mate}" if options.mate is not None else "cp 35"
        say(
            f"info depth 7 seldepth 9 score {score} nodes {options.nodes} time 12 pv {' '.join(pv)}"
        )
        say(f"bestmove {options.bestmove}")

    for line in sys.stdin:
        command = line.strip()
        if options.log:
            with open(options.log, "a", encoding="utf-8") as log:
                log.write(command + "\n")
        if command == "uci":
            say(f"id name {options.name}")
            say("id author the PN Explorer tests")
            say("option name Threads type spin default 4 min 1 max 512")
            say("option name Hash type spin default 16 min 1 max 33554432")
            if not options.no_uciok:
                say("uciok")
        elif command == "isready":
            say("readyok")
        elif command.startswith("go"):
            answered.clear()
            timer = threading.Timer(options.delay, answer)
            timer.daemon = True
            timer.start()
        elif command == "stop" and not options.ignore_stop:
            answer()
        elif command == "quit":
            return


if __name__ == "__main__":
    main()

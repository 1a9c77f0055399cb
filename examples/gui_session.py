"""A front end refereeing one whole hand through the engine process, every seat
played by the engine from its own information; prints the session as the GUI
sees it ('> ' sent, '< ' received). docs/PROTOCOL_GUIDE.md is made from it.

    python examples/gui_session.py [--variant american] [--seed 3] [--iterations 300]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import copas_ai as ca


class Engine:
    def __init__(self, log) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "copas_ai", "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.log = log

    def send(self, line: str) -> None:
        self.log(f"> {line}")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, *last_words: str) -> list[str]:
        lines = []
        while True:
            line = self.proc.stdout.readline().rstrip("\n")
            self.log(f"< {line}")
            lines.append(line)
            if line.split(" ", 1)[0] in last_words:
                return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", default="american")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=300)
    args = parser.parse_args()
    engine = Engine(print)
    engine.send("copas")
    engine.until("copasok")
    engine.send("setoption name Seed value 1")
    engine.send("isready")
    engine.until("readyok")
    rules = ca.find_variant(args.variant).rules()
    dealt = ca.deal(rules, args.seed)
    head = f"position variant {args.variant} dealer 3 handno 0 " + " ".join(f"hand {s} {dealt[s]}" for s in range(4))
    # The pass: each seat chooses from its own hand (the engine reads only that seat's cards).
    passes = []
    for seat in range(4):
        engine.send(f"{head} seat {seat}")
        engine.send(f"go iterations {args.iterations * 10}")
        passes.append(engine.until("bestmove")[-1].split()[1])
    head += " " + " ".join(f"passed {s} {passes[s]}" for s in range(4))
    moves: list[str] = []
    while True:
        engine.send(f"{head} moves {' '.join(moves)}" if moves else head)
        engine.send("score")
        state = engine.until("state")[-1].split()
        if state[1] != "playing":
            break
        seat = state[3]
        engine.send(f"{head} seat {seat} moves {' '.join(moves)}" if moves else f"{head} seat {seat}")
        engine.send("legal")
        engine.until("legal")
        engine.send(f"go iterations {args.iterations}")
        card = engine.until("bestmove")[-1].split()[1]
        moves.append(f"{seat}:{card}")
    engine.send("quit")
    engine.proc.wait()


if __name__ == "__main__":
    main()

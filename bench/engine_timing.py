"""The real engine process under the clock, and a memory soak (not run in CI).

    python bench/engine_timing.py                 # 100 x `go movetime 200`, 100 x stop during `go infinite`
    python bench/engine_timing.py --soak 10000    # position/go cycles, engine RSS at start and end

Prints the distributions (median, 95th percentile, max) of the wall-clock time
from sending `go movetime 200` to reading `bestmove` (docs/PROTOCOL.md: within 250
ms), and from sending `stop` to reading `bestmove` (within 100 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.cep.process import EngineProcess  # noqa: E402

import copas_ai as ca  # noqa: E402


def positions(count: int, seed: int) -> list[str]:
    """Fully known american positions at random points of random hands, engine to act."""
    rules = ca.find_variant("american").rules()
    rng = random.Random(seed)
    out = []
    for i in range(count):
        dealt = ca.deal(rules, seed * 10_000 + i)
        pos = ca.Position(rules, dealt, dealer=3, hand_no=3)
        moves = []
        for _ in range(rng.randrange(0, 48)):
            card = rng.choice(list(pos.legal_moves()))
            moves.append(f"{pos.turn}:{card}")
            pos.push(card)
        text = "position variant american dealer 3 handno 3 " + " ".join(f"hand {s} {dealt[s]}" for s in range(4))
        out.append(f"{text} seat {pos.turn}" + (f" moves {' '.join(moves)}" if moves else ""))
    return out


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def summary(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--soak", type=int, default=0, help="position/go cycles for the memory soak")
    args = parser.parse_args()
    engine = EngineProcess()
    engine.ask("setoption name Hash value 64")
    if args.soak:
        texts = positions(200, 7)
        engine.ask(texts[0])
        start = rss_kb(engine.proc.pid)
        for i in range(args.soak):
            engine.send(texts[i % len(texts)])
            engine.send("go iterations 2000")
            engine.until(lambda line: line.startswith("bestmove"))
            if (i + 1) % 1000 == 0:
                print(f"{i + 1} cycles: RSS {rss_kb(engine.proc.pid)} kB (start {start} kB)", flush=True)
        print(f"soak: {args.soak} cycles, RSS {start} kB -> {rss_kb(engine.proc.pid)} kB")
    else:
        texts = positions(args.calls, 3)
        movetime, stop = [], []
        for text in texts:
            engine.ask(text)
            t0 = time.perf_counter()
            engine.send("go movetime 200")
            engine.until(lambda line: line.startswith("bestmove"))
            movetime.append((time.perf_counter() - t0) * 1000)
        rng = random.Random(1)
        for text in texts:
            engine.ask(text)
            engine.send("go infinite")
            time.sleep(rng.uniform(0.05, 0.3))
            t0 = time.perf_counter()
            engine.send("stop")
            engine.until(lambda line: line.startswith("bestmove"))
            stop.append((time.perf_counter() - t0) * 1000)
        print(summary("go movetime 200 -> bestmove", movetime))
        print(summary("stop during go infinite -> bestmove", stop))
    engine.send("quit")
    engine.close()


if __name__ == "__main__":
    main()

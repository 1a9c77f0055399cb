"""A tiny CEP/1 engine with canned answers and no copas_ai inside: the client
(copas_ai.engine) must work with any engine that speaks the protocol."""

import sys


def main() -> int:
    position = None
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd, args = words[0].lower(), words[1:]
        out = []
        if cmd == "copas":
            out = ["id name tiny", "id version 9.9", "id author nobody",
                   "option name MultiMove type check default false",
                   "option name Style type combo default calm var calm var wild", "copasok"]
        elif cmd == "isready":
            out = ["readyok"]
        elif cmd == "setoption":
            if len(args) < 2 or args[1] not in ("MultiMove", "Style"):
                out = ["error setoption no such option"]
        elif cmd == "variants":
            out = ["variant tiny-hearts players 3-6 goal high name Tiny Hearts",
                   "variant tiny-odd players 3,5,7-8 goal low name Tiny Odd", "variantsok"]
        elif cmd == "position":
            if "bad" in args:
                out = ["error position bad: refused"]
            else:
                position = args
        elif cmd == "legal":
            out = ["legal 2C 3C AS"] if position else ["error legal no position"]
        elif cmd == "go":
            out = ["info time 5 iterations 100 ips 20000 depth 3",
                   "info move 2C score 1.5 stderr 0.5 visits 60",
                   "info move AS score -2.25 stderr 0.75 visits 40", "bestmove AS"]
        elif cmd == "solve":
            out = ["info move 2C score 4", "info move AS score 0", "bestmove AS"]
        elif cmd == "score":
            out = ["score 1 2 3", "total 11 12 13", "state playing turn 2"]
        elif cmd == "show":
            out = ["# tiny picture", "# second line"]
        elif cmd == "quit":
            return 0
        else:
            out = [f"error {cmd} unknown command"]
        for line in out:
            sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

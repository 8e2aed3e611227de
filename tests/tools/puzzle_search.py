#!/usr/bin/env python3
"""Looks for puzzle candidates among positions of random games (`hexlab bench positions`): positions where the
side to move wins with exactly one move (or at most `--max-winning`), found by `hexlab solve --all-winning`,
whose root is not decided by H-search alone (a move must be found), solved within a node budget so the page
judges attempts in seconds. Prints one JSON line per candidate (its set-up code, winning moves, nodes, and where
it comes from: size, seed and index in the `bench positions` output). The built-in collection
(web/puzzles/collection.json) was picked from these lines; `tests/tools/prove-puzzles.mjs` proves it again.

    python3 tests/tools/puzzle_search.py --size 7 --seed 3 --count 40 --min-stones 14 --max-stones 24
    python3 tests/tools/puzzle_search.py --size 5 --line b2 --max-winning 2   # along the solver's line from b2
"""

import argparse
import json
import subprocess
import sys

HEXLAB = "target/release/hexlab"


def run(*args, timeout=120):
    out = subprocess.run([HEXLAB, *args], capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    return out.stdout


def setup_code(code):
    """The position of a game code as a set-up (its stones, its side to move), canonical."""
    p = json.loads(run("position", "--position", code, "--json"))
    fields = [f"size={p['size']}" if p["width"] == p["height"] else f"size={p['width']}x{p['height']}"]
    if not p["swap_rule"]:
        fields.append("swap=no")
    if p["black"]:
        fields.append("b=" + ",".join(p["black"]))
    if p["white"]:
        fields.append("w=" + ",".join(p["white"]))
    fields.append(f"turn={p['to_move']}")
    return json.loads(run("position", "--position", "&".join(fields), "--json"))["code"], p


def solve(code, time_limit):
    return json.loads(run("solve", "--position", code, "--all-winning", "--json", "--time-limit", str(time_limit)))


def candidate(code, p, report, args, origin):
    """The JSON line of a candidate, or None when the position is not one."""
    winning = report["winning_moves"]
    reason = (report.get("proof") or {}).get("reason")
    ok = report["winner"] == report["to_move"] and 1 <= len(winning) <= args.max_winning
    ok = ok and reason in args.reasons.split(",") and report["nodes"] <= args.max_nodes
    if not ok:
        return None
    return json.dumps({"code": code, "to_move": report["to_move"], "winning": winning, "nodes": report["nodes"],
                       "ms": round(report["ms"]), "reason": reason, "stones": len(p["black"]) + len(p["white"]),
                       "legal": len(p["legal"]), "from": origin})


def follow_line(args):
    """Positions along the solver's principal variation from an opening (`--line CELL`): natural positions of
    perfect play, each a candidate when its side to move has few winning moves."""
    moves = [args.line]
    for _ in range(args.size * args.size):
        game = f"size={args.size}&swap=no&moves={','.join(moves)}"
        code, p = setup_code(game)
        if p["winner"]:
            return
        report = solve(code, args.time_limit)
        line = candidate(code, p, report, args, f"the principal variation of hexlab's proof from the {args.size}x{args.size} opening {args.line}, after {' '.join(moves)}")
        if line:
            print(line, flush=True)
        if not report["pv"]:
            return
        moves.append(report["pv"][0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--line", help="follow the solver's principal variation from this opening instead")
    ap.add_argument("--reasons", default="children", help="root reasons accepted (children: a move must be searched)")
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--min-stones", type=int, default=8)
    ap.add_argument("--max-stones", type=int, default=16)
    ap.add_argument("--max-winning", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, default=400)
    ap.add_argument("--time-limit", type=float, default=20)
    args = ap.parse_args()
    if args.line:
        return follow_line(args)
    games = run("bench", "positions", "--size", str(args.size), "--count", str(args.count), "--seed", str(args.seed),
                "--min-stones", str(args.min_stones), "--max-stones", str(args.max_stones)).split()
    for index, game in enumerate(games):
        code, p = setup_code(game)
        try:
            report = solve(code, args.time_limit)
        except Exception as err:  # noqa: BLE001
            print(f"# {code}: {err}", file=sys.stderr)
            continue
        origin = (f"a random game (bench positions --size {args.size} --seed {args.seed} --min-stones {args.min_stones}"
                  f" --max-stones {args.max_stones}, game {index + 1})")
        line = candidate(code, p, report, args, origin)
        if line:
            print(line, flush=True)


if __name__ == "__main__":
    main()

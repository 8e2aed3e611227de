#!/usr/bin/env python3
"""CPU time per GTP command, engine beside engine: for each engine, a GTP script sets up every
position of a set (`hexlab bench positions` lines) and asks COMMAND for the side to move; the same
script without COMMAND is timed too, and the difference over the number of positions is the
command's CPU time (`perf stat -e task-clock`, user and system time of the whole process, so
start-up and set-up cancel out). The engines take turns, each pair of scripts `--reps` times; the
figure is the median (Benzene's start-up varies a lot from run to run, which is why the sets are
large). With `--instructions` it counts user-space instructions (`instructions:u`) instead, where
the machine has the counter.

Engines that keep the answer of a position they have seen (Benzene's `compute-inferior`) must see
each position once: the positions of `--warm` are asked first, unmeasured, and every position of
`--set` only once per run.

    python3 tests/tools/gtp_cpu.py --engine hexlab='target/release/hexlab gtp' \\
        --engine benzene='/tmp/benzsrc/build/src/mohex/mohex --use-logfile=0' \\
        --set q11.txt --warm w11.txt --command compute-inferior --reps 7

where `hexlab bench positions --size 11 --count 1000 --seed 1234 --min-stones 16 --max-stones 40
> q11.txt` and `--count 20 --seed 99 > w11.txt`.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile


def positions(path):
    """(size, moves) of each line `size=N&...&moves=a1,b2,...` of a set file."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            fields = dict(part.split("=", 1) for part in line.split("&"))
            moves = [m for m in fields.get("moves", "").split(",") if m]
            out.append((int(fields["size"]), moves))
    return out


def script(sets, command):
    """GTP lines setting up each position and, if `command`, asking it for the side to move."""
    lines = []
    for size, moves in sets:
        lines += [f"boardsize {size}", "clear_board"]
        color = "b"
        for move in moves:
            lines.append(f"play {color} {move}")
            color = "w" if color == "b" else "b"
        if command:
            lines.append(f"{command} {color}")
    return lines


def measure(engine, lines, event):
    """The `event` count of the engine running `lines` (then quit)."""
    with tempfile.NamedTemporaryFile("w", suffix=".gtp") as f:
        f.write("\n".join(lines + ["quit"]) + "\n")
        f.flush()
        run = subprocess.run(
            f"perf stat -x, -e {event} -- {engine} < {f.name} > /dev/null",
            shell=True,
            capture_output=True,
            text=True,
            check=True,
        )
    for line in run.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith(event.split(":")[0]):
            if fields[0].startswith("<"):
                sys.exit(f"perf cannot count {event} here: {line}")
            return float(fields[0])
    sys.exit(f"no {event} count in perf's output:\n{run.stderr}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", required=True, help="NAME=COMMAND")
    parser.add_argument("--set", required=True)
    parser.add_argument("--warm", help="positions asked first, not measured")
    parser.add_argument("--command", default="compute-inferior")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    event = "instructions:u" if args.instructions else "task-clock"
    engines = [e.split("=", 1) for e in args.engine]
    measured = positions(args.set)
    warm = script(positions(args.warm), args.command) if args.warm else []
    with_command = warm + script(measured, args.command)
    without = warm + script(measured, None)
    per = {name: [] for name, _ in engines}
    for rep in range(args.reps):
        for name, command in engines:
            diff = measure(command, with_command, event) - measure(command, without, event)
            per[name].append(diff / len(measured))
            unit = "ms" if event == "task-clock" else "instructions"
            print(f"round {rep + 1} {name}: {per[name][-1]:.4g} {unit} per position", flush=True)
    for name, values in per.items():
        shown = " ".join(f"{v:.4g}" for v in values)
        print(f"{name}: median {statistics.median(values):.4g} (of {shown})")


if __name__ == "__main__":
    main()

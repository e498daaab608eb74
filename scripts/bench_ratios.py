#!/usr/bin/python3
"""Ratios for scripts/bench: AccelLab variants against the bandwidth ceiling, NumPy and Numba, and
(triad, reduce) against an OpenMP non-temporal triad and an OpenMP read-only sum."""
import json
import sys


def last_run(path):
    """The run a bench command just made: the last of its session file."""
    with open(path) as f:
        return json.load(f)["runs"][-1]


def best(points, variant):
    ok = [p for p in points if p["variant"] == variant and p["status"] == "ok"]
    return min(ok, key=lambda p: p["stats"]["median_s"]) if ok else None


def best_cpu(points):
    cpu = [p for p in points if p["status"] == "ok" and p["variant"] != "gpu"]
    return max(cpu, key=lambda p: p["bytes_per_s"]) if cpu else None


def main():
    add = last_run(sys.argv[1])
    pi = last_run(sys.argv[2])
    ref = json.load(open(sys.argv[3]))
    ceiling = add["system"]["bandwidth_ceiling_bytes_per_s"]
    print(f"bandwidth ceiling: {ceiling / 1e9:.1f} GB/s ({add['system'].get('bandwidth_method', '')})")
    print(f"{'ratio':58} {'value':>10}")

    def row(label, value, unit=""):
        print(f"{label:58} {value:>9.2f}{unit}")

    cpu = [p for p in add["points"] if p["status"] == "ok" and p["variant"] != "gpu"]
    top = max(cpu, key=lambda p: p["bytes_per_s"])
    row(f"add: best CPU variant ({top['variant']}, {top['threads']} thr) / ceiling",
        100 * top["bytes_per_s"] / ceiling, " %")
    vec, par = best(add["points"], "vectorized"), best(add["points"], "parallel")
    if vec:
        row("add: vectorized speedup over np.add(a, 2, out=b)",
            ref["numpy_add_s"] / vec["stats"]["median_s"], "x")
    if par:
        row(f"add: parallel ({par['threads']} thr) speedup over Numba prange",
            ref["numba_prange_add_s"] / par["stats"]["median_s"], "x")
    pipar = best(pi["points"], "parallel")
    if pipar:
        row(f"pi: parallel ({pipar['threads']} thr) throughput / Numba prange",
            ref["numba_prange_pi_s"] / pipar["stats"]["median_s"], "x")
    if len(sys.argv) > 6:
        triad = last_run(sys.argv[4])
        reduce = last_run(sys.argv[5])
        stream = json.load(open(sys.argv[6]))
        top = best_cpu(triad["points"])
        if top:
            row(f"triad best CPU ({top['variant']}, {top['threads']} thr) / OpenMP NT triad",
                100 * top["bytes_per_s"] / stream["nt_triad_bytes_per_s"], " %")
        top = best_cpu(reduce["points"])
        if top:
            row(f"reduce best CPU ({top['variant']}, {top['threads']} thr) / read bandwidth",
                100 * top["bytes_per_s"] / stream["read_bytes_per_s"], " %")


if __name__ == "__main__":
    main()

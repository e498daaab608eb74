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


def on_host(point):
    return not point["variant"].startswith("gpu") and point["variant"] != "numba-cuda"


def best_cpu(points, rate="bytes_per_s"):
    cpu = [p for p in points if p["status"] == "ok" and on_host(p)]
    return max(cpu, key=lambda p: p.get(rate, 0)) if cpu else None


def fastest(points, variant):
    """The variant's point with the most threads (the machine's whole CPU)."""
    ok = [p for p in points if p["variant"] == variant and p["status"] == "ok"]
    return max(ok, key=lambda p: (p["threads"], -p["stats"]["median_s"])) if ok else None


def peak(system, dtype, threads):
    """The measured compute ceiling of `dtype` on the best SIMD target with `threads` threads."""
    roofs = [c for c in system.get("compute_ceilings", [])
             if c["dtype"] == dtype and c["gpu_index"] == -1 and c["isa"] != "scalar"
             and c["threads"] == threads]
    return max((c["flops_per_s"] for c in roofs), default=0)


def main():
    add = last_run(sys.argv[1])
    pi = last_run(sys.argv[2])
    ref = json.load(open(sys.argv[3]))
    ceiling = add["system"]["bandwidth_ceiling_bytes_per_s"]
    print(f"bandwidth ceiling: {ceiling / 1e9:.1f} GB/s ({add['system'].get('bandwidth_method', '')})")
    print(f"{'ratio':58} {'value':>10}")

    def row(label, value, unit=""):
        print(f"{label:58} {value:>9.2f}{unit}")

    top = best_cpu(add["points"])
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
    if len(sys.argv) > 9:
        stencil = last_run(sys.argv[7])
        matmul = last_run(sys.argv[8])
        python = last_run(sys.argv[9])
        top = best_cpu(stencil["points"])
        if top:
            row(f"stencil best CPU ({top['variant']}, {top['threads']} thr) / copy ceiling",
                100 * top["bytes_per_s"] / stencil["system"]["bandwidth_ceiling_bytes_per_s"],
                " %")
        blas, parallel = fastest(matmul["points"], "blas"), fastest(matmul["points"], "parallel")
        if blas:
            roof = peak(matmul["system"], "f64", blas["threads"])
            if roof:
                row(f"matmul f64: blas ({blas['threads']} thr) / measured f64 peak",
                    100 * blas["flops_per_s"] / roof, " %")
            if parallel:
                row(f"matmul f64: parallel ({parallel['threads']} thr) / blas",
                    100 * parallel["flops_per_s"] / blas["flops_per_s"], " %")
        for variant, key in (("numpy-out", "numpy_add_s"), ("numba-prange", "numba_prange_add_s")):
            point = best(python["points"], variant)
            if point:
                row(f"add: AccelLab's {variant} time / the same code by hand",
                    point["stats"]["median_s"] / ref[key], "x")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""NumPy and Numba reference timings for scripts/bench, measured the way AccelLab measures:
random non-zero inputs, warm-up (JIT compilation) outside the numbers, many repetitions, median."""
import argparse
import json
import statistics
import time

import numpy as np
import numba
from numba import njit, prange


@njit(parallel=True, cache=False)
def add_prange(a, out):
    # C order, z outermost: the cache-friendly order, so Numba gets a fair comparison.
    for z in prange(a.shape[0]):
        for y in range(a.shape[1]):
            for x in range(a.shape[2]):
                out[z, y, x] = a[z, y, x] + 2.0


@njit(parallel=True, cache=False)
def pi_prange(n):
    hits = 0
    for _ in prange(n):
        x = np.random.random()
        y = np.random.random()
        if x * x + y * y < 1.0:
            hits += 1
    return hits


def median_time(fn, min_reps, min_time):
    fn()  # warm-up: JIT compilation and first-touch stay out of the numbers
    samples = []
    start = time.perf_counter()
    while len(samples) < min_reps or time.perf_counter() - start < min_time:
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples), len(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", required=True, help="ZxYxX of the add array")
    parser.add_argument("--samples", type=float, required=True, help="pi sample count")
    parser.add_argument("--min-time", type=float, default=2.0)
    args = parser.parse_args()

    shape = tuple(int(v) for v in args.shape.split("x"))
    rng = np.random.default_rng(20261130)
    a = rng.uniform(1.0, 2.0, size=shape)
    out = np.full(shape, np.nan)
    n = int(args.samples)
    results = {"numba_threads": numba.get_num_threads(), "numpy": np.__version__,
               "numba": numba.__version__, "elements": a.size, "samples": n}

    results["numpy_add_s"], _ = median_time(lambda: np.add(a, 2.0, out=out), 5, args.min_time)
    assert np.array_equal(out, a + 2.0)
    results["numba_prange_add_s"], _ = median_time(lambda: add_prange(a, out), 5, args.min_time)
    assert np.array_equal(out, a + 2.0)
    results["numba_prange_pi_s"], _ = median_time(lambda: pi_prange(n), 5, args.min_time)
    print(json.dumps(results))


if __name__ == "__main__":
    main()

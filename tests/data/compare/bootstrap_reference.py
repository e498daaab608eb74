#!/usr/bin/python3
# Prints the reference rows of tests/core/tst_compare_stats.cpp (bootstrap_data): the 95 %
# percentile bootstrap interval of median(new) / median(base) as scipy.stats.bootstrap
# computes it (SciPy 1.10, Debian 12's python3-scipy, not a dependency of AccelLab) with
# 100000 resamples, so that its own resampling noise is far below the test's tolerance.
# Run: /usr/bin/python3 bootstrap_reference.py
import numpy as np
import scipy
from scipy.stats import bootstrap

CASES = [
    ("timings 12 vs 12, 10 % slower",
     [1.02, 0.98, 1.01, 0.99, 1.05, 1.00, 0.97, 1.03, 1.01, 0.96, 1.04, 1.00],
     [1.12, 1.08, 1.10, 1.11, 1.06, 1.13, 1.09, 1.10, 1.15, 1.07, 1.11, 1.09]),
    ("noisy 30 vs 25, same median",
     [float(v) for v in np.round(np.random.default_rng(7).lognormal(0, 0.2, 30), 4)],
     [float(v) for v in np.round(np.random.default_rng(8).lognormal(0, 0.2, 25), 4)]),
]

ratio = lambda base, new, axis: np.median(new, axis=axis) / np.median(base, axis=axis)
print(f"// scipy {scipy.__version__}")
for name, base, new in CASES:
    r = bootstrap((base, new), ratio, n_resamples=100000, method="percentile", vectorized=True,
                  random_state=np.random.default_rng(1))
    values = lambda v: ", ".join(repr(e) for e in v)
    ci = r.confidence_interval
    print(f'row("{name}", {{{values(base)}}}, {{{values(new)}}}, {ci.low!r}, {ci.high!r});')

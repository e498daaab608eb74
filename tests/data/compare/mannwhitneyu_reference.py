#!/usr/bin/python3
# Prints the reference rows of tests/core/tst_compare_stats.cpp (mannWhitneyU_data):
# scipy.stats.mannwhitneyu(x, y, alternative='two-sided') with SciPy 1.10 (Debian 12's
# python3-scipy, not a dependency of AccelLab). Run: /usr/bin/python3 mannwhitneyu_reference.py
import scipy
from scipy.stats import mannwhitneyu

CASES = [
    ("exact 4 vs 5", [1.1, 2.3, 0.7, 3.5], [4.2, 5.1, 3.9, 6.0, 2.8]),
    ("exact 8 vs 8 overlapping", [2.1, 3.4, 1.9, 5.6, 4.4, 3.3, 2.8, 4.9],
     [3.0, 4.1, 5.2, 6.3, 2.2, 5.8, 4.7, 6.9]),
    ("exact separated 5 vs 5", [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]),
    ("exact 1 vs 1", [1.0], [2.0]),
    ("exact 3 vs 12", [0.9, 1.4, 0.8],
     [1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2]),
    ("ties make it asymptotic", [1, 2, 2, 3], [2, 3, 4, 4, 5]),
    ("asymptotic 10 vs 12", [10.2, 9.8, 10.5, 10.1, 9.9, 10.7, 10.3, 10.0, 9.7, 10.4],
     [10.6, 11.1, 10.9, 11.4, 10.8, 11.0, 11.3, 10.2, 11.2, 11.5, 10.95, 11.05]),
    ("asymptotic with ties", [3, 3, 4, 4, 4, 5, 5, 6, 6, 7],
     [4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9]),
    ("identical", [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3],
     [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3]),
    ("all equal", [2.0, 2.0, 2.0], [2.0, 2.0]),
]

print(f"// scipy {scipy.__version__}")
for name, x, y in CASES:
    r = mannwhitneyu(x, y, alternative="two-sided")
    exact = "true" if min(len(x), len(y)) <= 8 and len(set(x + y)) == len(x + y) else "false"
    values = lambda v: ", ".join(repr(float(e)) for e in v)
    print(f'row("{name}", {{{values(x)}}}, {{{values(y)}}}, {float(r.statistic)!r}, '
          f'{float(r.pvalue)!r}, {exact});')

"""Libraries that run threads of their own, behind one Python call each.

Each benchmark is one thread of Python; what the libraries underneath do is not. AccelLab
measures the cores each point kept busy (its CPU time over its wall time), so the table says
which of them ran on more than the one thread they look like.
"""
import numpy as np

params = [[1_000_000]]
param_names = ["n"]


def setup(n):
    global a, b, m
    rng = np.random.default_rng(seed=n)
    a = rng.random(n)
    b = rng.random(n)
    m = rng.random((512, 512))


def time_numpy_sum(n):
    "NumPy's sum: one thread"
    a.sum()


def time_matmul(n):
    "np.dot of 512x512 matrices: OpenBLAS, on its own threads"
    np.dot(m, m)


def time_dask_sort(n):
    "dask.array: four chunks sorted (np.sort lets go of the GIL) on the threaded scheduler's pool"
    import dask.array as da
    da.from_array(a, chunks=n // 4).map_blocks(np.sort).sum().compute(scheduler="threads")

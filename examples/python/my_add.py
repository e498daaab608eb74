"""Your own versions of AccelLab's add (b = a + 2), joined to its kernel with accellab.Builtin:
each is called with add's own arrays, verified against add's reference and measured and charted
beside add's C++ variants (docs/python.md, "Joining a built-in kernel").

    accellab-cli run --python examples/python/my_add.py --shape 64x256x256 \\
        --variants loop,vectorized,parallel,numpy_out,slow_python_rows,numba_prange
"""
import functools

import numpy as np

import accellab

add = accellab.Builtin("add")


@add.variant
def numpy_out(a, b, addend):
    """NumPy in place: np.add(a, addend, out=b)"""
    np.add(a, addend, out=b)


@add.variant
def slow_python_rows(a, b, addend):
    """NumPy one row at a time, from a Python loop"""
    for z in range(a.shape[0]):
        for y in range(a.shape[1]):
            b[z, y] = a[z, y] + addend


@functools.lru_cache(maxsize=None)
def _prange():
    import numba  # imported at the first call, so the file lists where Numba is missing

    @numba.njit(parallel=True)
    def flat(a, b, addend):
        for i in numba.prange(a.size):
            b[i] = a[i] + addend
    return flat


@add.variant(threads="numba")
def numba_prange(a, b, addend):
    """Numba parallel over the flattened array (its first call compiles it)"""
    _prange()(a.reshape(-1), b.reshape(-1), addend)

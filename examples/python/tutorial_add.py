"""The tutorial's b = a + 2 as one AccelLab kernel of five variants (docs/python.md).

asv_style.py beside this file is the same comparison in plain asv conventions: there each
benchmark is on its own, unverified, timed per call. Here the accellab module says what asv
cannot: the benchmarks are variants of one kernel, `add2`; the Python loop is its reference,
whose output every other variant's must match (it is also the speedups' baseline); one call
reads 8 bytes and writes 8 bytes per element, one FLOP each, so AccelLab shows bandwidth and
FLOP rate against the machine's ceilings; the GPU variant is timed with CUDA events.

Each variant returns its output, which AccelLab compares after the timed runs. A variant that
cannot run here (no Numba, no GPU) raises NotImplementedError in its setup: that point is
skipped with the reason.
"""
import numpy as np

import accellab

try:
    import numba
except ImportError:
    numba = None
try:
    from numba import cuda
except ImportError:
    cuda = None

add2 = accellab.Kernel(
    "add2", work=lambda n: accellab.Work(elements=n, bytes=16 * n, flops=n), rtol=0)

# Elements: 8 KiB arrays (in L1) and 800 KiB (in L2); the Python loop is about 100 ns an
# element, so no larger size by default.
params = [[1_000, 100_000]]
param_names = ["n"]


def setup(n):
    """Random inputs, the same for every variant (the reference's output is compared with
    theirs), and an output poisoned with NaN: a variant that writes nothing fails."""
    global a, b
    a = np.random.default_rng(seed=n).random(n)
    b = np.full(n, np.nan)


@add2.reference
def time_python_loop(n):
    """the tutorial's loop, element by element"""
    for i in range(n):
        b[i] = a[i] + 2
    return b


@add2.variant
def time_numpy(n):
    """np.add(a, 2, out=b)"""
    return np.add(a, 2, out=b)


if numba is not None:
    @numba.njit
    def add_njit(a, b):
        for i in range(a.size):
            b[i] = a[i] + 2

    @numba.njit(parallel=True)
    def add_prange(a, b):
        for i in numba.prange(a.size):
            b[i] = a[i] + 2


def needs_numba(n):
    if numba is None:
        raise NotImplementedError("Numba is not installed")


@add2.variant
def time_njit(n):
    """numba.njit, one thread (its first call compiles)"""
    add_njit(a, b)
    return b


@add2.variant(threads="numba")
def time_prange(n):
    """numba.njit(parallel=True) with prange, on the point's threads"""
    add_prange(a, b)
    return b


time_njit.setup = time_prange.setup = needs_numba

if cuda is not None:
    @cuda.jit
    def add_kernel(a, b):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = a[i] + 2


def on_gpu(n):
    """The arrays on the GPU before the timed calls: the kernel alone is timed."""
    global a_device, b_device
    if cuda is None or not cuda.is_available():
        raise NotImplementedError("no CUDA GPU for Numba here")
    a_device = cuda.to_device(a)
    b_device = cuda.device_array_like(b)


@add2.variant(device="numba")
def time_numba_cuda(n):
    """numba.cuda.jit, 256 threads a block, timed with CUDA events"""
    add_kernel[(n + 255) // 256, 256](a_device, b_device)
    return b_device


time_numba_cuda.setup = on_gpu

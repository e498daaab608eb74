"""The tutorial's first kernel, b = a + 2 over a float64 array, as an asv benchmark file.

Plain airspeed velocity conventions, no AccelLab import: asv runs this file as it is, and so
does AccelLab (docs/python.md). Four ways of writing the same loop: a Python loop (on small
arrays only: it is about 100 ns per element), NumPy, and Numba's njit and prange where Numba is
installed (elsewhere their setup raises NotImplementedError, so those points are skipped with
the reason, not failed).
"""
try:
    import numpy as np
except ImportError:
    np = None
try:
    import numba
except ImportError:
    numba = None

# Elements of the arrays: 8 KiB (in L1), 800 KiB (in L2/L3), 80 MiB (in memory).
SIZES = [1_000, 100_000, 10_000_000]


def setup(*params):
    """Module level: asv runs it before every benchmark of the file, with that benchmark's
    parameters (hence *params)."""
    if np is None:
        raise NotImplementedError("NumPy is not installed")


def arrays(n):
    a = np.random.default_rng(0).random(n)
    return a, np.empty_like(a)


# A benchmark-level setup, given as an attribute of the function.
loop_arrays = {}


def setup_loop(n):
    loop_arrays["a"], loop_arrays["b"] = arrays(n)


def time_python_loop(n):
    """The tutorial's loop, element by element, in the interpreter."""
    a, b = loop_arrays["a"], loop_arrays["b"]
    for i in range(n):
        b[i] = a[i] + 2


time_python_loop.setup = setup_loop
time_python_loop.params = [1_000, 100_000]  # a single list: one axis (no 1e7: seconds a call)
time_python_loop.param_names = ["n"]
time_python_loop.pretty_name = "python loop"


class _Arrays:
    """The arrays of one size. Its name starts with _, so its methods are no benchmarks of
    their own; the classes below inherit its axes and setup."""
    params = [SIZES]
    param_names = ["n"]

    def setup(self, n):
        self.a, self.b = arrays(n)


class AddNumPy(_Arrays):
    """NumPy: the tutorial's form (a new array each call) and the one that reuses b."""

    def time_new_array(self, n):
        """a + 2, into a new array"""
        self.a + 2

    def time_out(self, n):
        """np.add(a, 2, out=b)"""
        np.add(self.a, 2, out=self.b)


if numba is not None:
    @numba.njit
    def add_njit(a, b):
        for i in range(a.size):
            b[i] = a[i] + 2

    @numba.njit(parallel=True)
    def add_prange(a, b):
        for i in numba.prange(a.size):
            b[i] = a[i] + 2


class AddNumba(_Arrays):
    """Numba: the same loop compiled, on one thread and on all of them. The first call
    compiles (AccelLab shows it as the first call, apart)."""
    timeout = 120.0  # the compile, on a slow machine

    def setup(self, n):
        if numba is None:
            raise NotImplementedError("Numba is not installed")
        super().setup(n)

    def time_njit(self, n):
        """numba.njit: one thread"""
        add_njit(self.a, self.b)

    def time_prange(self, n):
        """numba.njit(parallel=True) with prange: all of Numba's threads"""
        add_prange(self.a, self.b)


def mem_array():
    """asv: the size of the object returned. AccelLab lists it as not measured."""
    return np.empty(1_000)


def track_prange_threads():
    """asv: records the number returned. AccelLab lists it as not measured."""
    return numba.get_num_threads() if numba is not None else 0


track_prange_threads.unit = "threads"

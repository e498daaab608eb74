"""AccelLab's decorators for asv-style benchmark files (docs/python.md, "The accellab module").

They say what asv's conventions cannot: which benchmarks are variants of one kernel, which of
them is the reference the others' outputs are checked against, the work of one call, and which
run on a GPU. They change nothing asv sees: a decorated `time_*` function is the same function
with a few attributes more, so a file that uses them still runs under asv (with this file on
PYTHONPATH: /usr/share/accellab/python). Inside AccelLab's child, `import accellab` finds this
module without any path set.

    add2 = accellab.Kernel("add2", work=lambda n: accellab.Work(elements=n, bytes=16 * n))

    @add2.reference
    def time_loop(n): ...          # returns its output

    @add2.variant
    def time_numpy(n): ...         # returns its output, compared with time_loop's

    @add2.variant(threads="numba")
    def time_prange(n): ...        # Numba's threads set to the point's count
"""
import math

__all__ = ["DEVICES", "THREADS", "Builtin", "Kernel", "Work"]

# The GPU libraries whose CUDA events time a device variant.
DEVICES = ("cupy", "numba")
# The libraries whose thread count AccelLab sets to the point's for a threaded variant.
THREADS = ("numba",)


def _count(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("Work's %s must be a non-negative integer, not %r" % (name, value))
    return value


class Work:
    """What one call of a variant does: the elements it produces, the bytes it reads and writes
    in memory, its floating-point operations. AccelLab divides them by the time per call for
    throughput, bandwidth and FLOP rate, and places the point on the roofline."""

    def __init__(self, elements=0, bytes=0, flops=0):
        self.elements = _count("elements", elements)
        self.bytes = _count("bytes", bytes)
        self.flops = _count("flops", flops)

    def __repr__(self):
        return "Work(elements=%d, bytes=%d, flops=%d)" % (self.elements, self.bytes, self.flops)


class Kernel:
    """One kernel whose variants are benchmarks of the file.

    `work`: a function of the benchmark's parameters (as asv passes them) returning a Work;
    None when the kernel declares none (time per call only). `rtol`: the largest relative
    difference, max |output - reference| / max |reference|, a variant's output may have from
    the reference's."""

    def __init__(self, name, work=None, rtol=1e-12):
        if not isinstance(name, str) or not name.strip():
            raise ValueError("a Kernel needs a name, not %r" % (name,))
        if work is not None and not callable(work):
            raise ValueError("Kernel %s: work must be a function of the parameters" % name)
        if not isinstance(rtol, (int, float)) or isinstance(rtol, bool) or not (
                math.isfinite(rtol) and rtol >= 0):
            raise ValueError("Kernel %s: rtol must be a finite number >= 0, not %r" %
                             (name, rtol))
        self.name, self.work, self.rtol = name, work, float(rtol)

    def variant(self, function=None, *, device=None, threads=None):
        """Marks a time_ benchmark as a variant of this kernel: `@kernel.variant`,
        `@kernel.variant(device="cupy")` for one timed with CUDA events, or
        `@kernel.variant(threads="numba")` for one whose Numba parallel code runs on the
        point's thread count (numba.set_num_threads)."""
        return self._mark(function, device, threads, False)

    def reference(self, function=None, *, device=None, threads=None):
        """Marks the variant whose output every variant's is compared with; it is the baseline
        of the speedups. One per kernel."""
        return self._mark(function, device, threads, True)

    def _mark(self, function, device, threads, reference):
        if device is not None and device not in DEVICES:
            raise ValueError("Kernel %s: device must be one of %s, not %r" %
                             (self.name, ", ".join(DEVICES), device))
        if threads is not None and threads not in THREADS:
            raise ValueError("Kernel %s: threads must be one of %s, not %r" %
                             (self.name, ", ".join(THREADS), threads))

        def mark(benchmark):
            benchmark.accellab_kernel = self
            benchmark.accellab_reference = reference
            benchmark.accellab_device = device
            benchmark.accellab_threads = threads
            return benchmark

        return mark if function is None else mark(function)

    def __repr__(self):
        return "accellab.Kernel(%r)" % self.name


class Builtin:
    """One of AccelLab's own kernels, which functions of a file join as variants: each is
    called with the kernel's arrays (its inputs, its output, then its constant), verified
    against its reference and charted beside its C++ variants, on the problems the run gives
    the kernel (--shape, --dtype). `accellab-cli list` shows the kernels that take functions
    and what each passes ("--python: def f(a, b, addend)"); AccelLab refuses any other name
    when it reads the file.

        add = accellab.Builtin("add")

        @add.variant
        def numpy_out(a, b, addend):
            np.add(a, addend, out=b)

    Name them without asv's time_ prefix: asv would call them with its own parameters."""

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("accellab.Builtin(%r): a kernel's name is a string" % (name,))
        self.name = name

    def variant(self, function=None, *, threads=None):
        """Marks a function as a variant of this kernel: `@kernel.variant`, or
        `@kernel.variant(threads="numba")` for one whose Numba parallel code runs on the
        point's thread count."""
        if threads is not None and threads not in THREADS:
            raise ValueError("Builtin %s: threads must be one of %s, not %r" %
                             (self.name, ", ".join(THREADS), threads))

        def mark(joined):
            if not callable(joined):
                raise ValueError("Builtin %s: %r is no function" % (self.name, joined))
            joined.accellab_builtin = self.name
            joined.accellab_threads = threads
            return joined

        return mark if function is None else mark(function)

    def __repr__(self):
        return "accellab.Builtin(%r)" % self.name


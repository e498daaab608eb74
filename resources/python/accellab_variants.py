"""The python backend's child: runs the tutorial's Python, NumPy and Numba code for AccelLab.

AccelLab embeds this script in its binary and starts it as `python3 -c`. It speaks one JSON
object per line: on stdin {"op": "prepare", ...} then {"op": "run"} any number of times; on
stdout one reply per request: the prepare's {"ok": true} (python-loop adds "estimate_s"), a
run's {"seconds": s} timed here with perf_counter around the tutorial's call (pi adds
"hits"), or {"error": "..."}. The arrays of add, and of a kernel a user's function joins
(variant "function"), are AccelLab's memory, inherited as file descriptors: AccelLab filled
the inputs and poisoned the output, and checks what lands there.
The CPU variants run on NumPy's own copies of them, as the tutorial's code does (own_output).
"""
import json
import math
import mmap
import os
import sys
import time

# AccelLab ends this process's group when it is done with it; should AccelLab itself die first
# (a second Ctrl+C quits at once), the kernel ends this process too (PR_SET_PDEATHSIG = 1).
try:
    import ctypes
    ctypes.CDLL(None).prctl(1, 9)
except (OSError, AttributeError):
    pass

# numba.cuda and NumPy may print on stdout; the protocol keeps the real stdout to itself.
protocol = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)

# pi's chunk for NumPy's vectorised form: 2 arrays of 8 MiB, not 2 of the whole sample count.
PI_NUMPY_CHUNK = 1 << 20
# What each kernel offers, checked before any import so that a typo is named as one.
VARIANTS = {
    "add": ("python-loop", "numpy", "numpy-out", "numba", "numba-prange", "dask", "numba-cuda"),
    "pi": ("python-loop", "numpy", "numba", "numba-prange", "numba-cuda"),
}
# Elements (add) or samples (pi) the python-loop calibration times.
CALIBRATION = 20000


def reply(message):
    protocol.write(json.dumps(message) + "\n")
    protocol.flush()


def shared_array(np, fd, dtype, shape):
    count = shape[0] * shape[1] * shape[2]
    buffer = mmap.mmap(fd, count * np.dtype(dtype).itemsize)
    return np.frombuffer(buffer, dtype=dtype).reshape(shape)


# The CPU variants compute on NumPy's own arrays, as the tutorial's code does: NumPy asks for
# transparent huge pages for large ones, while AccelLab's shared memory stays on 4 KiB pages
# where shmem huge pages are off (the default), and np.add ran up to 1.3x slower on it than by
# hand. The input is copied once; the copies around each run happen outside the timed call.
def own_output(np, shared_b):
    """An output of NumPy's own, and the steps around each timed call that carry AccelLab's
    poison into it and the result out of it."""
    b = np.empty_like(shared_b)
    return b, lambda: np.copyto(b, shared_b), lambda: np.copyto(shared_b, b)


def add_loop(a, b):
    # The tutorial's loop, in its order: x outermost, then z, y innermost.
    for x in range(a.shape[2]):
        for z in range(a.shape[0]):
            for y in range(a.shape[1]):
                b[z, y, x] = a[z, y, x] + 2


def pi_loop(n):
    import random
    hits = 0
    for _ in range(n):
        x = random.random()
        y = random.random()
        if x * x + y * y < 1.0:
            hits += 1
    return hits


def pi_numpy(np, n):
    hits = 0
    for begin in range(0, n, PI_NUMPY_CHUNK):
        m = min(PI_NUMPY_CHUNK, n - begin)
        x = np.random.random(m)
        y = np.random.random(m)
        hits += int(np.count_nonzero(x * x + y * y < 1.0))
    return hits


def loop_estimate(run_part, part, total):
    """Seconds the whole loop would take, from timing `part` of its `total` iterations."""
    start = time.perf_counter()
    run_part()
    return (time.perf_counter() - start) * total / max(part, 1)


def numba_with_threads(threads):
    # NUMBA_NUM_THREADS caps set_num_threads and is read once, at import.
    os.environ["NUMBA_NUM_THREADS"] = str(max(threads, os.cpu_count() or 1))
    import numba
    numba.set_num_threads(threads)
    return numba


def import_cuda():
    # The kernels find `cuda` and the generator among the script's globals, as in the
    # tutorial's module (numba's simulator, which swaps that global, needs it so too).
    # Imported only for numba-cuda: it is slow to import.
    global cuda, create_xoroshiro128p_states, xoroshiro128p_uniform_float64
    from numba import cuda
    from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float64


def user_function(path, name):
    """`name` of the user's file (accellab.Builtin), imported as the asv child listed it."""
    function = getattr(import_file(os.path.realpath(path)), name, None)
    if not callable(function):
        raise ValueError("%s has no function %s any more" % (path, name))
    return function


def shared_arrays(np, request):
    """The request's element type, and AccelLab's arrays by its fds: the inputs, then the
    output."""
    dtype = {"f32": np.float32, "f64": np.float64}[request["dtype"]]
    shape = tuple(request["shape"])
    return dtype, [shared_array(np, fd, dtype, shape) for fd in request["fds"]]


def prepare_add(request):
    import numpy as np
    variant = request["variant"]
    dtype, (shared_a, shared_b) = shared_arrays(np, request)
    prepared = {"ok": True}

    if variant == "numba-cuda":
        return prepare_add_cuda(prepared, shared_a, shared_b)
    a = shared_a.copy()

    if variant == "numpy":
        # The tutorial's form: a new array each call. Only `a + 2` is timed, as the tutorial
        # timed it; the copy into AccelLab's output follows outside the timed call.
        result = {}

        def tutorial():
            result["b"] = a + 2

        def result_out():
            shared_b[...] = result.pop("b")
        return prepared, tutorial, None, result_out

    b, copy_in, copy_out = own_output(np, shared_b)
    if variant == "python-loop":
        scratch = np.ones((1, 1, min(a.size, CALIBRATION)), dtype)
        prepared["estimate_s"] = loop_estimate(
            lambda: add_loop(scratch, scratch.copy()), scratch.size, a.size)
        return prepared, lambda: add_loop(a, b), copy_in, copy_out

    if variant == "numpy-out":
        return prepared, lambda: np.add(a, 2, out=b), copy_in, copy_out

    if variant == "numba":
        numba = numba_with_threads(1)

        @numba.njit
        def add_numba(a, b):
            for x in range(a.shape[2]):
                for z in range(a.shape[0]):
                    for y in range(a.shape[1]):
                        b[z, y, x] = a[z, y, x] + 2
        return prepared, lambda: add_numba(a, b), copy_in, copy_out

    if variant == "numba-prange":
        numba = numba_with_threads(request["threads"])

        @numba.njit(parallel=True)
        def add_prange(a, b):
            # C order, z outermost across the threads: the order that streams memory.
            for z in numba.prange(a.shape[0]):
                for y in range(a.shape[1]):
                    for x in range(a.shape[2]):
                        b[z, y, x] = a[z, y, x] + 2
        return prepared, lambda: add_prange(a, b), copy_in, copy_out

    if variant == "dask":
        return prepare_add_dask(prepared, a, b, request["threads"], copy_in, copy_out)


def prepare_add_dask(prepared, a, b, threads, copy_in, copy_out):
    import dask.array as da
    # Whole z-planes, two chunks a worker so the scheduler can balance them; one for 1 thread.
    pieces = min(a.shape[0], 1 if threads == 1 else 2 * threads)
    planes = -(-a.shape[0] // pieces)
    total = da.from_array(a, chunks=(planes, a.shape[1], a.shape[2])) + 2

    def run():
        da.store(total, b, lock=False, scheduler="threads", num_workers=threads)
    return prepared, run, copy_in, copy_out


def prepare_function(request):
    """A user's function joining a built-in kernel (accellab.Builtin): called with the
    kernel's inputs (fds before the last), its output (the last fd) and its constant."""
    import numpy as np
    dtype, arrays = shared_arrays(np, request)
    inputs = [shared.copy() for shared in arrays[:-1]]
    out, copy_in, copy_out = own_output(np, arrays[-1])
    # Its threads set first: Numba reads their cap once, at import.
    if request.get("threads_from") == "numba":
        numba_with_threads(request["threads"])
    function = user_function(request["file"], request["function"])
    constant = dtype(request["constant"])
    return {"ok": True}, lambda: function(*inputs, out, constant), copy_in, copy_out


def prepare_add_cuda(prepared, a, b):
    # The device holds its own arrays; AccelLab's memory is only copied from and to.
    import_cuda()

    @cuda.jit
    def add_cuda(a, b):
        start, stride = cuda.grid(1), cuda.gridsize(1)
        for i in range(start, a.size, stride):
            b[i] = a[i] + 2

    device_a = cuda.to_device(a.reshape(-1))
    device_b = cuda.device_array_like(device_a)
    blocks = min(math.ceil(a.size / 256), 65535)

    def kernel():
        add_cuda[blocks, 256](device_a, device_b)
        cuda.synchronize()

    def copy_out():
        device_b.copy_to_host(b.reshape(-1))
    return prepared, kernel, None, copy_out


def prepare_pi(request):
    variant = request["variant"]
    n = request["samples"]
    seed = request["seed"]
    prepared = {"ok": True}

    if variant == "python-loop":
        import random
        random.seed(seed)
        part = min(n, CALIBRATION)
        prepared["estimate_s"] = loop_estimate(lambda: pi_loop(part), part, n)
        return prepared, lambda: pi_loop(n)

    import numpy as np
    if variant == "numpy":
        np.random.seed(seed % 2**32)
        return prepared, lambda: pi_numpy(np, n)

    if variant in ("numba", "numba-prange"):
        parallel = variant == "numba-prange"
        numba = numba_with_threads(request["threads"] if parallel else 1)

        @numba.njit(parallel=parallel)
        def pi_numba(n):
            hits = 0
            for _ in numba.prange(n):
                x = np.random.random()
                y = np.random.random()
                if x * x + y * y < 1.0:
                    hits += 1
            return hits
        return prepared, lambda: pi_numba(n)

    if variant == "numba-cuda":
        import_cuda()

        @cuda.jit
        def pi_cuda(states, n, hits):
            start, stride = cuda.grid(1), cuda.gridsize(1)
            count = 0
            for _ in range(start, n, stride):
                x = xoroshiro128p_uniform_float64(states, start)
                y = xoroshiro128p_uniform_float64(states, start)
                if x * x + y * y < 1.0:
                    count += 1
            cuda.atomic.add(hits, 0, count)

        threads = min(n, 256 * 1024)
        states = create_xoroshiro128p_states(threads, seed=seed)
        hits = cuda.device_array(1, dtype=np.int64)

        def kernel():
            hits[0] = 0
            pi_cuda[math.ceil(threads / 256), 256](states, n, hits)
            return int(hits.copy_to_host()[0])
        return prepared, kernel


def main():
    run = copy_in = copy_out = None  # copy_in and copy_out run around the timed call
    counts = False  # pi's runs return their hit count
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if request["op"] == "prepare":
                if request["variant"] == "function":
                    prepare = prepare_function
                elif request["variant"] not in VARIANTS.get(request["kernel"], ()):
                    raise ValueError("%s has no python variant '%s'" %
                                     (request["kernel"], request["variant"]))
                else:
                    prepare = {"add": prepare_add, "pi": prepare_pi}[request["kernel"]]
                prepared, run, *around = prepare(request)
                copy_in, copy_out = around if around else (None, None)
                counts = request["kernel"] == "pi"
                reply(prepared)
            elif request["op"] == "run":
                if run is None:
                    raise RuntimeError("run before prepare")
                if copy_in is not None:
                    copy_in()
                # The CPU clock outside the timer's reads: every thread of this process, so a
                # library's own threads (Numba's pool, OpenBLAS, Dask's scheduler) show.
                cpu_start = time.process_time()
                start = time.perf_counter()
                hits = run()
                seconds = time.perf_counter() - start
                cpu_seconds = time.process_time() - cpu_start
                if copy_out is not None:
                    copy_out()
                outcome = {"seconds": seconds, "cpu_seconds": cpu_seconds}
                if counts:
                    outcome["hits"] = hits
                reply(outcome)
            else:
                raise ValueError("unknown request '%s'" % request["op"])
        except Exception as error:  # every failure goes back to AccelLab as the point's reason
            reply({"error": "%s: %s" % (type(error).__name__, error)})


main()

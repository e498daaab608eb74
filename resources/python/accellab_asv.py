"""The python benchmarks' child: finds and times a user's asv-style benchmark file for AccelLab.

AccelLab embeds this script in its binary and starts it as `python3 -c`, one child per file. It
speaks one JSON object per line (docs/python.md, "The child's protocol"): on stdin
{"op": "list", "file": PATH}, then for each point {"op": "prepare", "file": PATH, "benchmark":
NAME, "params": [repr, ...]}, {"op": "run"} any number of times and {"op": "finish"}; on stdout
one reply per request: the listing, {"ok": true, "first_call_s": s, "number": k, ...} for a
prepare (or {"skipped": reason}), {"seconds": per_call_s, "number": k} for a run, {"checked":
bool, "ok": bool, "detail": text} for a {"op": "verify", "reference": NAME or null}, or {"error": "...", "traceback":
[lines]} (with "missing": MODULE when the error is a module not installed). Its one argument is the source of the `accellab` decorator module
(resources/python/accellab.py), which the user's file may import. The file is imported by its path under a name of its
own (a module of its package when its folder has __init__.py), never as __main__; its folder
(or the one above its package) comes first on sys.path. A call that outlasts the
benchmark's timeout ends this process, after faulthandler has printed on stderr where it hung.
"""
import copy
import functools
import gc
import hashlib
import inspect
import itertools
import json
import math
import os
import re
import sys
import time
import traceback
from importlib import metadata

import faulthandler

# AccelLab ends this process's group when it is done with it; should AccelLab itself die first
# (a second Ctrl+C quits at once), the kernel ends this process too (PR_SET_PDEATHSIG = 1).
try:
    import ctypes
    ctypes.CDLL(None).prctl(1, 9)
except (OSError, AttributeError):
    pass

# The protocol keeps the real stdin and stdout to itself: the user's prints go to stderr, and
# the user's reads of stdin find an empty file instead of AccelLab's requests.
protocol_in = os.fdopen(os.dup(0), "r")
protocol_out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
_null = os.open(os.devnull, os.O_RDONLY)
os.dup2(_null, 0)
os.close(_null)
# A crash in the user's code (a segfault in an extension, abort()) prints where it was.
faulthandler.enable()

# One timed batch lasts at least this long unless the benchmark sets sample_time or number, or
# the prepare asks for another target: perf_counter's resolution (well under 1 us) is then
# below 0.1 % of the batch.
MIN_BATCH_S = 0.001
# Seconds of calls, counted from the first call, before the repetitions (asv's warmup_time
# default on CPython).
WARMUP_S = 0.1
# asv's default timeout of a benchmark, in seconds; also the limit of the file's import.
DEFAULT_TIMEOUT_S = 60.0
# Calibration never asks for more calls per batch than this (a benchmark that takes no time).
MAX_NUMBER = 1 << 40
# The traceback lines a failure carries, from its end.
TRACEBACK_LINES = 20
# A declared kernel's work is listed for at most this many combinations of its parameters.
MAX_WORK_POINTS = 4096
# asv's prefixes, as it matches them (asv_runner's name_regex of each benchmark type).
KINDS = (
    ("time", re.compile(r"^(Time[A-Z_].+)|(time_.+)$")),
    ("timeraw", re.compile(r"^(Timeraw[A-Z_].+)|(timeraw_.+)$")),
    ("mem", re.compile(r"^(Mem[A-Z_].+)|(mem_.+)$")),
    ("peakmem", re.compile(r"^(Peakmem[A-Z_].+)|(peakmem_.+)$")),
    ("track", re.compile(r"^(Track[A-Z_].+)|(track_.+)$")),
)
NOT_MEASURED = {
    "timeraw": "timeraw_ benchmarks return code that asv times in a fresh interpreter, start-up "
               "included; AccelLab times calls inside one interpreter",
    "mem": "mem_ benchmarks measure the size of the object returned (asizeof); AccelLab "
           "measures time only",
    "peakmem": "peakmem_ benchmarks measure the process's peak resident memory; AccelLab "
               "measures time only",
    "track": "track_ benchmarks return a value of their own to record, not a time; AccelLab "
             "measures time only",
}
ADDRESS = re.compile(r"^(<.*) at (0x[\da-fA-F]*)(>)$")


class Skipped(Exception):
    """A setup raised NotImplementedError: the point is skipped, not failed."""


class RequestError(Exception):
    """A request that cannot be served as written: answered without a traceback."""


def reply(message):
    protocol_out.write(json.dumps(message) + "\n")
    protocol_out.flush()


def failure(error):
    """The reply for an exception: its type and message, and the traceback's last lines with
    this script's and importlib's frames left out, so that they name the user's file."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if frame.filename not in (OWN_FILE, "<accellab>")
              and not frame.filename.startswith("<frozen ")]
    lines = []
    if frames:
        lines.append("Traceback (most recent call last):")
        lines.extend(traceback.StackSummary.from_list(frames).format())
    lines.extend(traceback.format_exception_only(type(error), error))
    lines = [line for text in lines for line in text.rstrip("\n").split("\n")]
    answer = {"error": "%s: %s" % (type(error).__name__, error),
              "traceback": lines[-TRACEBACK_LINES:]}
    if isinstance(error, ModuleNotFoundError) and error.name:
        answer["missing"] = error.name.partition(".")[0]  # the host says which interpreter has it
    return answer


class watchdog:
    """Ends this process, after printing every thread's stack on stderr, should the user's code
    inside run past `seconds` (None or <= 0: no limit)."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        if self.seconds is not None and self.seconds > 0 and math.isfinite(self.seconds):
            faulthandler.dump_traceback_later(self.seconds, exit=True)

    def __exit__(self, *exception):
        faulthandler.cancel_dump_traceback_later()


class DeviceEvents:
    """CUDA events around a batch of a device variant, recorded on the default stream of its
    library (CuPy's or Numba's), the GPU idle before the first: the seconds from the first
    launch to the end of the last kernel, which the host clock read without waiting for the
    GPU (the tutorial's mistake) cannot give."""

    def __init__(self, device):
        if device == "cupy":
            import cupy
            self.synchronize = cupy.cuda.runtime.deviceSynchronize
            self.begin, self.end = cupy.cuda.Event(), cupy.cuda.Event()
            self.elapsed_ms = cupy.cuda.get_elapsed_time
        else:
            from numba import cuda
            self.synchronize = cuda.synchronize
            self.begin, self.end = cuda.event(), cuda.event()
            self.elapsed_ms = cuda.event_elapsed_time

    def start(self):
        self.synchronize()
        self.begin.record()

    def seconds(self):
        self.end.record()
        self.end.synchronize()
        return self.elapsed_ms(self.begin, self.end) / 1e3


def timed_batch(call, number, timer, device=None):
    """Seconds of `number` calls of `call` in one timed region, timeit's loop: nothing inside
    but the call, the garbage collector off; a device variant's by CUDA events. With them, the
    CPU seconds of this process over the same calls, every thread of it (process_time): a
    library's own threads (Dask's scheduler, OpenBLAS, Numba's pool) show there."""
    calls = itertools.repeat(None, number)
    events = DeviceEvents(device) if device is not None else None
    collecting = gc.isenabled()
    gc.disable()
    try:
        cpu_start = time.process_time()  # outside the timer's reads, as AccelLab's runner
        if events is not None:
            events.start()
            for _ in calls:
                call()
            seconds = events.seconds()
            return seconds, time.process_time() - cpu_start
        start = timer()
        for _ in calls:
            call()
        end = timer()
        cpu_end = time.process_time()
    finally:
        if collecting:
            gc.enable()
    return end - start, cpu_end - cpu_start


# ---- the file ----------------------------------------------------------------------------

modules = {}  # real path -> (module, sha256 of the file as imported)


def load(path):
    real = os.path.realpath(path)
    if real in modules:
        return modules[real]
    with open(real, "rb") as source:
        digest = hashlib.sha256(source.read()).hexdigest()
    with watchdog(DEFAULT_TIMEOUT_S):
        modules[real] = import_file(real), digest
    return modules[real]


# ---- asv's attributes --------------------------------------------------------------------

def first_attr(sources, name, default):
    for source in sources:
        value = getattr(source, name, None)
        if value is not None:
            return value
    return default


def all_attrs(sources, name):
    """The attribute `name` of each source that has one, matched without case as asv does."""
    found = []
    for source in sources:
        keys = [key for key in dir(source) if key.lower() == name]
        if len(keys) > 1:
            raise ValueError("%s has more than one %s: %s" %
                             (getattr(source, "__name__", source), name, ", ".join(keys)))
        found.append(getattr(source, keys[0]) if keys else None)
    return found


def param_repr(value):
    """repr() without an object's address, as asv names parameter values."""
    text = repr(value)
    match = ADDRESS.match(text)
    if match:
        default = ADDRESS.match(object.__repr__(value))
        if default and default.group(2) == match.group(2):
            text = match.group(1) + match.group(3)
    return text


def argument_problem(function, count):
    """Why `function` cannot take `count` positional arguments, or None."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    positional = [p for p in signature.parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(1 for p in positional if p.default is p.empty)
    varargs = any(p.kind == p.VAR_POSITIONAL for p in signature.parameters.values())
    if required <= count and (varargs or count <= len(positional)):
        return None
    if varargs:
        takes = "at least %d" % required
    elif required == len(positional):
        takes = str(required)
    else:
        takes = "%d to %d" % (required, len(positional))
    return "%s takes %s positional arguments, but gets %d" % (
        getattr(function, "__qualname__", function), takes, count)


class Benchmark:
    """One benchmark as asv sees it: the callable, where its attributes come from (function,
    instance, module: the first found wins), its setups and teardowns by level, its axes."""

    def __init__(self, name, kind, function, instance, module):
        self.name, self.kind, self.function = name, kind, function
        self.sources = [function] + ([instance] if instance is not None else []) + [module]
        # Levels from the outside in: module, class, benchmark.
        setups = all_attrs(self.sources, "setup")
        teardowns = all_attrs(self.sources, "teardown")
        self.levels = list(zip(setups, teardowns))[::-1]
        self.setup_cache = first_attr(self.sources, "setup_cache", None)
        self.timeout = first_attr(self.sources, "timeout", DEFAULT_TIMEOUT_S)
        self.timeout = None if self.timeout is None else float(self.timeout)
        # The accellab module's marks (resources/python/accellab.py), None where there are none.
        self.kernel = getattr(function, "accellab_kernel", None)
        self.reference = bool(getattr(function, "accellab_reference", False))
        self.device = getattr(function, "accellab_device", None)
        self.threads = getattr(function, "accellab_threads", None)
        axes = list(first_attr(self.sources, "params", []))
        if axes and not isinstance(axes[0], (tuple, list)):
            axes = [axes]  # a single list: one axis
        self.axes = [list(axis) for axis in axes]
        names = [str(n) for n in first_attr(self.sources, "param_names", [])][:len(self.axes)]
        self.param_names = names + ["param%d" % (k + 1) for k in range(len(names), len(axes))]
        self.param_reprs = []
        for axis in self.axes:
            reprs = [param_repr(value) for value in axis]
            for text in set(t for t in reprs if reprs.count(t) > 1):
                order = itertools.count()
                reprs = [("%s (%d)" % (t, next(order))) if t == text else t for t in reprs]
            self.param_reprs.append(reprs)

    def arity_problem(self):
        count = len(self.axes) + (self.setup_cache is not None)
        calls = [self.function] + [f for level in self.levels for f in level if f is not None]
        if self.setup_cache is not None:
            problem = argument_problem(self.setup_cache, 0)
            if problem:
                return "setup_cache: " + problem
        for function in calls:
            problem = argument_problem(function, count)
            if problem:
                return problem
        return None

    def timing(self):
        """asv's timing attributes, read again after setup (which may change them)."""
        repeat = first_attr(self.sources, "repeat", 0)
        # Counts stay integers, as the user wrote them, so that a message quotes them so.
        number = lambda r: r if isinstance(r, int) and not isinstance(r, bool) else float(r)
        repeat = [number(r) for r in repeat] if isinstance(repeat, (tuple, list)) else int(repeat)
        sample_time = first_attr(self.sources, "sample_time", None)
        warmup_time = first_attr(self.sources, "warmup_time", None)
        return {
            "number": int(first_attr(self.sources, "number", 0)),
            "repeat": repeat,
            "sample_time": None if sample_time is None else float(sample_time),
            # asv's -1 means its default.
            "warmup_time": None if warmup_time is None or warmup_time < 0 else float(warmup_time),
            "timer": first_attr(self.sources, "timer", time.perf_counter),
        }

    def describe(self):
        timing = self.timing()
        doc = inspect.getdoc(self.function)
        code = getattr(inspect.unwrap(self.function), "__code__", None)
        timeout = self.timeout if self.timeout is not None and math.isfinite(self.timeout) \
            else None
        return {
            "name": self.name, "params": self.param_reprs, "param_names": self.param_names,
            "timeout": timeout, "number": timing["number"], "repeat": timing["repeat"],
            "sample_time": timing["sample_time"], "warmup_time": timing["warmup_time"],
            "pretty_name": first_attr([self.function], "pretty_name", None),
            "doc": doc.strip().splitlines()[0] if doc and doc.strip() else None,
            "line": code.co_firstlineno if code else None,
            "kernel": self.kernel.name if self.kernel is not None else None,
            "reference": self.reference, "device": self.device, "threads": self.threads,
        }


def kind_of(attr_name, function):
    search = getattr(function, "benchmark_name", None)
    search = attr_name if search is None else str(search).split(".")[-1]
    for kind, pattern in KINDS:
        if pattern.match(search):
            return kind
    return None


def discover(module, wanted=None):
    """(name, kind, make) for each benchmark of the module, in asv's order; `make()` builds the
    Benchmark (instantiating its class). With `wanted`, only the benchmark of that name."""
    found = []
    for attr_name, value in list(module.__dict__.items()):
        if attr_name.startswith("_"):
            continue
        if inspect.isclass(value) and not inspect.isabstract(value):
            for method_name, method in inspect.getmembers(value):
                if not (inspect.isfunction(method) or inspect.ismethod(method)):
                    continue
                kind = kind_of(method_name, method)
                if kind is None:
                    continue
                custom = getattr(method, "benchmark_name", None)
                name = str(custom) if custom is not None else "%s.%s" % (
                    value.__name__, method_name)
                found.append((name, kind, functools.partial(make_method, value, method_name,
                                                            name, kind, module)))
        elif inspect.isfunction(value):
            kind = kind_of(attr_name, value)
            if kind is None:
                continue
            custom = getattr(value, "benchmark_name", None)
            name = str(custom) if custom is not None else value.__name__
            found.append((name, kind, functools.partial(Benchmark, name, kind, value, None,
                                                        module)))
    if wanted is not None:
        found = [entry for entry in found if entry[0] == wanted]
    return found


def make_method(cls, method_name, name, kind, module):
    instance = cls()
    return Benchmark(name, kind, getattr(instance, method_name), instance, module)


# ---- the requests ------------------------------------------------------------------------

def version_of(package):
    """The installed version of `package` from its metadata, without importing it (importing
    numba or cupy takes seconds and may touch the GPU)."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        pass
    try:  # wheels named otherwise, as cupy-cuda12x
        for distribution in metadata.packages_distributions().get(package, ()):
            return metadata.version(distribution)
    except (AttributeError, metadata.PackageNotFoundError):
        pass
    return None


def needed(request, field):
    if field not in request:
        raise RequestError("'%s' needs '%s'" % (request["op"], field))
    return request[field]


def list_file(request):
    path = needed(request, "file")
    module, digest = load(path)
    made, not_measured = [], []
    for name, kind, make in discover(module):
        if kind != "time":
            not_measured.append({"name": name, "reason": NOT_MEASURED[kind]})
            continue
        try:
            benchmark = make()
            problem = benchmark.arity_problem()
            if problem is None:
                made.append(benchmark)
            else:
                not_measured.append({"name": name, "reason": "wrong arguments: " + problem})
        except Exception as error:
            not_measured.append({"name": name, "reason": "invalid: %s: %s" % (
                type(error).__name__, error)})
    kernels, refused = declared_kernels(made)
    not_measured.extend(refused)
    refused_names = set(entry["name"] for entry in refused)
    python = {"executable": sys.executable, "version": "%d.%d.%d" % sys.version_info[:3]}
    for package in ("numpy", "numba", "cupy"):
        python[package] = version_of(package)
    return {"ok": True, "file": path, "sha256": digest, "python": python,
            "benchmarks": [b.describe() for b in made if b.name not in refused_names],
            "kernels": kernels, "not_measured": not_measured,
            "builtin_variants": builtin_variants(module)}


def call_timeout(function, module):
    """A joined function's limit per call, read as asv reads a benchmark's `timeout`: on the
    function, else the module, else 60 s; 0 (no limit) for one that is not a finite number."""
    timeout = first_attr([function, module], "timeout", DEFAULT_TIMEOUT_S)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(
            timeout):
        return 0
    return float(timeout)


def builtin_variants(module):
    """The module's functions that join a built-in kernel (accellab.Builtin), each {"kernel",
    "name", "doc", "line", "threads"}, in the order of their lines."""
    joined, seen = [], set()
    for name, function in vars(module).items():
        kernel = getattr(function, "accellab_builtin", None)
        if not callable(function) or not isinstance(kernel, str) or id(function) in seen:
            continue
        seen.add(id(function))
        doc = inspect.getdoc(function)
        code = getattr(inspect.unwrap(function), "__code__", None)
        joined.append({"kernel": kernel, "name": name,
                       "doc": doc.strip().splitlines()[0] if doc and doc.strip() else "",
                       "line": code.co_firstlineno if code else 0,
                       "threads": getattr(function, "accellab_threads", None) or "",
                       "timeout": call_timeout(function, module)})
    return sorted(joined, key=lambda entry: entry["line"])


def declared_kernels(benchmarks):
    """The kernels the accellab module declares among `benchmarks`, each {"name", "rtol",
    "reference" (a benchmark's name or null), "work" (per combination of the parameters, or
    null)}, and the benchmarks refused with the reason (a second reference, other parameters
    than the kernel's, a work function that fails)."""
    groups = {}
    for benchmark in benchmarks:
        if benchmark.kernel is not None:
            groups.setdefault(id(benchmark.kernel), []).append(benchmark)
    kernels, refused = [], []
    for members in groups.values():
        kernel = members[0].kernel
        names = members[0].param_names
        for other in members[1:]:
            if other.param_names != names:
                refused.append({"name": other.name, "reason": (
                    "a variant of kernel %s takes its parameters (%s), not (%s)" % (
                        kernel.name, ", ".join(names), ", ".join(other.param_names)))})
        members = [m for m in members if m.param_names == names]
        references = [m.name for m in members if m.reference]
        problem = None
        if len(references) > 1:
            problem = "kernel %s has %d references (%s): it takes one" % (
                kernel.name, len(references), ", ".join(references))
        work = None
        if problem is None and kernel.work is not None:
            try:
                work = work_table(kernel, members)
            except Exception as error:
                problem = "kernel %s: its work function raised %s: %s" % (
                    kernel.name, type(error).__name__, error)
        if problem is not None:
            refused.extend({"name": m.name, "reason": problem} for m in members)
            continue
        kernels.append({"name": kernel.name, "rtol": kernel.rtol,
                        "reference": references[0] if references else None, "work": work})
    return kernels, refused


def work_table(kernel, members):
    """Kernel.work at each combination of the values its variants take, by their reprs."""
    axes = []  # per axis: {repr: value}, in the order first seen
    for member in members:
        for axis, (values, reprs) in enumerate(zip(member.axes, member.param_reprs)):
            if axis == len(axes):
                axes.append({})
            for value, text in zip(values, reprs):
                axes[axis].setdefault(text, value)
    table = []
    for combination in itertools.islice(
            itertools.product(*[list(axis.items()) for axis in axes]), MAX_WORK_POINTS):
        work = kernel.work(*[value for _, value in combination])
        if not all(isinstance(getattr(work, field, None), int)
                   for field in ("elements", "bytes", "flops")):
            raise TypeError("it returned %r, not an accellab.Work" % (work,))
        table.append({"params": [text for text, _ in combination], "elements": work.elements,
                      "bytes": work.bytes, "flops": work.flops})
    return table


setup_caches = {}  # (module, qualified name) of a setup_cache -> its value


class Point:
    """A benchmark at one value of each axis: set up, first called, `number` calibrated."""

    def __init__(self, benchmark, values, threads=None):
        """`threads`: the count a threaded variant's library (accellab.THREADS) is set to."""
        self.benchmark = benchmark
        self.values = list(values)
        self.threads = threads
        self.arguments = list(values)
        self.set_up = 0  # levels whose setup has finished
        benchmark = self.benchmark
        if benchmark.setup_cache is not None:
            self.arguments.insert(0, self.cached(benchmark.setup_cache))
        self.call = functools.partial(benchmark.function, *self.arguments) \
            if self.arguments else benchmark.function

    def prepare(self, min_batch_s, warmup_s):
        self.setup()  # first: a setup that skips (no Numba here) is not a failure
        if self.threads is not None:
            import numba  # the one library of accellab.THREADS
            numba.set_num_threads(self.threads)
        self.timing = self.benchmark.timing()
        target = self.timing["sample_time"] or min_batch_s
        warm_up = self.timing["warmup_time"]
        warm_up = warmup_s if warm_up is None else warm_up

        began = time.perf_counter()
        self.first_call_s = self.batch(1)
        number = self.timing["number"]
        if number <= 0:
            # The smallest power of two whose batch lasts the target twice in a row: one
            # batch that a preemption made long does not decide it.
            number = 1
            while True:
                batch = self.batch(number)
                if batch >= target:
                    batch = self.batch(number)
                if batch >= target or number >= MAX_NUMBER:
                    break
                number *= 2
        else:
            batch = self.batch(number)
        while time.perf_counter() - began < warm_up:
            batch = self.batch(number)
        self.number = number
        self.per_call_s = batch / number

    def threads_worked(self):
        """The threads the library of a threaded variant says it runs on; None for others."""
        if self.threads is None:
            return None
        import numba
        return numba.get_num_threads()

    def cached(self, setup_cache):
        function = getattr(setup_cache, "__func__", setup_cache)
        key = (self.benchmark.sources[-1].__name__, getattr(function, "__qualname__", ""),
               id(function))
        if key not in setup_caches:
            limit = getattr(setup_cache, "timeout", None)
            with watchdog(self.benchmark.timeout if limit is None else float(limit)):
                setup_caches[key] = setup_cache()
        return setup_caches[key]

    def batch(self, number):
        return self.timed(number)[0]

    def timed(self, number):
        """The seconds and CPU seconds of `number` calls (timed_batch)."""
        with watchdog(self.benchmark.timeout):
            return timed_batch(self.call, number, self.timing["timer"], self.benchmark.device)

    def output(self):
        """What one call returns after a fresh setup, copied to the host and away from the
        benchmark's own objects, which another benchmark's setup may overwrite."""
        self.teardown()
        self.setup()
        with watchdog(self.benchmark.timeout):
            value = self.call()
        for to_host in ("get", "copy_to_host"):  # CuPy's and Numba's device arrays
            if self.benchmark.device is not None and callable(getattr(value, to_host, None)):
                value = getattr(value, to_host)()
                break
        try:
            return copy.deepcopy(value)
        except Exception:
            return value

    def setup(self):
        for level, (setup, _) in enumerate(self.benchmark.levels):
            if setup is not None:
                try:
                    with watchdog(self.benchmark.timeout):
                        setup(*self.arguments)
                except NotImplementedError as error:
                    raise Skipped("setup raised NotImplementedError: %s" % error) from error
            self.set_up = level + 1

    def teardown(self):
        """The teardowns of the levels set up, from the inside out; the first error is raised
        once all have run."""
        first_error = None
        for level in reversed(range(self.set_up)):
            teardown = self.benchmark.levels[level][1]
            self.set_up = level
            if teardown is None:
                continue
            try:
                with watchdog(self.benchmark.timeout):
                    teardown(*self.arguments)
            except Exception as error:
                first_error = first_error or error
        if first_error is not None:
            raise first_error

    def run(self, number):
        # A fresh setup for every repetition, as asv gives every sample one.
        self.teardown()
        self.setup()
        seconds, cpu_seconds = self.timed(number)
        return seconds / number, cpu_seconds / number


point = None  # the Point prepared, until finish


def prepare(request):
    global point
    finish(None)
    path = needed(request, "file")
    name = needed(request, "benchmark")
    threads = request.get("threads")
    if threads is not None:
        if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
            raise RequestError("threads must be an integer of at least 1, not %s" %
                               json.dumps(threads))
        # Numba's pool has NUMBA_NUM_THREADS threads (the CPUs by default), fixed when Numba is
        # first imported, which the user's file does next: room for the point's count.
        if "numba" not in sys.modules:
            room = max(threads, os.cpu_count() or 1)
            if int(os.environ.get("NUMBA_NUM_THREADS", "0") or "0") < room:
                os.environ["NUMBA_NUM_THREADS"] = str(room)
    module, digest = load(path)
    matches = discover(module, name)
    if not matches:
        raise RequestError("%s has no benchmark '%s'" % (path, name))
    _, kind, make = matches[0]
    if kind != "time":
        raise RequestError("'%s' is not measured: %s" % (name, NOT_MEASURED[kind]))
    benchmark = make()
    problem = benchmark.arity_problem()
    if problem is not None:
        raise RequestError("'%s' has wrong arguments: %s" % (name, problem))
    wanted = request.get("params") or []
    if len(wanted) != len(benchmark.axes):
        raise RequestError("'%s' has %d parameter axes (%s); the request gives %d values" % (
            name, len(benchmark.axes), ", ".join(benchmark.param_names) or "none", len(wanted)))
    values = []
    for axis, reprs, param, text in zip(benchmark.axes, benchmark.param_reprs,
                                        benchmark.param_names, wanted):
        if text not in reprs:
            raise RequestError("parameter %s has no value %s; its values: %s" % (
                param, text, ", ".join(reprs)))
        values.append(axis[reprs.index(text)])
    if (threads is not None) != (benchmark.threads is not None):
        raise RequestError("'%s' %s" % (name, "takes no thread count" if threads is not None
                                        else "runs %s's threads: the request gives no count" %
                                        benchmark.threads))
    made = None
    try:
        made = Point(benchmark, values, threads)
        made.prepare(float(request.get("min_batch_s", MIN_BATCH_S)),
                     float(request.get("warmup_s", WARMUP_S)))
    except BaseException:
        try:
            if made is not None:
                made.teardown()  # the levels set up before the failure
        except Exception as error:
            print("accellab: a teardown after the failure failed too: %r" % error,
                  file=sys.stderr)
        raise
    point = made
    return {"ok": True, "sha256": digest, "first_call_s": made.first_call_s,
            "number": made.number, "per_call_s": made.per_call_s,
            "repeat": made.timing["repeat"],
            "threads": made.threads_worked()}


def run(request):
    if point is None:
        raise RequestError("run before prepare")
    number = request.get("number", point.number)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RequestError("number must be an integer of at least 1, not %s" %
                           json.dumps(number))
    seconds, cpu_seconds = point.run(number)
    return {"seconds": seconds, "cpu_seconds": cpu_seconds, "number": number}


def verify(request):
    """The prepared variant's output, from one call after a fresh setup, against its kernel's
    reference's at the same parameters (the reference against a second call of itself)."""
    if point is None:
        raise RequestError("verify before prepare")
    benchmark = point.benchmark
    if benchmark.kernel is None:
        return unchecked("an asv benchmark returns no output to compare; declare its kernel "
                         "and a reference with the accellab module (docs/python.md)")
    # The listing named the kernel's reference; the host hands its name back. A benchmark of
    # its own (a fresh instance of its class), so that its setups and teardowns leave the
    # variant's alone.
    name = request.get("reference")
    if name is None:
        return unchecked("kernel %s declares no reference to compare with" %
                         benchmark.kernel.name)
    matches = discover(benchmark.sources[-1], name)
    reference = matches[0][2]() if matches and matches[0][1] == "time" else None
    if reference is None or reference.kernel is not benchmark.kernel or not reference.reference:
        raise RequestError("'%s' is not the reference of kernel %s" % (name,
                                                                      benchmark.kernel.name))
    output = point.output()
    against = Point(reference, point.values)
    try:
        expected = against.output()
    finally:
        against.teardown()
    if expected is None:
        return unchecked("the reference %s returns None: return its output to compare" %
                         reference.name)
    ok, detail = compare(output, expected, benchmark.kernel.rtol)
    whose = "a second call of itself" if reference.name == benchmark.name else reference.name
    return {"checked": True, "ok": ok, "detail": "%s, against %s" % (detail, whose)}


def unchecked(why):
    return {"checked": False, "ok": False, "detail": "not verified: " + why}


def numbers(value):
    """`value` as a NumPy array of float64 (complex128 for complex), or None when it is not
    numbers; without NumPy, a Python number as a float."""
    if value is None or isinstance(value, (str, bytes, bool)):
        return None
    try:
        import numpy
    except ImportError:
        return float(value) if isinstance(value, (int, float)) else None
    try:
        array = numpy.asarray(value)
    except Exception:
        return None
    if array.dtype.kind not in "biufc":
        return None
    return array.astype(numpy.complex128 if array.dtype.kind == "c" else numpy.float64)


def compare(output, expected, rtol):
    """(ok, detail): numbers by their largest difference relative to the reference's largest
    magnitude (NaN where the reference has NaN is equal), anything else by ==."""
    got, want = numbers(output), numbers(expected)
    if got is None or want is None:
        if (got is None) != (want is None):
            return False, "it returns %s where the reference returns %s" % (
                type(output).__name__, type(expected).__name__)
        try:
            equal = bool(output == expected)
        except Exception as error:
            return False, "its output cannot be compared: %s: %s" % (type(error).__name__, error)
        return equal, "equal to the reference's output" if equal else \
            "its output %.80r differs from the reference's %.80r" % (output, expected)
    if isinstance(got, float):
        error, scale = abs(got - want), abs(want)
        if math.isnan(want) and math.isnan(got):
            error = 0.0
    else:
        import numpy
        if got.shape != want.shape:
            return False, "its output has shape %s, the reference's %s" % (got.shape, want.shape)
        got, want = numpy.atleast_1d(got), numpy.atleast_1d(want)  # a scalar (a sum) as well
        both_nan = numpy.isnan(got) & numpy.isnan(want)
        differences = numpy.abs(got - want)
        differences[both_nan] = 0
        differences[numpy.isnan(differences)] = math.inf  # NaN on one side only
        error = float(differences.max()) if differences.size else 0.0
        finite = numpy.abs(want[~numpy.isnan(want)])
        scale = float(finite.max()) if finite.size else 0.0
    ok = error <= rtol * scale
    return ok, "max |error| %.3g of max |reference| %.3g (rtol %.3g)" % (error, scale, rtol)


def finish(request):
    global point
    done, point = point, None
    if done is not None:
        done.teardown()
    return {"ok": True}


OPS = {"list": list_file, "prepare": prepare, "run": run, "verify": verify, "finish": finish}
OWN_FILE = prepare.__code__.co_filename


def serve(line):
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"error": "malformed request: %s" % error}
    if not isinstance(request, dict):
        return {"error": "malformed request: not a JSON object"}
    op = request.get("op")
    if op not in OPS:
        return {"error": "unknown op %s; the ops are %s" % (
            json.dumps(op), ", ".join(OPS))}
    try:
        return OPS[op](request)
    except Skipped as skip:
        return {"skipped": str(skip)}
    except RequestError as error:
        return {"error": str(error)}
    except (Exception, SystemExit) as error:  # the point's reason, never this child's end
        return failure(error)


def main():
    for line in protocol_in:
        if line.strip():
            reply(serve(line))
    try:
        finish(None)
    except Exception as error:
        print("accellab: teardown at the end failed: %r" % error, file=sys.stderr)


main()

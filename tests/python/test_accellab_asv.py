"""Tests of resources/python/accellab_asv.py, driven as AccelLab's C++ side drives it.

Each test starts the script as `python -c <script>` with pipes, writes JSON requests and reads
the replies, on benchmark files it writes into a temporary folder. Run from the repository root:

    /usr/bin/python3 -m unittest tests/python/test_accellab_asv.py

It runs without NumPy too (pyenv's python3): the tests that need NumPy skip with the reason.
"""
import hashlib
import importlib.util
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import timeit
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = ""
for _name in ("accellab_child.py", "accellab_asv.py"):  # as kernels/CMakeLists.txt embeds it
    with open(os.path.join(ROOT, "resources", "python", _name)) as _script:
        SCRIPT += _script.read()
with open(os.path.join(ROOT, "resources", "python", "accellab.py")) as _module:
    MODULE = _module.read()  # the script's one argument, as AccelLab gives it
EXAMPLE = os.path.join(ROOT, "examples", "python", "asv_style.py")
DECORATED = os.path.join(ROOT, "examples", "python", "tutorial_add.py")
HAS_NUMPY = importlib.util.find_spec("numpy") is not None
HAS_NUMBA = importlib.util.find_spec("numba") is not None
# No test waits longer than this for the child: a hung test fails instead of hanging.
CHILD_LIMIT_S = 60


class Child:
    """The script in a child interpreter, as AccelLab runs it."""

    def __init__(self, cwd="/"):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, MODULE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr, text=True, cwd=cwd)
        self.killer = threading.Timer(CHILD_LIMIT_S, self.process.kill)
        self.killer.start()

    def ask(self, **request):
        """The reply to `request`, or None when the child ended without one."""
        return self.send(json.dumps(request))

    def send(self, line):
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return None
        reply = self.process.stdout.readline()
        return json.loads(reply) if reply else None

    def close(self):
        """Ends stdin; the child's exit status."""
        if not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass
        status = self.process.wait(CHILD_LIMIT_S)
        self.killer.cancel()
        self.process.stdout.close()
        return status

    def error_output(self):
        self.stderr.seek(0)
        return self.stderr.read()


class ChildTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.children = []

    def tearDown(self):
        for child in self.children:
            if child.process.poll() is None:
                child.process.kill()
            child.close()
            child.stderr.close()

    def child(self):
        made = Child()
        self.children.append(made)
        return made

    def write(self, name, text):
        path = os.path.join(self.folder.name, name)
        with open(path, "w") as out:
            out.write(textwrap.dedent(text))
        return path

    def record_path(self):
        return os.path.join(self.folder.name, "record.txt")

    def recorded(self):
        with open(self.record_path()) as lines:
            return lines.read().split()

    def line_of(self, path, text):
        with open(path) as lines:
            for number, line in enumerate(lines, 1):
                if text in line:
                    return number
        raise AssertionError("%r not in %s" % (text, path))


class ListTest(ChildTest):
    def test_lists_functions_methods_params_and_what_is_not_measured(self):
        path = self.write("bench_list.py", """\
            import time
            timeout = 30.0

            def time_plain():
                '''First line of the doc.

                More.'''

            def TimeCamel():
                pass

            def time_slow():
                pass
            time_slow.timeout = 5
            time_slow.number = 7
            time_slow.pretty_name = "slow one"

            def helper():  # no prefix: no benchmark
                pass

            class Suite:
                params = ([1, 10], ["a", "b"], [None])
                param_names = ["n"]  # the rest default to param2, param3

                def time_three(self, n, s, z):
                    pass

                def track_value(self, n, s, z):
                    return n

            class Single:
                params = [1, 2, 3]  # one list: one axis

                def time_one(self, x):
                    pass

            class Objects:
                params = [[object(), object()]]

                def time_o(self, o):
                    pass

            class _Hidden:
                def time_hidden(self):
                    pass

            def time_wrong_arity(a, b):
                pass

            def mem_list():
                return [0] * 256

            def peakmem_list():
                [0] * 256

            def timeraw_import():
                return "import json"
            """)
        child = self.child()
        listing = child.ask(op="list", file=path)
        self.assertTrue(listing["ok"], listing)
        self.assertEqual(listing["file"], path)
        with open(path, "rb") as source:
            self.assertEqual(listing["sha256"], hashlib.sha256(source.read()).hexdigest())
        self.assertEqual(listing["python"]["version"], "%d.%d.%d" % sys.version_info[:3])
        self.assertEqual(listing["python"]["executable"], sys.executable)
        self.assertEqual(listing["python"]["numpy"] is not None, HAS_NUMPY)
        self.assertIn("cupy", listing["python"])

        benchmarks = {b["name"]: b for b in listing["benchmarks"]}
        self.assertEqual(sorted(benchmarks), sorted([
            "time_plain", "TimeCamel", "time_slow", "Suite.time_three", "Single.time_one",
            "Objects.time_o"]))
        plain = benchmarks["time_plain"]
        self.assertEqual(plain["doc"], "First line of the doc.")
        self.assertEqual(plain["timeout"], 30.0)  # module level
        self.assertEqual((plain["number"], plain["repeat"]), (0, 0))
        self.assertEqual((plain["params"], plain["param_names"]), ([], []))
        self.assertIsNone(plain["pretty_name"])
        self.assertEqual(plain["line"], self.line_of(path, "def time_plain"))
        slow = benchmarks["time_slow"]
        self.assertEqual((slow["timeout"], slow["number"], slow["pretty_name"]),
                         (5.0, 7, "slow one"))
        three = benchmarks["Suite.time_three"]
        self.assertEqual(three["params"], [["1", "10"], ["'a'", "'b'"], ["None"]])
        self.assertEqual(three["param_names"], ["n", "param2", "param3"])
        one = benchmarks["Single.time_one"]
        self.assertEqual((one["params"], one["param_names"]), ([["1", "2", "3"]], ["param1"]))
        self.assertEqual(benchmarks["Objects.time_o"]["params"],
                         [["<object object> (0)", "<object object> (1)"]])

        reasons = {n["name"]: n["reason"] for n in listing["not_measured"]}
        self.assertEqual(sorted(reasons), sorted([
            "Suite.track_value", "time_wrong_arity", "mem_list", "peakmem_list",
            "timeraw_import"]))
        self.assertIn("memory", reasons["peakmem_list"])
        self.assertIn("time only", reasons["mem_list"])
        self.assertIn("wrong arguments", reasons["time_wrong_arity"])

    def test_every_combination_of_the_params_reaches_the_benchmark(self):
        path = self.write("bench_product.py", """\
            def setup(*params):
                pass

            class Pairs:
                params = ([1, 10], ["a", "b", "c"])
                param_names = ["n", "s"]

                def time_pair(self, n, s):
                    with open(%r, "a") as record:
                        record.write("%%s-%%s\\n" %% (n, s))
            """ % self.record_path())
        child = self.child()
        listing = child.ask(op="list", file=path)
        (pair,) = listing["benchmarks"]
        wanted = []
        for n in pair["params"][0]:
            for s in pair["params"][1]:
                reply = child.ask(op="prepare", file=path, benchmark="Pairs.time_pair",
                                  params=[n, s], warmup_s=0)
                self.assertTrue(reply.get("ok"), reply)
                wanted.append("%s-%s" % (n, s.strip("'")))
        self.assertEqual(sorted(set(self.recorded())), sorted(wanted))
        self.assertEqual(len(wanted), 6)

    def test_functions_that_join_a_builtin_kernel_are_listed_apart(self):
        path = self.write("bench_joins.py", """\
            import accellab
            timeout = 30

            add = accellab.Builtin("add")

            def time_own():
                pass

            @add.variant(threads="numba")
            def second(a, b, addend):
                'Second, by line.'

            @add.variant
            def first(a, b, addend):
                pass
            first.timeout = 2.5

            @add.variant
            def unlimited(a, b, addend):
                pass
            unlimited.timeout = float("inf")
            """)
        reply = self.child().ask(op="list", file=path)
        self.assertEqual([b["name"] for b in reply["benchmarks"]], ["time_own"])
        joined = reply["builtin_variants"]
        self.assertEqual([(j["name"], j["kernel"], j["threads"], j["timeout"]) for j in joined],
                         [("second", "add", "numba", 30.0), ("first", "add", "", 2.5),
                          ("unlimited", "add", "", 0)])
        self.assertEqual(joined[0]["doc"], "Second, by line.")
        # Where its definition begins: its decorator, as for a benchmark.
        self.assertEqual(joined[0]["line"], self.line_of(path, "@add.variant(threads"))

    def test_which_builtin_takes_functions_is_left_to_accellab(self):
        # AccelLab, which knows its kernels, refuses pi (tst_cli_python); the child lists it.
        path = self.write("bench_pi.py", """\
            import accellab
            pi = accellab.Builtin("pi")

            @pi.variant
            def mine(hits, n, seed):
                pass
            """)
        reply = self.child().ask(op="list", file=path)
        self.assertEqual([j["kernel"] for j in reply["builtin_variants"]], ["pi"])
        reply = self.child().ask(op="list", file=self.write("bench_bad.py", """\
            import accellab
            accellab.Builtin(3)
            """))
        self.assertIn("a kernel's name is a string", reply["error"])

    def test_a_syntax_error_names_the_file_and_line(self):
        path = self.write("bench_syntax.py", """\
            def time_fine():
                pass

            def time_broken(:
                pass
            """)
        reply = self.child().ask(op="list", file=path)
        self.assertTrue(reply["error"].startswith("SyntaxError"), reply)
        text = "\n".join(reply["traceback"])
        self.assertIn('File "%s", line 4' % path, text)
        self.assertNotIn("<string>", text)

    def test_an_import_error_names_the_file_and_line(self):
        path = self.write("bench_import.py", """\
            import os

            def helper():
                import no_such_module_anywhere

            helper()
            """)
        reply = self.child().ask(op="list", file=path)
        self.assertTrue(reply["error"].startswith("ModuleNotFoundError"), reply)
        text = "\n".join(reply["traceback"])
        self.assertIn('File "%s", line 6' % path, text)  # the call at module level
        self.assertIn('File "%s", line 4' % path, text)  # the import that failed
        self.assertNotIn("<string>", text)
        self.assertNotIn("<frozen", text)
        self.assertEqual(reply["traceback"][-1],
                         "ModuleNotFoundError: No module named 'no_such_module_anywhere'")
        self.assertEqual(reply["missing"], "no_such_module_anywhere")  # the host names who has it

    def test_a_missing_submodule_names_its_package_and_other_errors_name_none(self):
        path = self.write("bench_sub.py", "import no_such_package.sub\n")
        self.assertEqual(self.child().ask(op="list", file=path)["missing"], "no_such_package")
        path = self.write("bench_value.py", "raise ValueError('not a module')\n")
        self.assertNotIn("missing", self.child().ask(op="list", file=path))

    def test_a_sibling_module_imports_from_the_files_folder(self):
        self.write("sibling_helper.py", "VALUE = 42\n")
        path = self.write("bench_sibling.py", """\
            import sibling_helper

            def time_value():
                assert sibling_helper.VALUE == 42
            """)
        child = self.child()  # its working folder is /, not the file's
        self.assertEqual([b["name"] for b in child.ask(op="list", file=path)["benchmarks"]],
                         ["time_value"])
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_value",
                                  warmup_s=0)["ok"])

    def test_a_file_of_an_asv_suite_keeps_its_relative_imports(self):
        # As NumPy's benchmarks/benchmarks/*.py: `from .common import Benchmark` in a package.
        os.makedirs(os.path.join(self.folder.name, "suite", "benchmarks"))
        self.write("suite/benchmarks/__init__.py", "")
        self.write("suite/benchmarks/common.py", """\
            class Benchmark:
                goal_time = 0.25
            """)
        path = self.write("suite/benchmarks/bench_relative.py", """\
            from .common import Benchmark

            class Relative(Benchmark):
                def time_it(self):
                    pass
            """)
        child = self.child()
        listed = child.ask(op="list", file=path)
        self.assertNotIn("error", listed, listed)
        self.assertEqual([b["name"] for b in listed["benchmarks"]], ["Relative.time_it"])
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="Relative.time_it",
                                  warmup_s=0)["ok"])

    def test_the_file_is_imported_by_path_and_not_as_main(self):
        marker = os.path.join(self.folder.name, "main_ran")
        path = self.write("bench_name.py", """\
            with open(%r, "a") as record:
                record.write(__name__ + "\\n")

            def time_x():
                pass

            if __name__ == "__main__":
                open(%r, "w").close()
            """ % (self.record_path(), marker))
        child = self.child()
        self.assertTrue(child.ask(op="list", file=path)["ok"])
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_x",
                                  warmup_s=0)["ok"])
        self.assertEqual(self.recorded(), ["bench_name"])  # imported once, by its stem
        self.assertFalse(os.path.exists(marker))
        self.assertFalse(os.path.exists(os.path.join(self.folder.name, "__pycache__")))

    def test_a_file_named_like_a_standard_module_does_not_replace_it(self):
        path = self.write("json.py", """\
            def time_x():
                pass
            """)
        child = self.child()
        self.assertTrue(child.ask(op="list", file=path)["ok"])
        self.assertTrue(child.ask(op="list", file=path)["ok"])  # the protocol's json works

    def test_the_users_prints_and_reads_leave_the_protocol_alone(self):
        path = self.write("bench_io.py", """\
            import sys
            print("hello from the import")
            EOF_READ = sys.stdin.read()

            def time_print():
                print('{"seconds": -1}')
            """)
        child = self.child()
        self.assertTrue(child.ask(op="list", file=path)["ok"])
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_print",
                                  warmup_s=0, min_batch_s=0)["ok"])
        self.assertGreater(child.ask(op="run")["seconds"], 0)
        self.assertEqual(child.close(), 0)
        self.assertIn("hello from the import", child.error_output())


class PrepareTest(ChildTest):
    def test_setup_raising_not_implemented_skips_with_the_reason(self):
        path = self.write("bench_skip.py", """\
            def setup():
                with open(%r, "a") as record:
                    record.write("module.setup\\n")

            def teardown():
                with open(%r, "a") as record:
                    record.write("module.teardown\\n")

            class NoGpu:
                def setup(self):
                    raise NotImplementedError("no GPU here")

                def teardown(self):
                    raise AssertionError("never set up, so never torn down")

                def time_gpu(self):
                    pass
            """ % (self.record_path(), self.record_path()))
        child = self.child()
        reply = child.ask(op="prepare", file=path, benchmark="NoGpu.time_gpu")
        self.assertEqual(reply, {"skipped": "setup raised NotImplementedError: no GPU here"})
        self.assertEqual(self.recorded(), ["module.setup", "module.teardown"])
        self.assertEqual(child.ask(op="run"), {"error": "run before prepare"})

    def test_an_exception_in_a_benchmark_fails_that_point_only(self):
        path = self.write("bench_raise.py", """\
            setups = 0

            def time_raises():
                raise ValueError("boom")

            def count_setups():
                global setups
                setups += 1

            def time_raises_in_a_repetition():
                if setups > 1:
                    raise KeyError("repetition")
            time_raises_in_a_repetition.setup = count_setups

            def time_exits():
                raise SystemExit(3)

            def time_fine():
                pass
            """)
        child = self.child()
        reply = child.ask(op="prepare", file=path, benchmark="time_raises")
        self.assertEqual(reply["error"], "ValueError: boom")
        self.assertIn('File "%s", line 4, in time_raises' % path, "\n".join(reply["traceback"]))
        reply = child.ask(op="prepare", file=path, benchmark="time_exits")
        self.assertEqual(reply["error"], "SystemExit: 3")
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_fine",
                                  warmup_s=0)["ok"])
        # Failing in a run: the prepare's calls pass, the repetition's (after setup) fail.
        self.assertTrue(child.ask(op="prepare", file=path,
                                  benchmark="time_raises_in_a_repetition", warmup_s=0)["ok"])
        reply = child.ask(op="run")
        self.assertEqual(reply["error"], "KeyError: 'repetition'")
        self.assertIn("line %d, in time_raises_in_a_repetition" % self.line_of(
            path, 'raise KeyError'), "\n".join(reply["traceback"]))
        self.assertEqual(child.ask(op="finish"), {"ok": True})

    def test_a_hang_ends_the_child_with_a_traceback_of_where_it_hung(self):
        path = self.write("bench_hang.py", """\
            import time

            def time_hang():
                while True:
                    time.sleep(0.01)
            time_hang.timeout = 1
            """)
        child = self.child()
        self.assertIsNone(child.ask(op="prepare", file=path, benchmark="time_hang"))
        self.assertEqual(child.close(), 1)
        stderr = child.error_output()
        self.assertIn("Timeout (0:00:01)!", stderr)
        self.assertIn('File "%s", line 5 in time_hang' % path, stderr)

    def test_an_interpreter_crash_ends_the_child(self):
        path = self.write("bench_crash.py", """\
            import ctypes
            import os

            def time_abort():
                os.abort()

            def time_segfault():
                ctypes.string_at(0)
            """)
        for name, sig in (("time_abort", signal.SIGABRT), ("time_segfault", signal.SIGSEGV)):
            with self.subTest(name):
                child = self.child()
                self.assertIsNone(child.ask(op="prepare", file=path, benchmark=name))
                self.assertEqual(child.close(), -sig)
                self.assertIn('File "%s"' % path, child.error_output())  # faulthandler's
        child = self.child()  # a fresh child goes on
        self.assertTrue(child.ask(op="list", file=path)["ok"])

    def test_setups_and_teardowns_run_by_level_and_in_order(self):
        path = self.write("bench_order.py", """\
            def note(what):
                with open(%r, "a") as record:
                    record.write(what + "\\n")

            def setup(n):
                note("module.setup(%%d)" %% n)

            def teardown(n):
                note("module.teardown")

            def bench_setup(n):
                note("bench.setup")

            def bench_teardown(n):
                note("bench.teardown")

            class Suite:
                params = [5]

                def setup(self, n):
                    note("class.setup")

                def teardown(self, n):
                    note("class.teardown")

                def time_x(self, n):
                    pass
                time_x.setup = bench_setup
                time_x.teardown = bench_teardown
            """ % self.record_path())
        set_up = ["module.setup(5)", "class.setup", "bench.setup"]
        torn_down = ["bench.teardown", "class.teardown", "module.teardown"]
        child = self.child()
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="Suite.time_x",
                                  params=["5"])["ok"])
        self.assertEqual(self.recorded(), set_up)
        child.ask(op="run")  # a fresh setup for each repetition
        self.assertEqual(self.recorded(), set_up + torn_down + set_up)
        self.assertEqual(child.ask(op="finish"), {"ok": True})
        self.assertEqual(self.recorded(), (set_up + torn_down) * 2)
        # The end of stdin tears a prepared benchmark down too, and exits cleanly.
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="Suite.time_x",
                                  params=["5"])["ok"])
        self.assertEqual(child.close(), 0)
        self.assertEqual(self.recorded(), (set_up + torn_down) * 3)

    def test_setup_cache_runs_once_and_comes_first(self):
        path = self.write("bench_cache.py", """\
            def setup_cache():
                with open(%r, "a") as record:
                    record.write("setup_cache\\n")
                return {"data": list(range(10))}

            def setup(cache, n):
                assert cache["data"] == list(range(10))

            def time_sum(cache, n):
                sum(cache["data"][:n])
            time_sum.params = [3, 5]
            """ % self.record_path())
        child = self.child()
        self.assertEqual(child.ask(op="list", file=path)["benchmarks"][0]["params"],
                         [["3", "5"]])
        for n in ("3", "5"):
            self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_sum",
                                      params=[n], warmup_s=0)["ok"])
        self.assertEqual(self.recorded(), ["setup_cache"])

    def test_number_is_calibrated_to_the_minimum_batch(self):
        path = self.write("bench_number.py", """\
            import time

            def time_sleep():
                time.sleep(0.0002)

            def time_fixed():
                pass
            time_fixed.number = 3

            def time_sample():
                time.sleep(0.0002)
            time_sample.sample_time = 0.004
            """)
        child = self.child()

        # However fast or busy the machine (a sleep of 0.2 ms lasts longer on a loaded one):
        # a power of two of calls whose last batch, with no warm-up after it, lasted the target.
        def calibrated_to(target_s, reply):
            self.assertTrue(reply["ok"], reply)
            number = reply["number"]
            self.assertEqual(number & (number - 1), 0, reply)
            self.assertGreater(number, 1, reply)  # one call of >= 0.2 ms is below 1 ms
            self.assertGreaterEqual(number * reply["per_call_s"], target_s, reply)

        reply = child.ask(op="prepare", file=path, benchmark="time_sleep", warmup_s=0)
        calibrated_to(0.001, reply)  # the default minimum batch
        self.assertGreaterEqual(reply["first_call_s"], 0.0002)
        self.assertGreaterEqual(reply["per_call_s"], 0.0002)
        self.assertEqual(child.ask(op="prepare", file=path, benchmark="time_fixed")["number"], 3)
        calibrated_to(0.004, child.ask(op="prepare", file=path, benchmark="time_sample",
                                       warmup_s=0))  # its own sample_time
        calibrated_to(0.004, child.ask(op="prepare", file=path, benchmark="time_sleep",
                                       warmup_s=0, min_batch_s=0.004))

    def test_run_returns_seconds_per_call_with_gc_off_inside(self):
        path = self.write("bench_run.py", """\
            import gc
            import time
            seen = []

            def time_sleep():
                seen.append(gc.isenabled())
                time.sleep(0.001)
            time_sleep.number = 5

            def teardown():
                with open(%r, "a") as record:
                    record.write("%%s %%s\\n" %% (any(seen), gc.isenabled()))
            """ % self.record_path())
        child = self.child()
        self.assertEqual(child.ask(op="prepare", file=path, benchmark="time_sleep",
                                   warmup_s=0)["number"], 5)
        reply = child.ask(op="run")
        self.assertEqual(reply["number"], 5)
        self.assertGreaterEqual(reply["seconds"], 0.001)
        self.assertLess(reply["seconds"], 0.1)
        reply = child.ask(op="run", number=2)
        self.assertEqual(reply["number"], 2)
        self.assertGreaterEqual(reply["seconds"], 0.001)
        child.ask(op="finish")
        # Inside the timed calls the collector was off; around them it is on again.
        self.assertEqual(self.recorded()[-2:], ["False", "True"])

    def test_bad_requests_get_an_error_and_the_child_goes_on(self):
        path = self.write("bench_requests.py", """\
            def time_n(n):
                pass
            time_n.params = [1, 2]
            """)
        child = self.child()
        self.assertIn("malformed request", child.send("{not json")["error"])
        self.assertIn("not a JSON object", child.send("[1, 2]")["error"])
        self.assertIn("unknown op", child.ask(op="fly")["error"])
        self.assertIn("unknown op", child.ask(file=path)["error"])
        self.assertEqual(child.ask(op="list"), {"error": "'list' needs 'file'"})
        self.assertEqual(child.ask(op="run"), {"error": "run before prepare"})
        self.assertIn("has no benchmark 'time_m'",
                      child.ask(op="prepare", file=path, benchmark="time_m")["error"])
        self.assertIn("1 parameter axes",
                      child.ask(op="prepare", file=path, benchmark="time_n")["error"])
        self.assertEqual(
            child.ask(op="prepare", file=path, benchmark="time_n", params=["3"])["error"],
            "parameter param1 has no value 3; its values: 1, 2")
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_n", params=["2"],
                                  warmup_s=0)["ok"])
        self.assertIn("number must be", child.ask(op="run", number=0)["error"])
        self.assertEqual(child.ask(op="finish"), {"ok": True})
        self.assertEqual(child.ask(op="finish"), {"ok": True})
        missing = os.path.join(self.folder.name, "missing.py")
        self.assertTrue(child.ask(op="list", file=missing)["error"].startswith(
            "FileNotFoundError"))
        self.assertTrue(child.ask(op="list", file=path)["ok"])
        self.assertEqual(child.close(), 0)


class ExampleTest(ChildTest):
    def test_the_example_lists(self):
        listing = self.child().ask(op="list", file=EXAMPLE)
        self.assertEqual([b["name"] for b in listing["benchmarks"]], [
            "time_python_loop", "AddNumPy.time_new_array", "AddNumPy.time_out",
            "AddNumba.time_njit", "AddNumba.time_prange"])
        self.assertEqual([n["name"] for n in listing["not_measured"]],
                         ["mem_array", "track_prange_threads"])
        self.assertEqual(listing["benchmarks"][1]["params"], [["1000", "100000", "10000000"]])

    @unittest.skipIf(HAS_NUMPY, "NumPy is installed: test_the_example_runs covers it")
    def test_the_example_skips_without_numpy(self):
        reply = self.child().ask(op="prepare", file=EXAMPLE, benchmark="AddNumPy.time_out",
                                 params=["1000"])
        self.assertEqual(reply, {"skipped": "setup raised NotImplementedError: "
                                            "NumPy is not installed"})

    @unittest.skipUnless(HAS_NUMPY, "NumPy is not installed for %s" % sys.executable)
    def test_the_example_runs(self):
        child = self.child()
        for name, n in (("time_python_loop", "1000"), ("AddNumPy.time_out", "1000"),
                        ("AddNumPy.time_new_array", "1000")):
            with self.subTest(name):
                reply = child.ask(op="prepare", file=EXAMPLE, benchmark=name, params=[n])
                self.assertTrue(reply.get("ok"), reply)
                self.assertGreater(child.ask(op="run")["seconds"], 0)
        reply = child.ask(op="prepare", file=EXAMPLE, benchmark="AddNumba.time_njit",
                          params=["1000"])
        if HAS_NUMBA:
            self.assertTrue(reply.get("ok"), reply)
            self.assertGreater(reply["first_call_s"], child.ask(op="run")["seconds"])  # JIT
        else:
            self.assertEqual(reply, {"skipped": "setup raised NotImplementedError: "
                                                "Numba is not installed"})


class DecoratorTest(ChildTest):
    """The accellab module: kernels, references, work and device variants."""

    KERNEL = """\
        import accellab

        square = accellab.Kernel("square", work=lambda n, k: accellab.Work(
            elements=n, bytes=8 * n, flops=n * k), rtol=1e-9)
        params = [[3, 5], [1, 2]]
        param_names = ["n", "k"]

        @square.reference
        def time_exact(n, k):
            return [float(i * i) for i in range(n)]

        @square.variant
        def time_close(n, k):
            return [i * i * (1 + 1e-12) for i in range(n)]

        @square.variant
        def time_wrong(n, k):
            return [float(i * i) + (i == n - 1) for i in range(n)]

        @square.variant
        def time_short(n, k):
            return [float(i * i) for i in range(n - 1)]

        def time_plain(n, k):
            pass
        """

    def test_a_kernel_lists_its_reference_work_and_variants(self):
        path = self.write("bench_square.py", self.KERNEL)
        listing = self.child().ask(op="list", file=path)
        self.assertEqual(listing["not_measured"], [])
        self.assertEqual(len(listing["kernels"]), 1)
        kernel = listing["kernels"][0]
        self.assertEqual((kernel["name"], kernel["reference"], kernel["rtol"]),
                         ("square", "time_exact", 1e-9))
        self.assertEqual(kernel["work"], [
            {"params": [n, k], "elements": int(n), "bytes": 8 * int(n),
             "flops": int(n) * int(k)} for n in ("3", "5") for k in ("1", "2")])
        marks = {b["name"]: (b["kernel"], b["reference"], b["device"])
                 for b in listing["benchmarks"]}
        self.assertEqual(marks, {"time_exact": ("square", True, None),
                                 "time_close": ("square", False, None),
                                 "time_wrong": ("square", False, None),
                                 "time_short": ("square", False, None),
                                 "time_plain": (None, False, None)})

    def test_each_variant_is_checked_against_the_reference(self):
        path = self.write("bench_square.py", self.KERNEL)
        child = self.child()
        expected = {
            "time_exact": {"checked": True, "ok": True, "detail":
                           "max |error| 0 of max |reference| 16 (rtol 1e-09), against a second "
                           "call of itself"},
            "time_close": {"checked": True, "ok": True, "detail":
                           "max |error| 1.6e-11 of max |reference| 16 (rtol 1e-09), against "
                           "time_exact"},
            "time_wrong": {"checked": True, "ok": False, "detail":
                           "max |error| 1 of max |reference| 16 (rtol 1e-09), against "
                           "time_exact"},
            "time_plain": {"checked": False, "ok": False, "detail":
                           "not verified: an asv benchmark returns no output to compare; "
                           "declare its kernel and a reference with the accellab module "
                           "(docs/python.md)"},
        }
        if HAS_NUMPY:
            expected["time_short"] = {"checked": True, "ok": False, "detail":
                                      "its output has shape (4,), the reference's (5,), against "
                                      "time_exact"}
        for name, verdict in expected.items():
            with self.subTest(name):
                self.assertTrue(child.ask(op="prepare", file=path, benchmark=name,
                                          params=["5", "2"], warmup_s=0)["ok"])
                self.assertEqual(child.ask(op="verify", reference="time_exact"), verdict)

    def test_a_kernel_that_cannot_be_measured_says_why(self):
        path = self.write("bench_bad_kernels.py", """\
            import accellab

            twice = accellab.Kernel("twice")
            other_axes = accellab.Kernel("other_axes")
            failing = accellab.Kernel("failing", work=lambda n: 1 // 0)
            lonely = accellab.Kernel("lonely")

            @twice.reference
            def time_a():
                return 1

            @twice.reference
            def time_b():
                return 1

            @other_axes.variant
            def time_c(n):
                pass
            time_c.params = [1]

            @other_axes.variant
            def time_d(m):
                pass
            time_d.params = [1]
            time_d.param_names = ["m"]

            @failing.variant
            def time_e(n):
                pass
            time_e.params = [1]
            time_e.param_names = ["n"]

            @lonely.variant
            def time_f():
                return 2
            """)
        child = self.child()
        listing = child.ask(op="list", file=path)
        reasons = {entry["name"]: entry["reason"] for entry in listing["not_measured"]}
        self.assertEqual(reasons, {
            "time_a": "kernel twice has 2 references (time_a, time_b): it takes one",
            "time_b": "kernel twice has 2 references (time_a, time_b): it takes one",
            "time_d": "a variant of kernel other_axes takes its parameters (param1), not (m)",
            "time_e": "kernel failing: its work function raised ZeroDivisionError: "
                      "integer division or modulo by zero"})
        self.assertEqual([b["name"] for b in listing["benchmarks"]], ["time_c", "time_f"])
        self.assertTrue(child.ask(op="prepare", file=path, benchmark="time_f", warmup_s=0)["ok"])
        self.assertEqual(child.ask(op="verify", reference=None), {
            "checked": False, "ok": False,
            "detail": "not verified: kernel lonely declares no reference to compare with"})
        # A name that is not the kernel's reference is the host's error, not a verdict.
        self.assertIn("is not the reference of kernel lonely",
                      child.ask(op="verify", reference="time_c")["error"])

    def test_a_bad_declaration_is_the_files_error(self):
        for mark, error in (
                ('device="opencl"', "device must be one of cupy, numba, not 'opencl'"),
                ('threads="openmp"', "threads must be one of numba, not 'openmp'")):
            with self.subTest(mark):
                path = self.write("bench_bad_mark.py", """\
                    import accellab
                    k = accellab.Kernel("k")

                    @k.variant(%s)
                    def time_x():
                        pass
                    """ % mark)
                reply = self.child().ask(op="list", file=path)
                self.assertEqual(reply["error"], "ValueError: Kernel k: " + error)
                self.assertIn('File "%s", line 4' % path, "\n".join(reply["traceback"]))
                self.assertNotIn("<accellab>", "\n".join(reply["traceback"]))

    def test_a_scalar_output_is_compared_as_a_number(self):
        path = self.write("bench_sum.py", """\
            import accellab
            total = accellab.Kernel("total", rtol=1e-6)

            @total.reference
            def time_sum():
                return sum(range(1000))

            @total.variant
            def time_close():
                return 499500.1

            @total.variant
            def time_far():
                return 499600.0
            """)
        child = self.child()
        for name, ok in (("time_sum", True), ("time_close", True), ("time_far", False)):
            with self.subTest(name):
                self.assertTrue(child.ask(op="prepare", file=path, benchmark=name,
                                          warmup_s=0)["ok"])
                verdict = child.ask(op="verify", reference="time_sum")
                self.assertEqual((verdict["checked"], verdict["ok"]), (True, ok), verdict)

    THREADED = """\
        import accellab
        k = accellab.Kernel("k")

        @k.variant(threads="numba")
        def time_threads():
            import numba
            return numba.get_num_threads()  # what the variant's parallel code would run on

        @k.reference
        def time_plain():
            return 1
        """

    @unittest.skipUnless(HAS_NUMBA, "Numba is not installed for %s" % sys.executable)
    def test_a_threaded_variant_runs_on_the_points_threads(self):
        path = self.write("bench_threads.py", self.THREADED)
        child = self.child()
        listing = child.ask(op="list", file=path)
        self.assertEqual({b["name"]: b["threads"] for b in listing["benchmarks"]},
                         {"time_threads": "numba", "time_plain": None})
        # More threads than this machine's CPUs: Numba's pool is made big enough.
        many = (os.cpu_count() or 1) + 1
        for threads in (1, many):
            with self.subTest(threads=threads):
                child = self.child()  # one child per point, as AccelLab starts them
                reply = child.ask(op="prepare", file=path, benchmark="time_threads",
                                  threads=threads, warmup_s=0)
                self.assertEqual(reply["threads"], threads, reply)
                verdict = child.ask(op="verify", reference="time_plain")
                self.assertIn("max |error| %d of" % (threads - 1), verdict["detail"])

    def test_the_thread_count_goes_to_threaded_variants_only(self):
        path = self.write("bench_threads.py", self.THREADED)
        child = self.child()
        self.assertIn("takes no thread count", child.ask(
            op="prepare", file=path, benchmark="time_plain", threads=2)["error"])
        self.assertIn("the request gives no count", child.ask(
            op="prepare", file=path, benchmark="time_threads")["error"])
        self.assertIn("threads must be an integer of at least 1", child.ask(
            op="prepare", file=path, benchmark="time_threads", threads=0)["error"])
        reply = child.ask(op="prepare", file=path, benchmark="time_plain", warmup_s=0)
        self.assertIsNone(reply["threads"])

    def test_a_device_variant_is_timed_by_its_librarys_cuda_events(self):
        # A stand-in for numba.cuda beside the file (the file's folder comes first on the
        # path): its events say 6 ms from the first record to the last, whatever the host
        # clock says, and it counts the synchronizations.
        os.makedirs(os.path.join(self.folder.name, "numba"))
        self.write("numba/__init__.py", "")
        self.write("numba/cuda.py", """\
            synchronized = 0

            class Event:
                def record(self, stream=0):
                    pass

                def synchronize(self):
                    global synchronized
                    synchronized += 1

            def event():
                return Event()

            def synchronize():
                global synchronized
                synchronized += 1

            def event_elapsed_time(start, end):
                return 6.0
            """)
        path = self.write("bench_device.py", """\
            import accellab
            from numba import cuda
            gpu = accellab.Kernel("gpu")

            class Array:
                def copy_to_host(self):
                    return [cuda.synchronized]

            @gpu.reference(device="numba")
            def time_kernel():
                return Array()
            time_kernel.number = 3
            """)
        child = self.child()
        listing = child.ask(op="list", file=path)
        self.assertEqual(listing["benchmarks"][0]["device"], "numba")
        reply = child.ask(op="prepare", file=path, benchmark="time_kernel", warmup_s=0)
        self.assertAlmostEqual(reply["first_call_s"], 0.006)
        self.assertAlmostEqual(child.ask(op="run")["seconds"], 0.002)  # 6 ms over 3 calls
        # The output is copied to the host: it says how often the GPU was synchronized, before
        # and after each of the three batches (first call, calibrated batch, run).
        self.assertEqual(child.ask(op="verify", reference="time_kernel"), {
            "checked": True, "ok": True, "detail": "max |error| 0 of max |reference| 6 "
                                                   "(rtol 1e-12), against a second call of itself"})

    @unittest.skipUnless(HAS_NUMPY, "NumPy is not installed for %s" % sys.executable)
    def test_the_decorated_example_verifies(self):
        child = self.child()
        listing = child.ask(op="list", file=DECORATED)
        self.assertEqual(listing["kernels"][0]["name"], "add2")
        self.assertEqual(listing["kernels"][0]["reference"], "time_python_loop")
        names = ["time_python_loop", "time_numpy"] + (
            ["time_njit", "time_prange"] if HAS_NUMBA else [])
        for name in names:
            with self.subTest(name):
                # The child imported Numba for time_njit: its pool holds the CPUs.
                threads = {"threads": os.cpu_count() or 1} if name == "time_prange" else {}
                reply = child.ask(op="prepare", file=DECORATED, benchmark=name,
                                  params=["1000"], warmup_s=0, **threads)
                self.assertTrue(reply["ok"], reply)
                self.assertEqual(reply["threads"], threads.get("threads"))
                verdict = child.ask(op="verify", reference="time_python_loop")
                self.assertEqual((verdict["checked"], verdict["ok"]), (True, True), verdict)
        reply = child.ask(op="prepare", file=DECORATED, benchmark="time_numba_cuda",
                          params=["1000"])
        if "skipped" in reply:
            self.assertIn("NotImplementedError", reply["skipped"])


class OverheadTest(ChildTest):
    """Prints what the harness costs: an empty benchmark against timeit on this interpreter.
    A measurement, not an assertion on time."""

    def test_empty_benchmark_against_timeit(self):
        path = self.write("bench_empty.py", """\
            def time_empty():
                pass
            """)
        child = self.child()
        number = child.ask(op="prepare", file=path, benchmark="time_empty")["number"]
        runs = [child.ask(op="run", number=number)["seconds"] for _ in range(15)]

        def empty():
            pass
        call = [t / number for t in timeit.repeat(empty, number=number, repeat=15)]
        bare = [t / number for t in timeit.repeat("pass", number=number, repeat=15)]
        harness, function, statement = (statistics.median(v) for v in (runs, call, bare))
        sys.stderr.write(
            "\nempty benchmark, median of 15 batches of %d calls (%s): AccelLab's child "
            "%.1f ns per call; timeit of the same empty function %.1f ns (%.2fx); "
            "timeit('pass') %.1f ns (%.2fx)\n" % (
                number, sys.executable, harness * 1e9, function * 1e9, harness / function,
                statement * 1e9, harness / statement))
        self.assertGreater(harness, 0)


if __name__ == "__main__":
    unittest.main()

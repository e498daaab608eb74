#!/usr/bin/python3
"""For scripts/gpu-check: the gpu points of its add and pi sessions, and the two GPU targets.

Prints one line per gpu point that is not "ok" and exits 1 if there is any (or no gpu point at
all, or a session is missing). Prints the targets with PASS or FAIL; they do not change the exit
status (targets are read by people):
  add f64 1024x1024x512: gpu bytes/s over the device's measured copy ceiling >= 90 %
  pi 1e10 samples: gpu samples/s >= 300 G/s

Usage: gpu_check_sessions.py ADD_SESSION PI_SESSION
"""
import json
import sys

ADD_SHAPE = [1024, 1024, 512]
ADD_TARGET = 0.90
PI_SAMPLES = 10_000_000_000
PI_TARGET = 300e9


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"gpu-check: FAIL: session {path}: {e}")
        return None


def describe(point):
    params = point.get("params", {})
    if "shape" in params:
        problem = "x".join(str(n) for n in params["shape"]) + " " + params.get("dtype", "")
    else:
        mantissa, exponent = f"{params.get('samples', 0):e}".split("e")
        problem = f"{mantissa.rstrip('0').rstrip('.')}e{int(exponent)} samples"
    return f"{point['kernel']} {point['variant']} {problem}"


def check_gpu_points(name, session):
    """Whether the session has gpu points and every one is ok; prints those that are not."""
    gpu = [p for p in session["points"] if p["variant"] == "gpu" and p["kernel"] == name]
    if not gpu:
        print(f"gpu-check: FAIL: the {name} session has no gpu point")
        return False
    bad = [p for p in gpu if p["status"] != "ok"]
    for p in bad:
        print(f"gpu-check: FAIL: {describe(p)}: {p['status']} ({p.get('reason', '')})")
    print(f"{name}: {len(gpu) - len(bad)} of {len(gpu)} gpu points ok")
    return not bad


def gpu_point(session, kernel, match):
    """The gpu point of the target's problem and why it cannot be used, if it cannot."""
    points = [p for p in session["points"]
              if p["kernel"] == kernel and p["variant"] == "gpu" and match(p["params"])]
    if not points:
        return None, "not measured: the run has no gpu point of that problem"
    point = points[0]
    if point["status"] != "ok":
        return None, f"not measured: gpu point {point['status']} ({point.get('reason', '')})"
    return point, ""


def verdict(met):
    return "PASS" if met else "FAIL"


def add_target(session):
    label = "target add f64 1024x1024x512, gpu bandwidth / device copy ceiling >= 90 %:"
    point, why = gpu_point(
        session, "add", lambda p: p.get("shape") == ADD_SHAPE and p.get("dtype") == "f64")
    if point is None:
        print(f"{label} {why}: FAIL")
        return
    system = session["system"]
    device = system.get("gpu_device", 0)
    gpus = [g for g in system.get("gpus", []) if g.get("index", 0) == device]
    ceiling = gpus[0].get("copy_ceiling_bytes_per_s", 0) if gpus else 0
    rate = point["bytes_per_s"]
    if ceiling <= 0:
        print(f"{label} {rate / 1e9:.0f} GB/s, but device {device}'s copy ceiling was not "
              "measured: FAIL")
        return
    ratio = rate / ceiling
    print(f"{label} {100 * ratio:.1f} % ({rate / 1e9:.0f} GB/s of {ceiling / 1e9:.0f} GB/s on "
          f"device {device}): {verdict(ratio >= ADD_TARGET)}")


def pi_target(session):
    label = "target pi 1e10 samples, gpu throughput >= 300 G samples/s:"
    point, why = gpu_point(session, "pi", lambda p: p.get("samples") == PI_SAMPLES)
    if point is None:
        print(f"{label} {why}: FAIL")
        return
    rate = point["elements_per_s"]
    print(f"{label} {rate / 1e9:.1f} G samples/s: {verdict(rate >= PI_TARGET)}")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    add, pi = load(sys.argv[1]), load(sys.argv[2])
    ok = True
    for name, session in (("add", add), ("pi", pi)):
        ok = (session is not None and check_gpu_points(name, session)) and ok
    if add is not None:
        add_target(add)
    if pi is not None:
        pi_target(pi)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

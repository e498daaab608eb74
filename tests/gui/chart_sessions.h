// Hand-built sessions for the chart tests: the scenarios of issue 7, where runs were
// cancelled, repeated or measured different problems.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "accellab/session.h"
#include "accellab/stats.h"

namespace accellab::testing {

inline Params shape(std::uint64_t z, std::uint64_t y, std::uint64_t x) {
  Params params;
  params.shape = Shape3{z, y, x};
  return params;
}

// An ok `add` point with these samples; its first call three medians, as page faults make it.
inline PointResult measured(const std::string& variant, const Params& params,
                            std::vector<double> samples, int threads = 1) {
  PointResult r;
  r.point = {"add", variant, params, threads};
  r.samplesS = std::move(samples);
  r.stats = summarize(r.samplesS);
  r.firstCallS = 3 * r.stats.medianS;
  r.elements = problemSize(params);
  r.bytes = 24 * r.elements;
  r.elementsPerS = static_cast<double>(r.elements) / r.stats.medianS;
  r.bytesPerS = static_cast<double>(r.bytes) / r.stats.medianS;
  r.verified = true;
  return r;
}

inline PointResult notMeasured(const std::string& variant, const Params& params, PointStatus status,
                               const std::string& reason, int threads = 1) {
  PointResult r;
  r.point = {"add", variant, params, threads};
  r.status = status;
  r.reason = reason;
  return r;
}

inline Run run(int id, std::vector<PointResult> points) {
  Run r;
  r.id = id;
  r.name = "run " + std::to_string(id);
  r.created = "2026-11-30T16:0" + std::to_string(id) + ":00Z";
  r.system.bandwidthCeilingBytesPerS = 20e9;
  r.points = std::move(points);
  return r;
}

// Run 1: add 1024x1024x512 cancelled after its loop point (vectorized recorded as cancelled,
// parallel not reached at all); run 2: 16x256x256 and 64x256x256 with every CPU variant.
inline Session cancelledThenSmaller() {
  const Params big = shape(1024, 1024, 512);
  const Params small = shape(16, 256, 256);
  const Params medium = shape(64, 256, 256);
  Session session;
  session.runs.push_back(
      run(1, {measured("loop", big, {0.52, 0.50, 0.51}),
              notMeasured("vectorized", big, PointStatus::cancelled, "cancelled")}));
  std::vector<PointResult> second;
  for (const Params& params : {small, medium}) {
    const double scale = params == small ? 1 : 4;
    second.push_back(measured("loop", params, {0.0040 * scale, 0.0041 * scale, 0.0039 * scale}));
    second.push_back(
        measured("vectorized", params, {0.0011 * scale, 0.0012 * scale, 0.0010 * scale}));
    second.push_back(
        measured("parallel", params, {0.0007 * scale, 0.0006 * scale, 0.0008 * scale}, 2));
  }
  session.runs.push_back(run(2, std::move(second)));
  return session;
}

// The same problem measured in two runs, parallel at 1 and 2 threads: each run's speedups and
// scaling are its own.
inline Session sameProblemTwice() {
  const Params params = shape(64, 256, 256);
  Session session;
  session.runs.push_back(run(1, {measured("loop", params, {0.040, 0.041, 0.039}),
                                 measured("vectorized", params, {0.012, 0.013, 0.011}),
                                 measured("parallel", params, {0.039, 0.040, 0.041}, 1),
                                 measured("parallel", params, {0.021, 0.020, 0.022}, 2)}));
  session.runs.push_back(run(2, {measured("loop", params, {0.0040, 0.0041, 0.0042}),
                                 measured("vectorized", params, {0.0013, 0.0012, 0.0014}),
                                 measured("parallel", params, {0.0043, 0.0042, 0.0041}, 1),
                                 measured("parallel", params, {0.0028, 0.0029, 0.0030}, 2)}));
  return session;
}

// --- Sessions the reader accepts that crashed or stalled the charts (issue 8) ---

// Every ok point of `add` without samples: medians of 0, so speedups of 0 and infinity.
inline Session noSamples() {
  Session session;
  std::vector<PointResult> points;
  for (const char* variant : {"loop", "vectorized", "parallel"}) {
    PointResult r = measured(variant, shape(16, 256, 256), {0.001});
    r.samplesS.clear();
    r.stats = {};
    r.firstCallS = 0;
    r.elementsPerS = 0;
    r.bytesPerS = 0;
    points.push_back(r);
  }
  session.runs.push_back(run(1, std::move(points)));
  return session;
}

// A loop of 3e8 s (its first call, 3 medians, the longest time a session holds: kMaxTimeS) and
// a vectorized of 1e-300 s: a speedup of 3e308, infinity in a double.
inline Session infiniteSpeedup() {
  Session session;
  const Params params = shape(16, 256, 256);
  session.runs.push_back(run(1, {measured("loop", params, {3e8, 3e8, 3e8}),
                                 measured("vectorized", params, {1e-300, 1e-300, 1e-300}),
                                 measured("parallel", params, {1e-300, 1e-300}, 2),
                                 measured("parallel", params, {3e8, 3e8}, 1)}));
  return session;
}

// Samples near the ends of what a file holds: 3e8 s (whose first call, 3 medians, is about
// kMaxTimeS) beside 1e-300 s, and rates of a million elements in 1e-300 s that overflow a
// double (kept finite: 1e300).
inline Session extremeSamples() {
  const Params params = shape(16, 256, 256);
  std::vector<PointResult> points{measured("loop", params, {1e-300, 3e8, 1e-300}),
                                  measured("vectorized", params, {1e-300, 1e-300, 1e-300}),
                                  measured("parallel", params, {3e8, 1e-300}, 2),
                                  measured("parallel", params, {3e8, 3e8}, 1)};
  for (PointResult& p : points)
    for (double* value : {&p.stats.meanS, &p.stats.stddevS, &p.stats.ci95HighS, &p.firstCallS,
                          &p.elementsPerS, &p.bytesPerS})
      if (!std::isfinite(*value)) *value = 1e300;
  Session session;
  session.runs.push_back(run(1, std::move(points)));
  return session;
}

// One problem with parallel at 1..`threads` threads, and loop.
inline Session manyThreadCounts(int threads) {
  const Params params = shape(16, 256, 256);
  std::vector<PointResult> points{measured("loop", params, {0.004, 0.0041, 0.0039})};
  for (int t = 1; t <= threads; ++t) {
    const double s = 0.004 / t + 1e-6;
    points.push_back(measured("parallel", params, {s, s * 1.01, s * 0.99}, t));
  }
  Session session;
  session.runs.push_back(run(1, std::move(points)));
  return session;
}

// `problems` problems, each with loop and vectorized.
inline Session manyProblems(int problems) {
  std::vector<PointResult> points;
  for (int i = 1; i <= problems; ++i) {
    const Params params = shape(1, 1, static_cast<std::uint64_t>(i) * 64);
    const double s = 1e-7 * i;
    points.push_back(measured("loop", params, {s, s * 1.01, s * 0.99}));
    points.push_back(measured("vectorized", params, {s / 4, s / 4.1, s / 3.9}));
  }
  Session session;
  session.runs.push_back(run(1, std::move(points)));
  return session;
}

// loop and `count` variants whose names are `length` characters long, differing at the end.
inline Session longVariantNames(std::size_t length, int count) {
  const Params params = shape(16, 256, 256);
  std::vector<PointResult> points{measured("loop", params, {0.004, 0.0041, 0.0039})};
  for (int i = 0; i < count; ++i) {
    const std::string name = std::string(length, 'v') + std::to_string(i);
    points.push_back(measured(name, params, {0.001, 0.0011, 0.0009}));
  }
  Session session;
  session.runs.push_back(run(1, std::move(points)));
  return session;
}

// `runs` runs of the same 3 problems, each with loop, vectorized, parallel on 1 and 2 threads,
// numpy and numba: 18 slots a run, side by side when the runs are overlaid.
inline Session manyOverlaidBars(int runs) {
  Session session;
  for (int id = 1; id <= runs; ++id) {
    std::vector<PointResult> points;
    for (const std::uint64_t x : {64, 128, 256}) {
      const Params params = shape(16, x, x);
      const double s = 1e-9 * static_cast<double>(16 * x * x) * (1 + 0.05 * id);
      points.push_back(measured("loop", params, {s, s * 1.01, s * 0.99}));
      points.push_back(measured("vectorized", params, {s / 3, s / 3.1, s / 2.9}));
      points.push_back(measured("parallel", params, {s / 3, s / 3.1, s / 2.9}));
      points.push_back(measured("parallel", params, {s / 5, s / 5.1, s / 4.9}, 2));
      points.push_back(measured("numpy", params, {s / 2, s / 2.1, s / 1.9}));
      points.push_back(measured("numba", params, {s * 4, s * 4.1, s * 3.9}));
    }
    session.runs.push_back(run(id, std::move(points)));
  }
  return session;
}

}  // namespace accellab::testing

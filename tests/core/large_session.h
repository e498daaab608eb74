// Sessions at the limits of session.h: the size tests of tst_session and the timings of
// tests/bench/session_io.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "accellab/session.h"
#include "accellab/stats.h"
#include "sample_session.h"

namespace accellab::test {

// A time with the most digits a sample can take in a file: 17 significant digits and a
// three-digit exponent, "1.2345678901234567e-105" (23 bytes). Distinct for every `index`.
inline double longestDigits(std::uint64_t index) {
  return 1.2345678901234567e-105 * (1.0 + static_cast<double>(index % 1000003) * 1e-9);
}

inline GpuTiming longestGpuTiming(std::uint64_t index) {
  return {longestDigits(index),     longestDigits(index + 1), longestDigits(index + 2),
          longestDigits(index + 3), longestDigits(index + 4), longestDigits(index + 5)};
}

// An ok GPU point with every optional field present, `samples` samples, every number at its
// longest and names of `nameLength` characters (at most kMaxNameLength).
inline PointResult largePoint(std::uint64_t index, std::size_t samples, std::size_t nameLength) {
  PointResult result;
  result.point.kernel = std::string(nameLength, 'k');
  result.point.variant = std::string(nameLength - 1, 'v') + "+";
  result.point.params = arrayParams({1u << 19, 1u << 19, 1u << 19});
  result.point.params.seed = ~std::uint64_t{0};
  result.point.threads = 1 << 20;
  for (std::size_t i = 0; i < samples; ++i) result.samplesS.push_back(longestDigits(index + i));
  result.stats = summarize(result.samplesS);
  result.firstCallS = longestDigits(index + 7);
  result.elements = ~std::uint64_t{0};
  result.bytes = ~std::uint64_t{0};
  result.elementsPerS = 1.2345678901234567e+123;
  result.bytesPerS = 1.2345678901234567e+124;
  result.verified = true;
  result.verifyDetail = "785402 hits, pi 3.14161 (0.4 sigma)";
  result.isa = "AVX3";
  result.gpu = longestGpuTiming(index);
  result.gpuMad = longestGpuTiming(index + 6);
  result.runsPerSample = std::uint64_t{1} << 30;
  result.flags = {true, true, true};
  result.attempts = 1 << 20;
  return result;
}

// One run of `points` large points of `samplesEach` samples, its texts at kMaxTextBytes.
inline Session largeSession(std::size_t points, std::size_t samplesEach, std::size_t nameLength) {
  Session session;
  session.created = "2026-11-30T04:33:24Z";
  Run run;
  run.created = session.created;
  run.name = std::string(kMaxTextBytes, 'r');
  run.settings.origin = std::string(kMaxTextBytes, 'o');
  run.system = sampleSystem();
  run.system.hostName = std::string(kMaxTextBytes, 'h');
  run.system.cpuModel = std::string(kMaxTextBytes, 'c');
  run.points.reserve(points);
  for (std::size_t i = 0; i < points; ++i)
    run.points.push_back(largePoint(i * samplesEach, samplesEach, nameLength));
  session.runs.push_back(std::move(run));
  return session;
}

}  // namespace accellab::test

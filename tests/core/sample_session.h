// A fixed session with every kind of point: the golden data of the session and report tests.
#pragma once

#include "accellab/session.h"

namespace accellab::test {

inline Params arrayParams(Shape3 shape, DType dtype = DType::f64) {
  Params params;
  params.shape = shape;
  params.dtype = dtype;
  return params;
}

inline Params sampleParams(std::uint64_t samples) {
  Params params;
  params.samples = samples;
  return params;
}

// A measured point, derived from its samples the way the runner derives it.
inline PointResult measuredPoint(Point point, std::vector<double> samples, Workload work) {
  PointResult result;
  result.point = std::move(point);
  result.samplesS = std::move(samples);
  result.stats = summarize(result.samplesS);
  result.firstCallS = 2 * result.stats.medianS;
  result.elements = work.elements;
  result.bytes = work.bytes;
  result.elementsPerS = static_cast<double>(work.elements) / result.stats.medianS;
  result.bytesPerS = static_cast<double>(work.bytes) / result.stats.medianS;
  result.flops = work.flops;
  result.flopsPerS = static_cast<double>(work.flops) / result.stats.medianS;
  result.verified = true;
  result.verifyDetail = "max |error| 0";
  return result;
}

inline PointResult refusedPoint(Point point, PointStatus status, std::string reason) {
  PointResult result;
  result.point = std::move(point);
  result.status = status;
  result.reason = std::move(reason);
  return result;
}

inline SystemInfo sampleSystem() {
  SystemInfo system;
  system.hostName = "lab-node-1";
  system.cpuModel = "Example CPU @ 3.00GHz";
  system.logicalCores = 2;
  system.simdAvailable = {"AVX3", "AVX2", "SSE4"};
  system.simdSelected = "AVX3";
  system.caches = {{1, "Data", 48 << 10}, {1, "Instruction", 32 << 10}, {2, "Unified", 2 << 20}};
  system.totalRamBytes = 24ull << 30;
  system.availableRamBytes = 20ull << 30;
  system.os = "Debian GNU/Linux 12 (bookworm)";
  system.kernel = "Linux 6.1.0-28-cloud-amd64";
  system.compiler = "GCC 12.2.0";
  system.compilerFlags = "-O3 -DNDEBUG";
  system.buildType = "Release";
  system.openmpVersion = "4.5 (201511)";
  system.cudaBuilt = true;
  system.gpus = {
      GpuInfo{0, "NVIDIA H200", 132, 150754820096ull, 1980, 3201, "9.0", "13.0", "13.0",
              "0000:17:00.0", 4.3e12},
      GpuInfo{1, "NVIDIA H200", 132, 150754820096ull, 1980, 3201, "9.0", "13.0", "13.0",
              "0000:65:00.0", 0},
  };
  system.gpuDevice = 0;
  system.bandwidthCeilingBytesPerS = 20e9;
  system.bandwidthMethod = "STREAM copy, 2 threads, 512 MiB";
  return system;
}

inline std::vector<PointResult> samplePoints() {
  const Params add = arrayParams({64, 64, 64});
  const Workload addWork{262144, 262144 * 16};
  const Params pi = sampleParams(1000000);
  const Workload piWork{1000000, 0};
  std::vector<PointResult> points;
  points.push_back(measuredPoint({"add", "loop", add, 1}, {0.0039, 0.004, 0.0042}, addWork));
  points.push_back(
      measuredPoint({"add", "vectorized", add, 1}, {0.00099, 0.001, 0.00102}, addWork));
  points.back().isa = "AVX3";
  points.push_back(
      measuredPoint({"add", "parallel", add, 2}, {0.0005, 0.00052, 0.0005, 0.00049}, addWork));
  points.back().isa = "AVX3";
  points.push_back(measuredPoint({"add", "gpu", add, 1}, {0.0002, 0.00021, 0.0002}, addWork));
  points.back().gpu = GpuTiming{0.00001, 0.0001, 0.00009, 0.0002, 0.0003, 0.00025};
  points.back().gpuMad = GpuTiming{0.000001, 0.00001, 0.000009, 0.00002, 0.00003, 0.000025};
  points.push_back(measuredPoint({"pi", "loop", pi, 1}, {0.01, 0.011, 0.0105}, piWork));
  points.back().verifyDetail = "785402 hits, pi 3.14161 (0.4 sigma)";
  points.push_back(measuredPoint({"pi", "vectorized", pi, 1}, {0.0025}, piWork));
  points.back().status = PointStatus::cancelled;
  points.back().reason = "cancelled";
  points.back().verified = false;
  points.back().verifyDetail.clear();
  points.back().runsPerSample = 3;
  points.push_back(measuredPoint({"pi", "parallel", pi, 2}, {0.002, 0.0021, 0.0019}, piWork));
  points.back().status = PointStatus::failed;
  points.back().reason = "fingerprint 785401 differs from loop's 785402";
  points.back().verified = false;
  points.push_back(refusedPoint({"pi", "gpu", pi, 1}, PointStatus::skipped, "no CUDA device"));
  return points;
}

// The run the sample points were measured in, with a flag of each kind set as the runner
// would have set it.
inline Run sampleRun() {
  Run run;
  run.id = 1;
  run.created = "2026-11-30T04:33:24Z";
  run.name = "2026-11-30 04:33 add, pi 2 problems \u00d7 4 variants \u00d7 2 thread counts";
  run.settings.measure.minReps = 3;
  run.settings.measure.maxTimeS = 10;
  run.settings.measure.quality = {0.1, 20};
  run.settings.baseline = "loop";
  run.settings.origin = "accellab-cli run --kernel add";
  run.system = sampleSystem();
  run.conditions = {{"virtual-machine", "running in a virtual machine (KVM)"}};
  run.points = samplePoints();
  // Measured by a build whose add counts its FLOPs (one add per element); pi counts none.
  for (PointResult& point : run.points) {
    if (point.point.kernel != "add") continue;
    point.flops = point.elements;
    point.flopsPerS = point.elementsPerS;
  }
  // The CPU time of the process beside the wall time: loop kept one core busy, parallel ×2
  // a little under its two.
  for (const auto& [index, cores] : {std::pair{0, 0.99}, std::pair{2, 1.96}}) {
    PointResult& point = run.points[static_cast<std::size_t>(index)];
    CpuUse cpu;
    for (const double s : point.samplesS) cpu.samplesS.push_back(s * cores);
    cpu.medianS = point.stats.medianS * cores;
    cpu.cores = cores;
    point.cpu = cpu;
  }
  run.points[1].flags.cold = true;
  run.points[1].firstCallS = 0.5;
  run.points[2].flags.unstable = true;
  run.points[2].attempts = 3;
  run.points[4].flags.cutShort = true;
  return run;
}

// A later run of the same session: its own id, a name the user edited, one point.
inline Run sampleSecondRun() {
  Run run;
  run.id = 3;
  run.created = "2026-11-30T05:10:00Z";
  run.name = "loop again, after closing the browser";
  run.settings.origin = "desktop app";
  run.system = sampleSystem();
  run.points.push_back(measuredPoint({"add", "loop", arrayParams({64, 64, 64}), 1},
                                     {0.0037, 0.0038, 0.0038}, {262144, 262144 * 16}));
  return run;
}

inline Session sampleSession() {
  return {"2026-11-30T04:33:24Z", {sampleRun(), sampleSecondRun()}};
}

// What a version-1 file holding sampleSystem() and samplePoints() reads as: one run, named
// by its time and points, with default settings.
inline Session sampleV1Session(SystemInfo system, std::vector<PointResult> points) {
  system.hostName.clear();  // version 1 did not record it
  Run run;
  run.id = 1;
  run.created = "2026-11-30T04:33:24Z";
  run.name = "2026-11-30 04:33 add, pi 2 problems \u00d7 4 variants \u00d7 2 thread counts";
  run.system = std::move(system);
  run.points = std::move(points);
  return {"2026-11-30T04:33:24Z", {run}};
}

// sampleSession() as a file written before sessions listed every GPU (tests/data/
// session-v1.json): device 0 alone, without its bus id and copy ceiling, and GPU times
// without the pageable copies and the spreads.
inline Session sampleSessionBeforeGpus() {
  SystemInfo system = sampleSystem();
  system.gpus.resize(1);
  system.gpus[0].pciBusId.clear();
  system.gpus[0].copyCeilingBytesPerS = 0;
  std::vector<PointResult> points = samplePoints();
  for (PointResult& point : points) {
    point.gpuMad.reset();
    if (point.gpu) point.gpu->h2dPageableS = point.gpu->d2hPageableS = 0;
  }
  return sampleV1Session(std::move(system), std::move(points));
}

}  // namespace accellab::test

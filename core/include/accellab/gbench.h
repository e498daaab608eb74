// Google Benchmark's JSON (--benchmark_format=json, --benchmark_out): read as a session of one
// run, so that tables, charts and comparisons work on anyone's C++ benchmarks, and written from
// a run, so that Google Benchmark's tools/compare.py compares AccelLab's results. The mapping
// both ways is documented in docs/session-format.md ("Google Benchmark JSON").
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "accellab/result.h"
#include "accellab/session.h"

namespace accellab {

// RunSettings::origin of an imported run starts with this.
inline constexpr std::string_view kGbenchOrigin = "Google Benchmark";

// Throws SessionError naming the JSON path of what is wrong:
// "benchmarks[3].time_unit: unknown time unit 'ps' (one of ns, us, ms, s)",
// "benchmarks[0].real_time: 1.7e+308 ms is not a representable time (at most 1.798e+299 s)".
// Two benchmarks whose names map to one point stay two: the variant of all but the first
// that maps exactly takes a hash of its name ("BM a/1" is variant "BM_a-<16 hex digits>"
// beside "BM_a/1"'s "BM_a").
Session gbenchFromJson(std::string_view json);

// Where a benchmark lands among AccelLab's axes. A name the export wrote (gbenchName) is the
// point it came from. Any other: kernel = the family (the name up to the first '/'); samples
// = the first argument when it is a positive integer up to 2^63, plain or named
// ("BM_Sum/1024", "BM_Sum/size:1024"), else none (the problem's size is unknown); variant =
// the name without that argument and without "threads:N" (the threads field says it):
// "BM_Sum/1024/real_time/threads:2" is kernel BM_Sum, 1024 samples, variant
// "BM_Sum.real_time", 2 threads. Both names are made plain (isPlainName): '/' becomes '.',
// any other run of characters a name may not hold one '_' ("BM_Vec<float, 8>" is
// "BM_Vec_float_8_"), and a name over 64 characters keeps its first 47 and a hash of the
// whole. The name itself is the point's originalName.
Point gbenchPoint(std::string_view runName, int threads);

// A benchmark's name without its "threads:N" parts: the thread counts of one work share it,
// and comparisons of imported points match by it.
std::string gbenchWorkName(std::string_view runName);

// The name a point is exported under: an imported point's original name; AccelLab's own
// "add/parallel/shape:64x64x64/dtype:f64/threads:2", "pi/mpi/samples:1000000/ranks:4",
// "matmul/loop/n:512/dtype:f32" (threads:N and ranks:N only when not 1, dtype for samples
// only when not f64), which gbenchPoint reads back as the same point.
std::string gbenchName(const Point& point);

// One "iteration" row per sample and, from two samples on, the mean, median, stddev and cv
// aggregates, as Google Benchmark writes them. Only measured points are written: a point that
// was skipped, failed or cancelled has no time to compare. Throws SessionError when a number
// would not fit a double in Google Benchmark's units (a sample above about 1.8e299 s): JSON
// would hold null for it.
std::string gbenchToJson(const Run& run);
// Written atomically (output_file.h); throws OutputError when the file cannot be written or
// gbenchToJson refuses the run.
void writeGbenchFile(const Run& run, const std::filesystem::path& path);

}  // namespace accellab

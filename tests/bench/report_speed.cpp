// How long printing a report takes as the number of points grows, in every format: one problem
// group holding every point, the worst case for anything that works per group.
// Not a test (timings depend on the machine); run it by hand:
//   accellab-bench-report [largest point count, default 100000]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>

#include "accellab/report.h"
#include "large_run.h"

namespace {

using accellab::ReportFormat;

// Counts what is written and keeps none of it, as a file would cost no memory.
class CountingBuffer : public std::streambuf {
 public:
  std::size_t count() const { return count_; }

 protected:
  int_type overflow(int_type c) override {
    ++count_;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    count_ += static_cast<std::size_t>(n);
    return n;
  }

 private:
  std::size_t count_ = 0;
};

struct Timing {
  double seconds = 0;
  std::size_t bytes = 0;
};

Timing timeReport(ReportFormat format, const accellab::Run& run) {
  const auto start = std::chrono::steady_clock::now();
  CountingBuffer buffer;
  std::ostream out(&buffer);
  const accellab::ReportOptions options;
  const auto reporter = accellab::makeReporter(format, out, options);
  accellab::reportRun(*reporter, run, options);
  reporter->finish();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return {elapsed.count(), buffer.count()};
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t largest = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  const std::pair<ReportFormat, const char*> formats[] = {{ReportFormat::console, "console"},
                                                          {ReportFormat::csv, "csv"},
                                                          {ReportFormat::markdown, "markdown"},
                                                          {ReportFormat::json, "json"}};
  std::printf("%8s  %-9s %9s %10s\n", "points", "format", "seconds", "MB written");
  for (std::size_t count = 1000; count <= largest; count *= 10) {
    const accellab::Run run = accellab::test::largeGroupRun(count);
    for (const auto& [format, name] : formats) {
      const Timing timing = timeReport(format, run);
      std::printf("%8zu  %-9s %9.3f %10.1f\n", count, name, timing.seconds,
                  static_cast<double>(timing.bytes) / 1e6);
      std::fflush(stdout);
    }
  }
  return 0;
}

// Writing and reading a session file of a given size: times and bytes. Not a test (timings
// depend on the machine); scripts/bench-session-io runs it at the sizes of docs/session-format.md.
// accellab-bench-session-io POINTS SAMPLES_PER_POINT [FILE]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "../core/large_session.h"
#include "accellab/session.h"

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: accellab-bench-session-io POINTS SAMPLES_PER_POINT [FILE]\n";
    return 2;
  }
  const std::size_t points = std::strtoull(argv[1], nullptr, 10);
  const std::size_t samples = std::strtoull(argv[2], nullptr, 10);
  const std::filesystem::path file =
      argc > 3 ? argv[3] : std::filesystem::temp_directory_path() / "accellab-bench-session.json";
  try {
    const accellab::Session session = accellab::test::largeSession(points, samples, 8);
    auto start = std::chrono::steady_clock::now();
    accellab::writeSessionFile(session, file);
    const double writeS = secondsSince(start);
    start = std::chrono::steady_clock::now();
    const accellab::Session read = accellab::readSessionFile(file);
    const double readS = secondsSince(start);
    const bool same = read == session;
    std::printf("%8zu points x %5zu samples: %7.1f MiB  write %6.2f s  read %6.2f s%s\n", points,
                samples, static_cast<double>(std::filesystem::file_size(file)) / (1 << 20), writeS,
                readS, same ? "" : "  (read back DIFFERS)");
    std::filesystem::remove(file);
    return same ? 0 : 1;
  } catch (const std::exception& error) {
    std::cerr << "accellab-bench-session-io: " << error.what() << '\n';
    std::filesystem::remove(file);
    return 1;
  }
}

// libFuzzer target: any bytes through the result-file readers (AccelLab sessions and Google
// Benchmark JSON, as the CLI and the app open them). A refusal is a SessionError; anything
// else escaping, a crash, a hang or a sanitizer report is a finding. What is accepted must
// survive the writer and read back the same. docs/fuzzing.md says how to run it.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "accellab/results_file.h"
#include "accellab/session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  accellab::Session session;
  try {
    session = accellab::resultsFromJson(text);
  } catch (const accellab::SessionError&) {
    return 0;
  }
  // The writer agrees with the reader: it neither refuses nor changes an accepted session.
  if (accellab::sessionFromJson(accellab::sessionToJson(session)) != session) std::abort();
  return 0;
}

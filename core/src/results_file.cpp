#include "accellab/results_file.h"

#include "accellab/gbench.h"
#include "json_reader.h"

namespace accellab {

namespace {

using detail::Json;

enum class Format { unknown, session, gbench };

// Reads up to the top-level key that tells the format and stops there: AccelLab writes
// "format" first and Google Benchmark "context", so telling costs next to nothing even for a
// large session. The reader chosen then checks everything.
class FormatSniffer final : public nlohmann::json_sax<Json> {
 public:
  Format format = Format::unknown;
  bool topLevelObject = false;

  bool key(string_t& name) override {
    if (depth_ != 1) return true;
    if (name == "format") format = Format::session;
    if (name == "benchmarks" || name == "context") format = Format::gbench;
    return format == Format::unknown;
  }
  bool start_object(std::size_t) override {
    if (depth_ == 0) topLevelObject = true;
    return ++depth_ <= detail::kMaxJsonDepth;
  }
  bool start_array(std::size_t) override { return ++depth_ <= detail::kMaxJsonDepth; }
  bool end_object() override { return --depth_ >= 0; }
  bool end_array() override { return --depth_ >= 0; }
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  int depth_ = 0;
};

ResultsFile resultsFileFromJson(std::string_view text) {
  FormatSniffer sniffer;
  const bool parsed = text.size() <= detail::kMaxResultsBytes &&
                      Json::sax_parse(text.begin(), text.end(), &sniffer);
  if (sniffer.format == Format::gbench) return {gbenchFromJson(text), ResultsKind::googleBenchmark};
  if (parsed && sniffer.topLevelObject && sniffer.format == Format::unknown)
    throw SessionError(
        "not an AccelLab session or Google Benchmark JSON (it has neither \"format\" nor "
        "\"benchmarks\")");
  // A session, or no JSON object at all: the session reader says what is wrong with it.
  return {sessionFromJson(text), ResultsKind::session};
}

}  // namespace

Session resultsFromJson(std::string_view text) { return resultsFileFromJson(text).session; }

ResultsFile readResultsFileWithKind(const std::filesystem::path& path) {
  const std::string text = detail::readBoundedFile(path, "a results file");
  try {
    return resultsFileFromJson(text);
  } catch (const SessionError& problem) {
    throw SessionError(path.string() + ": " + problem.what());
  }
}

Session readResultsFile(const std::filesystem::path& path) {
  return readResultsFileWithKind(path).session;
}

}  // namespace accellab

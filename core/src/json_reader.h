// Reading result files written elsewhere (sessions, Google Benchmark output) as strictly as
// hostile input needs: bounded size, nesting, object members and string lengths, every
// value's type checked, and errors that name the JSON path of what is wrong. Internal to core: the
// session and Google Benchmark readers share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "accellab/session.h"

namespace accellab::detail {

using Json = nlohmann::ordered_json;

inline constexpr std::uintmax_t kMaxResultsBytes = kMaxSessionBytes;
inline constexpr int kMaxJsonDepth = 32;  // result files nest 5 levels; deeper is not one
// Result files' objects have a few dozen members. ordered_json finds a key by looking at
// every member, so a hostile object of a million members would take hours to parse.
inline constexpr std::size_t kMaxObjectMembers = 4096;
inline constexpr int kMaxThreads = 1 << 20;

// Parses in time linear in the text. Throws SessionError: "larger than 256 MiB: not <what>",
// "nested deeper than 32 levels: not <what>", "an object with more than 4096 members: not
// <what>", "not valid JSON: <where and why>".
Json parseBoundedJson(std::string_view text, std::string_view what);

// Text from a file as a message may show it: control characters escaped as JSON escapes
// them, cut after 64 bytes ("…"), so a hostile name can neither forge lines nor flood.
std::string shown(std::string_view text);
// "'../x' is not a plain name (letters, digits, …)": the reader's and the writer's words.
std::string notPlainName(std::string_view name);

// The whole file, refused (SessionError) when unreadable, a directory or over the size bound.
std::string readBoundedFile(const std::filesystem::path& path, std::string_view what);

// A JSON value together with the path that names it in error messages ("points[3].stats").
class JsonNode {
 public:
  // `document` names the file's kind in errors about the top level; a literal ("session").
  JsonNode(const Json& value, std::string_view document) : value_(value), document_(document) {}

  [[noreturn]] void fail(const std::string& what) const;

  const Json& json() const { return value_; }
  const std::string& path() const { return path_; }

  std::optional<JsonNode> optional(std::string_view key) const;  // null counts as absent
  JsonNode operator[](std::string_view key) const;               // required
  std::size_t size() const;                                      // of an array
  JsonNode operator[](std::size_t index) const;

  std::string string() const;  // at most kMaxTextBytes
  std::string name() const;    // isPlainName()
  bool boolean() const;
  std::uint64_t count() const;  // non-negative integer, up to 2^64 - 1
  int integer(int low, int high) const;
  double amount() const;  // finite and non-negative: times, rates and sizes
  double number() const;  // finite, any sign

 private:
  JsonNode(const Json& value, std::string path, std::string_view document)
      : value_(value), path_(std::move(path)), document_(document) {}
  void expect(bool ok, const char* what) const;
  double anyNumber() const;  // a number, possibly out of double's range (then infinite)

  const Json& value_;
  std::string path_;
  std::string_view document_;
};

}  // namespace accellab::detail

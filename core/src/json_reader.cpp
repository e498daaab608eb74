#include "json_reader.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "accellab/session.h"

namespace accellab::detail {

Json parseBoundedJson(std::string_view text, std::string_view what) {
  const std::string notIt = "not " + std::string(what);
  if (text.size() > kMaxResultsBytes) throw SessionError("larger than 256 MiB: " + notIt);
  const Json::parser_callback_t limitDepth = [&notIt](int depth, Json::parse_event_t, Json&) {
    if (depth > kMaxJsonDepth)
      throw SessionError("nested deeper than " + std::to_string(kMaxJsonDepth) +
                         " levels: " + notIt);
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), limitDepth);
  } catch (const Json::exception& error) {
    // nlohmann prefixes "[json.exception.parse_error.101] "; the rest is the useful part.
    std::string message = error.what();
    if (const auto end = message.find("] "); end != std::string::npos) message.erase(0, end + 2);
    throw SessionError("not valid JSON: " + message);
  }
}

std::string readBoundedFile(const std::filesystem::path& path, std::string_view what) {
  const std::string name = path.string();
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw SessionError("cannot read " + name + ": it is a directory");
  const auto size = std::filesystem::file_size(path, error);
  if (error) throw SessionError("cannot read " + name + ": " + error.message());
  if (size > kMaxResultsBytes)
    throw SessionError(name + ": larger than 256 MiB: not " + std::string(what));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SessionError("cannot read " + name + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw SessionError("cannot read " + name + ": " + std::strerror(errno));
  return text.str();
}

void JsonNode::fail(const std::string& what) const {
  throw SessionError((path_.empty() ? std::string(document_) : path_) + ": " + what);
}

void JsonNode::expect(bool ok, const char* what) const {
  if (!ok) fail(std::string("expected ") + what + ", got " + value_.type_name());
}

std::optional<JsonNode> JsonNode::optional(std::string_view key) const {
  expect(value_.is_object(), "an object");
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return std::nullopt;
  return JsonNode(*it, path_.empty() ? std::string(key) : path_ + "." + std::string(key),
                  document_);
}

JsonNode JsonNode::operator[](std::string_view key) const {
  auto node = optional(key);
  if (!node) fail("missing " + std::string(key));
  return *node;
}

std::size_t JsonNode::size() const {
  expect(value_.is_array(), "an array");
  return value_.size();
}

JsonNode JsonNode::operator[](std::size_t index) const {
  return JsonNode(value_.at(index), path_ + "[" + std::to_string(index) + "]", document_);
}

std::string JsonNode::string() const {
  expect(value_.is_string(), "a string");
  return value_.get<std::string>();
}

bool JsonNode::boolean() const {
  expect(value_.is_boolean(), "true or false");
  return value_.get<bool>();
}

std::uint64_t JsonNode::count() const {
  expect(value_.is_number_unsigned() ||
             (value_.is_number_integer() && value_.get<std::int64_t>() >= 0),
         "a non-negative integer");
  return value_.get<std::uint64_t>();
}

int JsonNode::integer(int low, int high) const {
  expect(value_.is_number_integer(), "an integer");
  // A huge unsigned value read as signed would wrap into the range.
  if (value_.is_number_unsigned() && value_.get<std::uint64_t>() > static_cast<std::uint64_t>(high))
    fail(std::to_string(value_.get<std::uint64_t>()) + " is outside " + std::to_string(low) + ".." +
         std::to_string(high));
  const auto value = value_.get<std::int64_t>();
  if (value < low || value > high)
    fail(std::to_string(value) + " is outside " + std::to_string(low) + ".." +
         std::to_string(high));
  return static_cast<int>(value);
}

double JsonNode::amount() const {
  const double value = anyNumber();
  if (!std::isfinite(value) || value < 0) fail("must be a finite non-negative number");
  return value;
}

double JsonNode::number() const {
  const double value = anyNumber();
  if (!std::isfinite(value)) fail("must be a finite number");
  return value;
}

double JsonNode::anyNumber() const {
  expect(value_.is_number(), "a number");
  return value_.get<double>();
}

}  // namespace accellab::detail

#include "json_reader.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>

namespace accellab::detail {

namespace {

// One pass over the text, brackets and commas outside strings, before the plain parse:
// nlohmann's parser bounds neither depth nor members by itself, and its callback variant,
// which could, costs time quadratic in the document.
void checkStructure(std::string_view text, const std::string& notIt) {
  struct Level {
    bool object = false;
    std::size_t commas = 0;
  };
  std::array<Level, kMaxJsonDepth> levels{};
  std::size_t depth = 0;
  bool inString = false;
  bool escaped = false;
  for (const char c : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        break;
      case '[':
      case '{':
        if (depth == levels.size())
          throw SessionError("nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels: " + notIt);
        levels[depth++] = {c == '{', 0};
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;  // unbalanced: the parser says where
        break;
      case ',':
        if (depth > 0 && levels[depth - 1].object &&
            ++levels[depth - 1].commas >= kMaxObjectMembers)
          throw SessionError("an object with more than " + std::to_string(kMaxObjectMembers) +
                             " members: " + notIt);
        break;
      default:
        break;
    }
  }
}

// The number as the file wrote it, near enough: "1.5", "-1", "1e+300".
std::string numberText(const Json& value) { return value.dump(); }

// An integral value too large for any 64-bit integer, which nlohmann reads as a double.
bool isHugeIntegral(const Json& value) {
  if (!value.is_number_float()) return false;
  const double number = value.get<double>();
  return std::isfinite(number) && std::trunc(number) == number && std::abs(number) >= 0x1p63;
}

}  // namespace

Json parseBoundedJson(std::string_view text, std::string_view what) {
  const std::string notIt = "not " + std::string(what);
  if (text.size() > kMaxResultsBytes) throw SessionError("larger than 256 MiB: " + notIt);
  checkStructure(text, notIt);
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& error) {
    // nlohmann prefixes "[json.exception.parse_error.101] "; the rest is the useful part.
    std::string message = error.what();
    if (const auto end = message.find("] "); end != std::string::npos) message.erase(0, end + 2);
    throw SessionError("not valid JSON: " + message);
  }
}

std::string shown(std::string_view text) {
  constexpr std::size_t kShownBytes = 64;
  std::string cut(text.substr(0, kShownBytes));
  // Not in the middle of a UTF-8 character: continuation bytes are 10xxxxxx.
  if (cut.size() < text.size())
    while (!cut.empty() && (static_cast<unsigned char>(text[cut.size()]) & 0xC0) == 0x80)
      cut.pop_back();
  const std::string quoted =
      Json(cut).dump(-1, ' ', false, Json::error_handler_t::replace);  // "…", escaped
  return quoted.substr(1, quoted.size() - 2) + (cut.size() < text.size() ? "\u2026" : "");
}

std::string notPlainName(std::string_view name) {
  // Appended, not added to a literal: GCC 12 warns falsely (-Wrestrict) on "'" + string.
  std::string message(1, '\'');
  message += shown(name);
  return message + "' is not a plain name (letters, digits, _ - . +; 1 to " +
         std::to_string(kMaxNameLength) + " characters; not starting with '.')";
}

std::string readBoundedFile(const std::filesystem::path& path, std::string_view what) {
  const std::string name = path.string();
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error) throw SessionError("cannot read " + name + ": " + error.message());
  if (std::filesystem::is_directory(status))
    throw SessionError("cannot read " + name + ": it is a directory");
  // A FIFO would block the reader forever and a device never ends: neither is opened.
  if (!std::filesystem::is_regular_file(status))
    throw SessionError("cannot read " + name + ": not a regular file");
  const auto tooLarge = [&] {
    return SessionError(name + ": larger than 256 MiB: not " + std::string(what));
  };
  const auto size = std::filesystem::file_size(path, error);
  if (error) throw SessionError("cannot read " + name + ": " + error.message());
  if (size > kMaxResultsBytes) throw tooLarge();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SessionError("cannot read " + name + ": " + std::strerror(errno));
  // Read with the limit again: the file may have grown since it was measured.
  std::string text;
  text.reserve(size);
  std::array<char, 1 << 16> chunk;
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxResultsBytes) throw tooLarge();
  }
  if (in.bad()) throw SessionError("cannot read " + name + ": " + std::strerror(errno));
  return text;
}

void JsonNode::fail(const std::string& what) const {
  throw SessionError((path_.empty() ? std::string(document_) : path_) + ": " + what);
}

void JsonNode::expect(bool ok, const char* what) const {
  if (!ok)
    fail(std::string("expected ") + what + ", got " +
         (value_.is_number() ? numberText(value_) : value_.type_name()));
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
  const auto& text = value_.get_ref<const std::string&>();
  if (text.size() > kMaxTextBytes)
    fail("a text of " + std::to_string(text.size()) + " bytes, more than the " +
         std::to_string(kMaxTextBytes) + " a file may hold");
  return text;
}

std::string JsonNode::name() const {
  std::string text = string();
  if (!isPlainName(text)) fail(notPlainName(text));
  return text;
}

bool JsonNode::boolean() const {
  expect(value_.is_boolean(), "true or false");
  return value_.get<bool>();
}

std::uint64_t JsonNode::count() const {
  if (isHugeIntegral(value_)) fail(numberText(value_) + " is outside 0..18446744073709551615");
  expect(value_.is_number_unsigned() ||
             (value_.is_number_integer() && value_.get<std::int64_t>() >= 0),
         "a non-negative integer");
  return value_.get<std::uint64_t>();
}

int JsonNode::integer(int low, int high) const {
  const std::string range = std::to_string(low) + ".." + std::to_string(high);
  if (isHugeIntegral(value_)) fail(numberText(value_) + " is outside " + range);
  expect(value_.is_number_integer(), "an integer");
  // A huge unsigned value read as signed would wrap into the range.
  if (value_.is_number_unsigned() && value_.get<std::uint64_t>() > static_cast<std::uint64_t>(high))
    fail(std::to_string(value_.get<std::uint64_t>()) + " is outside " + range);
  const auto value = value_.get<std::int64_t>();
  if (value < low || value > high) fail(std::to_string(value) + " is outside " + range);
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

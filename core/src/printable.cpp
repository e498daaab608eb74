#include "accellab/printable.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace accellab {

namespace {

bool isContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The length of the UTF-8 sequence at the start of `text` and its code point; length 0 when
// it is not well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF are not).
std::pair<std::size_t, char32_t> decode(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t low = 0;  // the smallest code point of that length: rejects overlong forms
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    low = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    low = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    low = 0x10000;
  }
  if (length == 0 || text.size() < length) return {0, 0};
  char32_t code = lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    if (!isContinuation(byte(i))) return {0, 0};
    code = (code << 6) | (byte(i) & 0x3F);
  }
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (code < low || surrogate || code > 0x10FFFF) return {0, 0};
  return {length, code};
}

// Code points past ASCII that move or reorder text instead of showing a glyph.
bool isFormatting(char32_t code) {
  return (code >= 0x80 && code <= 0x9F) ||      // C1 controls: CSI, NEL, OSC...
         code == 0x061C ||                      // Arabic letter mark
         code == 0x200E || code == 0x200F ||    // left-to-right and right-to-left marks
         code == 0x2028 || code == 0x2029 ||    // line and paragraph separators
         (code >= 0x202A && code <= 0x202E) ||  // embeddings and overrides
         (code >= 0x2066 && code <= 0x2069);    // isolates
}

std::string hexEscape(const char* format, unsigned value) {
  std::array<char, 16> text{};
  std::snprintf(text.data(), text.size(), format, value);
  return text.data();
}

}  // namespace

std::string printable(std::string_view text) {
  const auto plain = [](char c) { return c >= 0x20 && c < 0x7F; };
  if (std::all_of(text.begin(), text.end(), plain)) return std::string(text);
  std::string result;
  result.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (plain(c)) {
      result += c;
      ++i;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      result += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
      ++i;
    } else if (static_cast<unsigned char>(c) < 0x80) {  // other C0 controls and DEL
      result += hexEscape("\\x%02X", static_cast<unsigned char>(c));
      ++i;
    } else if (const auto [length, code] = decode(text.substr(i)); length == 0) {
      result += hexEscape("\\x%02X", static_cast<unsigned char>(c));
      ++i;
    } else {
      result += isFormatting(code) ? hexEscape("\\u%04X", static_cast<unsigned>(code))
                                   : std::string(text.substr(i, length));
      i += length;
    }
  }
  return result;
}

std::string wellFormedUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      out += text[i++];
      continue;
    }
    const std::size_t length = decode(text.substr(i)).first;
    if (length == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

}  // namespace accellab

#include "accellab/digest.h"

#if ACCELLAB_HAS_OPENSSL
#include <openssl/evp.h>
#endif

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace accellab {

#if ACCELLAB_HAS_OPENSSL
namespace {

// One digest fed by `feed`, which calls its argument with each piece of the input.
template <class Feed>
std::string sha256(Feed feed) {
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                        EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL could not start a SHA-256");
  feed([&](const char* data, std::size_t size) {
    if (EVP_DigestUpdate(context.get(), data, size) != 1)
      throw std::runtime_error("OpenSSL's SHA-256 failed");
  });
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1)
    throw std::runtime_error("OpenSSL's SHA-256 failed");
  constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (unsigned int i = 0; i < length; ++i) {
    text += kHex[digest[i] >> 4];
    text += kHex[digest[i] & 0xf];
  }
  return text;
}

}  // namespace
#endif

std::optional<std::string> sha256OfFile(const std::filesystem::path& file) {
#if !ACCELLAB_HAS_OPENSSL
  (void)file;
  return std::nullopt;
#else
  const auto cannot = [&file](const std::string& why) {
    return std::runtime_error("cannot read " + file.string() + " for its SHA-256: " + why);
  };
  std::ifstream in(file, std::ios::binary);
  if (!in) throw cannot(std::strerror(errno));
  std::string digest;
  try {
    digest = sha256([&](const auto& update) {
      std::array<char, 1 << 16> buffer{};
      while (in) {
        in.read(buffer.data(), buffer.size());
        if (in.gcount() > 0) update(buffer.data(), static_cast<std::size_t>(in.gcount()));
      }
    });
  } catch (const std::runtime_error& error) {  // OpenSSL's refusal
    throw cannot(error.what());
  }
  if (in.bad()) throw cannot("a read failed");
  return digest;
#endif
}

std::optional<std::string> sha256Of(std::string_view bytes) {
#if !ACCELLAB_HAS_OPENSSL
  (void)bytes;
  return std::nullopt;
#else
  return sha256([&](const auto& update) { update(bytes.data(), bytes.size()); });
#endif
}

}  // namespace accellab

#include "file_digest.h"

#if ACCELLAB_HAS_OPENSSL
#include <openssl/evp.h>
#endif

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace accellab::detail {

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
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                        EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
    throw cannot("OpenSSL could not start a SHA-256");
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    if (in.gcount() > 0 &&
        EVP_DigestUpdate(context.get(), buffer.data(), static_cast<std::size_t>(in.gcount())) != 1)
      throw cannot("OpenSSL's SHA-256 failed");
  }
  if (in.bad()) throw cannot("a read failed");
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1)
    throw cannot("OpenSSL's SHA-256 failed");
  constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (unsigned int i = 0; i < length; ++i) {
    text += kHex[digest[i] >> 4];
    text += kHex[digest[i] & 0xf];
  }
  return text;
#endif
}

}  // namespace accellab::detail

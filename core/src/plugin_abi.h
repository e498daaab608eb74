// Reading what a plugin declares across minor versions (plugin.h's versioning promise): a
// struct is copied into the host's own, fields the plugin was built without left zero, and an
// array is stepped through with the plugin's stride. Internal to core.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "accellab/plugin.h"

namespace accellab::detail {

// The size of `T` in ABI 1.0, the oldest a 1.x plugin can have been built against.
template <class T>
inline constexpr std::size_t kOldestSize = sizeof(T);
template <>
inline constexpr std::size_t kOldestSize<accellab_variant> = offsetof(accellab_variant, on_device);
template <>
inline constexpr std::size_t kOldestSize<accellab_kernel> = offsetof(accellab_kernel, device_work);

// No struct of ABI 1.x comes near this: a larger struct_size is a broken plugin's, and striding
// an array by it would read gigabytes past its end.
inline constexpr std::size_t kMaxStructSize = 4096;

// What the host knows of `declared`: the fields its struct_size covers, the rest zero (absent).
template <class T>
T known(const T& declared) {
  T copy{};
  std::memcpy(static_cast<void*>(&copy), &declared,
              std::min<std::size_t>(declared.struct_size, sizeof(T)));
  return copy;
}

// Element `i` of a plugin's array, whose stride is its own sizeof: its first element's size.
template <class T>
const T& element(const T* array, std::uint32_t i) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(array);
  return *reinterpret_cast<const T*>(bytes + std::size_t{i} * array[0].struct_size);
}

}  // namespace accellab::detail

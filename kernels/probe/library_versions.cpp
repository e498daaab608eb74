#include "accellab/kernels/builtin.h"

namespace accellab::kernels {

// Defined by kernels/CMakeLists.txt from what find_package found.
LibraryVersions libraryVersions() {
  return {.highway = ACCELLAB_HIGHWAY_VERSION, .cudaToolkit = ACCELLAB_CUDA_TOOLKIT_VERSION};
}

}  // namespace accellab::kernels

#include "cublas_library.h"

#include <cublas_v2.h>
#include <stdexcept>
#include <string>

#include "runtime_library.h"

namespace accellab::kernels::cuda {

// The functions used, looked up once per process in the library's soname for this toolkit's
// major version (the ABI cuBLAS keeps within a major version).
struct Cublas::Library {
  using Create = cublasStatus_t (*)(cublasHandle_t*);
  using Destroy = cublasStatus_t (*)(cublasHandle_t);
  using SetStream = cublasStatus_t (*)(cublasHandle_t, cudaStream_t);
  using StatusText = const char* (*)(cublasStatus_t);
  using Sgemm = decltype(&cublasSgemm_v2);
  using Dgemm = decltype(&cublasDgemm_v2);

  static std::string soname() { return "libcublas.so." + std::to_string(CUDART_VERSION / 1000); }

  RuntimeLibrary library{soname(), "cuBLAS"};
  Create create = nullptr;
  Destroy destroy = nullptr;
  SetStream setStream = nullptr;
  StatusText statusText = nullptr;
  Sgemm sgemm = nullptr;
  Dgemm dgemm = nullptr;

  Library() {
    library.find(create, "cublasCreate_v2");
    library.find(destroy, "cublasDestroy_v2");
    library.find(setStream, "cublasSetStream_v2");
    library.find(statusText, "cublasGetStatusString");
    library.find(sgemm, "cublasSgemm_v2");
    library.find(dgemm, "cublasDgemm_v2");
  }

  void check(cublasStatus_t status, const char* call) const {
    if (status != CUBLAS_STATUS_SUCCESS)
      throw std::runtime_error(std::string(call) + ": " + statusText(status));
  }

  // Loaded on first use, kept for the process: dlopen of a library this size is not free.
  static std::shared_ptr<const Library> load() {
    static const std::shared_ptr<const Library> loaded = std::make_shared<const Library>();
    return loaded;
  }
};

Availability Cublas::availability() {
  try {
    Library::load();
    return Availability::yes();
  } catch (const std::exception& error) {
    return Availability::no(error.what());
  }
}

Cublas::Cublas(cudaStream_t stream) : library_(Library::load()) {
  cublasHandle_t handle = nullptr;
  library_->check(library_->create(&handle), "cublasCreate");
  handle_ = handle;
  try {
    library_->check(library_->setStream(handle, stream), "cublasSetStream");
  } catch (...) {
    library_->destroy(handle);
    throw;
  }
}

Cublas::~Cublas() { library_->destroy(static_cast<cublasHandle_t>(handle_)); }

// cuBLAS is column-major: a row-major C = A * B is the column-major C^T = B^T * A^T, so the
// operands go in swapped and nothing is transposed.
void Cublas::gemm(const float* a, const float* b, float* c, int n) {
  const float one = 1;
  const float zero = 0;
  library_->check(library_->sgemm(static_cast<cublasHandle_t>(handle_), CUBLAS_OP_N, CUBLAS_OP_N, n,
                                  n, n, &one, b, n, a, n, &zero, c, n),
                  "cublasSgemm");
}

void Cublas::gemm(const double* a, const double* b, double* c, int n) {
  const double one = 1;
  const double zero = 0;
  library_->check(library_->dgemm(static_cast<cublasHandle_t>(handle_), CUBLAS_OP_N, CUBLAS_OP_N, n,
                                  n, n, &one, b, n, a, n, &zero, c, n),
                  "cublasDgemm");
}

}  // namespace accellab::kernels::cuda

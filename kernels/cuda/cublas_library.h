// cuBLAS for the gpu-lib variant of matmul, loaded at run time with dlopen: the package must
// start on machines without the CUDA toolkit (as cudart is linked statically for), and linking
// cuBLAS statically would add hundreds of MB for one variant. Included by CUDA files only.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

#include "accellab/kernel.h"

namespace accellab::kernels::cuda {

class Cublas {
 public:
  // Whether libcublas.so.<CUDA major> loads and has every function used here; the reason
  // names the library when not.
  static Availability availability();

  // A handle whose work goes to `stream`. Throws std::runtime_error (with cuBLAS's words)
  // when the library or the handle cannot be had.
  explicit Cublas(cudaStream_t stream);
  ~Cublas();
  Cublas(const Cublas&) = delete;
  Cublas& operator=(const Cublas&) = delete;

  // Row-major n x n: c = a * b, in cuBLAS's default math mode (no TF32 for f32), queued on the
  // stream. The first call for a size may allocate and load kernels: make it before any gate.
  void gemm(const float* a, const float* b, float* c, int n);
  void gemm(const double* a, const double* b, double* c, int n);

 private:
  struct Library;
  std::shared_ptr<const Library> library_;
  void* handle_ = nullptr;
};

}  // namespace accellab::kernels::cuda

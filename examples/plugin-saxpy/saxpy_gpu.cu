/* saxpy's gpu variant: the device buffers and the launch; AccelLab makes the copies, on its own
 * stream, and times each phase with CUDA events (docs/plugins.md, "A variant on the GPU"). Built
 * only where the CUDA toolkit is (CMakeLists.txt). */
#include <accellab/plugin.h>
#include <cuda_runtime.h>
#include <stdio.h>

#include "saxpy_gpu.h"

template <typename T>
__global__ void saxpy_kernel(const T* x, const T* y, T* out, unsigned long long n) {
  const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
       i += stride)
    out[i] = T(2.5) * x[i] + y[i];
}

static int failed(cudaError_t error, const char* what, accellab_message* why) {
  if (error == cudaSuccess) return 0;
  char text[256];
  snprintf(text, sizeof text, "%s: %s", what, cudaGetErrorString(error));
  accellab_say(why, text);
  return 1;
}

extern "C" accellab_status saxpy_gpu_prepare(saxpy_gpu* gpu, int device, const void* x,
                                             const void* y, void* out, uint64_t bytes,
                                             accellab_message* why) {
  if (failed(cudaSetDevice(device), "cudaSetDevice", why)) return ACCELLAB_FAILED;
  int sms = 0;
  if (failed(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
             "cudaDeviceGetAttribute", why))
    return ACCELLAB_FAILED;
  gpu->blocks = (unsigned)sms * 8; /* a grid-stride loop: a few blocks per SM suffice */
  if (failed(cudaMalloc(&gpu->x, bytes), "cudaMalloc x", why) ||
      failed(cudaMalloc(&gpu->y, bytes), "cudaMalloc y", why) ||
      failed(cudaMalloc(&gpu->out, bytes), "cudaMalloc out", why))
    return ACCELLAB_FAILED; /* the caller's release frees what was allocated */
  gpu->in[0] = accellab_transfer{gpu->x, const_cast<void*>(x), bytes};
  gpu->in[1] = accellab_transfer{gpu->y, const_cast<void*>(y), bytes};
  gpu->back = accellab_transfer{gpu->out, out, bytes};
  return ACCELLAB_OK;
}

extern "C" accellab_status saxpy_gpu_launch(const saxpy_gpu* gpu, int f32, uint64_t n, void* stream,
                                            accellab_message* why) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (f32)
    saxpy_kernel<<<gpu->blocks, 256, 0, s>>>(static_cast<const float*>(gpu->x),
                                             static_cast<const float*>(gpu->y),
                                             static_cast<float*>(gpu->out), n);
  else
    saxpy_kernel<<<gpu->blocks, 256, 0, s>>>(static_cast<const double*>(gpu->x),
                                             static_cast<const double*>(gpu->y),
                                             static_cast<double*>(gpu->out), n);
  return failed(cudaGetLastError(), "launching saxpy_kernel", why) ? ACCELLAB_FAILED : ACCELLAB_OK;
}

extern "C" void saxpy_gpu_release(saxpy_gpu* gpu) {
  cudaFree(gpu->x);
  cudaFree(gpu->y);
  cudaFree(gpu->out);
}

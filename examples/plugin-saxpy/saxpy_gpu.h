/* saxpy's gpu variant, in saxpy_gpu.cu: what the C side of the plugin calls. */
#ifndef SAXPY_GPU_H
#define SAXPY_GPU_H

#include <accellab/plugin.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct saxpy_gpu {
  void *x, *y, *out; /* device buffers */
  unsigned blocks;
  accellab_transfer in[2]; /* x and y in */
  accellab_transfer back;  /* out back */
} saxpy_gpu;

/* Allocates the device buffers on `device` and describes the copies of the host arrays. */
accellab_status saxpy_gpu_prepare(saxpy_gpu* gpu, int device, const void* x, const void* y,
                                  void* out, uint64_t bytes, accellab_message* why);
/* Queues one run on `stream`. */
accellab_status saxpy_gpu_launch(const saxpy_gpu* gpu, int f32, uint64_t n, void* stream,
                                 accellab_message* why);
void saxpy_gpu_release(saxpy_gpu* gpu);

#ifdef __cplusplus
}
#endif

#endif

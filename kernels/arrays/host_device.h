// Marks a function callable on the host and, when nvcc compiles it, on the device: the
// shared headers the CPU and CUDA variants both include stay plain C++.
#pragma once

#if defined(__CUDACC__)
#define ACCELLAB_HOST_DEVICE __host__ __device__
#else
#define ACCELLAB_HOST_DEVICE
#endif

// add's operation written by hand, as a reader of the tutorial would with Numba's cuda.jit:
//   accellab-cli run --kernel add --cuda-source examples/cuda-source/my_add.cu --entry my_add
// AccelLab instantiates my_add<float> and my_add<double>, launches one thread per element
// (256 per block) on its own stream, times it with events and checks it against add's reference.
template <typename T>
__global__ void my_add(const T* in, T* out, unsigned long long n, T addend) {
  const unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i] + addend;
}

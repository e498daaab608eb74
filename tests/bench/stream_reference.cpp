// The yardsticks of triad and reduce in scripts/bench, written as a performance-minded C
// programmer would, with nothing of AccelLab: an OpenMP triad a = b + 3c with non-temporal
// (streaming) stores, and an OpenMP read-only sum, the rate at which these cores can read.
// Same arrays as the bench's kernels (f64, the given element count, values in [1, 2)); best
// of the repetitions, bytes counted as AccelLab counts them (triad 24 per element, no
// write-allocate; sum 8). Prints one JSON object.
// Usage: accellab-bench-stream-reference ELEMENTS THREADS [REPS]
#include <omp.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

constexpr std::align_val_t kAlignment{64};

double* allocate(std::int64_t n) {
  return static_cast<double*>(
      ::operator new(static_cast<std::size_t>(n) * sizeof(double), kAlignment));
}

// a and n as the bench gives them: 64-byte aligned, and the remainder of n by 2 done apart.
void triadStreaming(const double* b, const double* c, double* a, std::int64_t n) {
#if defined(__SSE2__)
  const __m128d scale = _mm_set1_pd(3.0);
  const std::int64_t pairs = n / 2;
#pragma omp for schedule(static)
  for (std::int64_t p = 0; p < pairs; ++p) {
    const std::int64_t i = 2 * p;
    _mm_stream_pd(a + i, _mm_add_pd(_mm_load_pd(b + i), _mm_mul_pd(scale, _mm_load_pd(c + i))));
  }
  _mm_sfence();  // streaming stores are weakly ordered
#pragma omp single
  if (n % 2 != 0) a[n - 1] = b[n - 1] + 3.0 * c[n - 1];
#else
#pragma omp for simd schedule(static)
  for (std::int64_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
#endif
}

double sum(const double* x, std::int64_t n) {
  double total = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : total)
  for (std::int64_t i = 0; i < n; ++i) total += x[i];
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s ELEMENTS THREADS [REPS]\n", argv[0]);
    return 2;
  }
  const std::int64_t n = std::atoll(argv[1]);
  const int threads = std::atoi(argv[2]);
  const int reps = argc > 3 ? std::atoi(argv[3]) : 20;
  if (n <= 0 || threads <= 0 || reps <= 0) {
    std::fprintf(stderr, "ELEMENTS, THREADS and REPS must be positive\n");
    return 2;
  }
  omp_set_num_threads(threads);
  double* a = allocate(n);
  double* b = allocate(n);
  double* c = allocate(n);
  // First touch by the threads that use the pages, as the kernels' fills do.
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    a[i] = 0;
    b[i] = 1.0 + static_cast<double>(i % 1000) / 1000;
    c[i] = 2.0 - static_cast<double>(i % 997) / 997;
  }
  double bestTriad = 1e300;
  double bestSum = 1e300;
  double check = 0;
  for (int rep = 0; rep < reps + 1; ++rep) {  // the first is a warm-up
    const double t0 = omp_get_wtime();
#pragma omp parallel
    triadStreaming(b, c, a, n);
    const double t1 = omp_get_wtime();
    check += sum(a, n);
    const double t2 = omp_get_wtime();
    if (rep > 0) {
      bestTriad = t1 - t0 < bestTriad ? t1 - t0 : bestTriad;
      bestSum = t2 - t1 < bestSum ? t2 - t1 : bestSum;
    }
  }
  std::printf(
      "{\"elements\": %lld, \"threads\": %d, \"nt_triad_s\": %.9g, \"nt_triad_bytes_per_s\": %.6g, "
      "\"read_s\": %.9g, \"read_bytes_per_s\": %.6g, \"checksum\": %.17g}\n",
      static_cast<long long>(n), threads, bestTriad, 24.0 * static_cast<double>(n) / bestTriad,
      bestSum, 8.0 * static_cast<double>(n) / bestSum, check);
  ::operator delete(a, kAlignment);
  ::operator delete(b, kAlignment);
  ::operator delete(c, kAlignment);
  return 0;
}

/* An AccelLab kernel plugin in plain C: out = a*x + y (BLAS's saxpy, out of place so that
 * every run computes the same thing), in four variants: a scalar loop, an OpenMP SIMD loop,
 * OpenMP threads and, where the CUDA toolkit built saxpy_gpu.cu, a CUDA kernel. Each point also
 * reports its largest error. docs/plugins.md walks through it.
 *
 *   cmake -S . -B build -DAccelLab_DIR=...   (see README.md here)
 *   cmake --build build
 *   accellab-cli run --plugin build/saxpy.so --kernel saxpy --param n=1e6 */
#include <accellab/plugin.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SAXPY_WITH_CUDA
#include "saxpy_gpu.h"
#endif

#define A 2.5
/* Runs work in chunks of at most this many elements, at least 4 per thread, and check the stop
 * request between them. */
#define MAX_CHUNK (1u << 20)

typedef struct saxpy_state {
  char variant; /* 'l'oop, 'v'ectorized, 'p'arallel, 'g'pu */
  int f32;
  uint64_t n;
  unsigned threads;
  void *x, *y, *out;
  double worst; /* the last verify's largest relative error */
#ifdef SAXPY_WITH_CUDA
  saxpy_gpu gpu;
  accellab_device_work device;
#endif
} saxpy_state;

static const accellab_param params[] = {
    {sizeof(accellab_param), "n", "elements of x, y and out", 1u << 24, 1, 1ull << 31},
};

static const accellab_variant variants[] = {
    {sizeof(accellab_variant), "loop", "a plain C loop, compiler vectorization off",
     ACCELLAB_SCALAR, 0, 0},
    {sizeof(accellab_variant), "vectorized", "#pragma omp simd, one thread", ACCELLAB_SIMD, 0, 0},
    {sizeof(accellab_variant), "parallel", "#pragma omp parallel for simd over the threads",
     ACCELLAB_THREADS, 1, 0},
#ifdef SAXPY_WITH_CUDA
    {sizeof(accellab_variant), "gpu", "a CUDA grid-stride loop, 256 threads a block", ACCELLAB_GPU,
     0, 1},
#endif
};

static const accellab_value values[] = {
    {sizeof(accellab_value), "error", "eps",
     "the largest relative error against a*x + y in double, in units of the element type's "
     "machine epsilon"},
};

static size_t element_size(const accellab_problem* p) {
  return p->dtype == ACCELLAB_F32 ? sizeof(float) : sizeof(double);
}

static accellab_work work(const accellab_problem* p) {
  const uint64_t n = p->params[0];
  accellab_work w = {n, 3 * n * element_size(p), 2 * n}; /* x, y read, out written; a*x+y */
  return w;
}

static uint64_t memory_bytes(const accellab_problem* p, const char* variant) {
  (void)variant;
  return 3 * p->params[0] * element_size(p);
}

/* splitmix64: the same seed, the same inputs; values in [1, 2), never zero. */
static double next_uniform(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return 1.0 + (double)(z >> 11) / 9007199254740992.0;
}

static void saxpy_release(void* state) {
  saxpy_state* s = state;
  if (!s) return;
#ifdef SAXPY_WITH_CUDA
  if (s->variant == 'g') saxpy_gpu_release(&s->gpu);
#endif
  free(s->x);
  free(s->y);
  free(s->out);
  free(s);
}

static accellab_status prepare(const accellab_problem* p, const char* variant, void** state,
                               accellab_message* why) {
  saxpy_state* s = calloc(1, sizeof *s);
  const size_t size = element_size(p);
  if (!s) {
    accellab_say(why, "out of memory");
    return ACCELLAB_FAILED;
  }
  s->variant = variant[0];
  s->f32 = p->dtype == ACCELLAB_F32;
  s->n = p->params[0];
  s->threads = p->threads;
  s->x = malloc(s->n * size);
  s->y = malloc(s->n * size);
  s->out = malloc(s->n * size);
  if (!s->x || !s->y || !s->out) {
    saxpy_release(s);
    accellab_say(why, "out of memory: the three arrays did not fit");
    return ACCELLAB_FAILED;
  }
  uint64_t seed = p->seed;
  for (uint64_t i = 0; i < s->n; ++i) {
    const double x = next_uniform(&seed), y = next_uniform(&seed);
    if (s->f32) {
      ((float*)s->x)[i] = (float)x;
      ((float*)s->y)[i] = (float)y;
    } else {
      ((double*)s->x)[i] = x;
      ((double*)s->y)[i] = y;
    }
  }
#ifdef SAXPY_WITH_CUDA
  if (s->variant == 'g') {
    if (saxpy_gpu_prepare(&s->gpu, p->device, s->x, s->y, s->out, s->n * size, why) !=
        ACCELLAB_OK) {
      saxpy_release(s);
      return ACCELLAB_FAILED;
    }
  }
#endif
  *state = s;
  return ACCELLAB_OK;
}

#ifdef SAXPY_WITH_CUDA
static accellab_status launch(void* state, void* stream, accellab_message* why) {
  const saxpy_state* s = state;
  return saxpy_gpu_launch(&s->gpu, s->f32, s->n, stream, why);
}

/* The gpu variant's run, which AccelLab performs: x and y in, the launch, out back. */
static const accellab_device_work* device_work(void* state) {
  saxpy_state* s = state;
  const accellab_device_work work = {
      sizeof(accellab_device_work), s->gpu.in, 2, &s->gpu.back, 1, launch};
  s->device = work;
  return &s->device;
}
#endif

static void poison(void* state) {
  saxpy_state* s = state;
  for (uint64_t i = 0; i < s->n; ++i) {
    if (s->f32)
      ((float*)s->out)[i] = NAN;
    else
      ((double*)s->out)[i] = NAN;
  }
}

/* The loop variant: no vectorization, so the SIMD variant has something to beat. */
__attribute__((optimize("no-tree-vectorize"))) static void loop_f64(const double* x,
                                                                    const double* y, double* out,
                                                                    uint64_t begin, uint64_t end) {
  for (uint64_t i = begin; i < end; ++i) out[i] = A * x[i] + y[i];
}
__attribute__((optimize("no-tree-vectorize"))) static void loop_f32(const float* x, const float* y,
                                                                    float* out, uint64_t begin,
                                                                    uint64_t end) {
  for (uint64_t i = begin; i < end; ++i) out[i] = (float)A * x[i] + y[i];
}

static void simd_f64(const double* x, const double* y, double* out, uint64_t begin, uint64_t end) {
#pragma omp simd
  for (uint64_t i = begin; i < end; ++i) out[i] = A * x[i] + y[i];
}
static void simd_f32(const float* x, const float* y, float* out, uint64_t begin, uint64_t end) {
#pragma omp simd
  for (uint64_t i = begin; i < end; ++i) out[i] = (float)A * x[i] + y[i];
}

static void chunk(const saxpy_state* s, uint64_t begin, uint64_t end) {
  if (s->variant == 'l' && s->f32)
    loop_f32(s->x, s->y, s->out, begin, end);
  else if (s->variant == 'l')
    loop_f64(s->x, s->y, s->out, begin, end);
  else if (s->f32)
    simd_f32(s->x, s->y, s->out, begin, end);
  else
    simd_f64(s->x, s->y, s->out, begin, end);
}

/* One parallel region per run, never one per chunk: each region costs a wake-up of every
 * thread, milliseconds when a core is busy. The calling thread (OpenMP's thread 0) polls the
 * stop request between its chunks and tells the others through `cancelled`. */
static accellab_status run(void* state, const accellab_stop* stop, accellab_message* why) {
  saxpy_state* s = state;
  const unsigned threads = s->variant == 'p' ? s->threads : 1;
  uint64_t pieces = (s->n + MAX_CHUNK - 1) / MAX_CHUNK;
  if (pieces < 4 * threads) pieces = 4 * threads;
  if (pieces > s->n) pieces = s->n;
  const uint64_t size = (s->n + pieces - 1) / pieces;
  const int64_t chunks = (int64_t)((s->n + size - 1) / size);
  int cancelled = 0;
  (void)why;
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int stopping;
      if (omp_get_thread_num() == 0 && c > 0 && stop->requested(stop->host_data)) {
#pragma omp atomic write
        cancelled = 1;
      }
#pragma omp atomic read
      stopping = cancelled;
      if (stopping) continue;
      const uint64_t begin = (uint64_t)c * size;
      chunk(s, begin, s->n - begin < size ? s->n : begin + size);
    }
  }
  return cancelled ? ACCELLAB_CANCELLED : ACCELLAB_OK;
}

/* Against the same sum in double: f32 within one rounding of the result, f64 exactly (the
 * compiler may fuse a*x+y into one FMA, which rounds once instead of twice: 2 ulps allowed). */
static accellab_status verify(void* state, int* ok, accellab_message* detail) {
  saxpy_state* s = state;
  const double tolerance = s->f32 ? 2 * 5.96e-8 : 2 * 1.11e-16;
  double worst = 0;
  for (uint64_t i = 0; i < s->n; ++i) {
    const double x = s->f32 ? ((float*)s->x)[i] : ((double*)s->x)[i];
    const double y = s->f32 ? ((float*)s->y)[i] : ((double*)s->y)[i];
    const double got = s->f32 ? ((float*)s->out)[i] : ((double*)s->out)[i];
    const double want = A * x + y;
    const double error = fabs(got - want) / fabs(want);
    if (!(error <= worst)) worst = error; /* a NaN (the poison) is the worst */
  }
  char text[128];
  snprintf(text, sizeof text, "max relative error %.3g, tolerance %.3g", worst, tolerance);
  accellab_say(detail, text);
  *ok = worst <= tolerance;
  s->worst = worst;
  return ACCELLAB_OK;
}

static accellab_status report_values(void* state, double* out, accellab_message* why) {
  const saxpy_state* s = state;
  (void)why;
  out[0] = s->worst / (s->f32 ? 1.1920929e-7 : 2.220446049250313e-16);
  return ACCELLAB_OK;
}

static const accellab_kernel kernels[] = {{
    sizeof(accellab_kernel),
    "saxpy",
    "out = a*x + y with a = 2.5 (BLAS's axpy, out of place)",
    params,
    1,
    ACCELLAB_F32 | ACCELLAB_F64,
    variants,
    sizeof variants / sizeof variants[0],
    "2 per element (a*x + y); bytes: x and y read and out written, 12 per element in f32, 24 in "
    "f64",
    work,
    memory_bytes,
    prepare,
    poison,
    run,
    verify,
    saxpy_release,
#ifdef SAXPY_WITH_CUDA
    device_work,
#else
    NULL,
#endif
    values,
    1,
    report_values,
}};

static const accellab_plugin plugin = {sizeof(accellab_plugin), "saxpy-example", "1.0.0", kernels,
                                       1};

static const accellab_plugin* init(const accellab_host* host) {
  (void)host;
  return &plugin;
}

ACCELLAB_PLUGIN_EXPORT const accellab_entry accellab_plugin_entry = {
    sizeof(accellab_entry), ACCELLAB_PLUGIN_ABI_MAJOR, ACCELLAB_PLUGIN_ABI_MINOR, init, NULL};

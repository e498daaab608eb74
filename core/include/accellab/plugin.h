/* AccelLab's plugin ABI: a kernel of your own, in C, C++ or anything that exports C, measured
 * like the built-in ones (docs/plugins.md is the guide and the reference).
 *
 * A plugin is a shared library that exports one data symbol, `accellab_plugin_entry`, of type
 * accellab_entry. AccelLab reads its ABI version before it calls anything; a major version
 * other than its own is refused. Every struct starts with its size (struct_size), so a host
 * reads what it knows of a newer plugin and a plugin sees which fields a host has.
 *
 * Rules at the boundary:
 * - Only C types cross it; nothing throws across it (a C++ plugin catches everything). Errors
 *   come back as an accellab_status with a message written into a buffer the host owns.
 * - Strings and arrays a plugin hands out (names, descriptions, the kernel table) live until
 *   its deinit returns. Neither side frees the other's memory.
 * - An array of structs (kernels, params, variants, values) is laid out with the plugin's own
 *   sizeof: AccelLab steps through it by its first element's struct_size, so a plugin built
 *   against an older minor version loads, its missing fields read as absent.
 * - AccelLab owns the timing: it calls run() in its own timed loop, poisons the output before
 *   each verified run, repeats, and computes every statistic. run() does the work, nothing
 *   else: no timing, no printing, no allocation it could do in prepare().
 * - Calls for one prepared state come from one thread at a time; different states may be used
 *   from different threads. A variant that uses threads starts its own (OpenMP, say) inside
 *   run(), at most problem->threads of them.
 */
#ifndef ACCELLAB_PLUGIN_H
#define ACCELLAB_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACCELLAB_PLUGIN_ABI_MAJOR 1u
#define ACCELLAB_PLUGIN_ABI_MINOR 1u

/* Whether `s`, a struct of `type` from the other side, is large enough to hold `field`: a field
 * added by a minor version is there only when the other side was built against it. */
#define ACCELLAB_HAS_FIELD(s, type, field) \
  ((s)->struct_size >= offsetof(type, field) + sizeof(((type*)0)->field))

/* What a callback says. */
typedef enum accellab_status {
  ACCELLAB_OK = 0,
  ACCELLAB_FAILED = 1,    /* the point fails; the message says why */
  ACCELLAB_SKIPPED = 2,   /* not applicable here (prepare only): the point is skipped, with why */
  ACCELLAB_CANCELLED = 3, /* run only: it saw the stop request and returned early */
} accellab_status;

/* A message buffer the host owns: write at most `capacity` bytes, NUL included
 * (accellab_say does it for you). */
typedef struct accellab_message {
  char* text;
  size_t capacity;
} accellab_message;

/* What a variant is, for the tables and the advice. */
typedef enum accellab_variant_kind {
  ACCELLAB_SCALAR = 0,  /* a plain loop */
  ACCELLAB_SIMD = 1,    /* vectorized, one thread */
  ACCELLAB_THREADS = 2, /* several threads (takes the thread count) */
  ACCELLAB_LIBRARY = 3, /* a library call instead of a hand-written loop */
  ACCELLAB_GPU = 4,     /* since 1.1: a kernel of its own on the GPU (set on_device too) */
} accellab_variant_kind;

/* Element types, as a bit set in accellab_kernel.dtypes and one value in a problem. */
#define ACCELLAB_F32 1u
#define ACCELLAB_F64 2u

typedef struct accellab_param {
  uint32_t struct_size; /* sizeof(accellab_param) */
  const char* name;     /* a plain lower-case word: "n", "block" */
  const char* description;
  uint64_t default_value;
  uint64_t min, max; /* inclusive; 1 <= min <= default_value <= max */
} accellab_param;

typedef struct accellab_variant {
  uint32_t struct_size; /* sizeof(accellab_variant) */
  const char* name;     /* a plain name: "loop", "vectorized", "parallel", "blas" */
  const char* description;
  uint32_t kind;         /* accellab_variant_kind */
  uint32_t uses_threads; /* nonzero: the threads axis applies, problem->threads is its count */
  /* Since 1.1. Nonzero: runs on the GPU. Its prepare is called with the point's device current
   * (problem->device), and its state describes the buffers and the launch (device_work):
   * AccelLab copies, launches on its own stream and times each phase with CUDA events, as it
   * does its own gpu variants. A library's device call (cuBLAS) is one too, of kind LIBRARY. */
  uint32_t on_device;
} accellab_variant;

/* One point's problem. */
typedef struct accellab_problem {
  uint32_t struct_size;
  const uint64_t* params; /* the kernel's parameters' values, in its declared order */
  uint32_t param_count;
  uint32_t dtype;   /* ACCELLAB_F32 or ACCELLAB_F64; 0 for a kernel without element types */
  uint64_t seed;    /* for the random inputs: the same seed, the same inputs */
  uint32_t threads; /* 1 unless the variant uses threads */
  /* Since 1.1: the CUDA device ordinal of a device variant's point; -1 for a host variant. */
  int32_t device;
} accellab_problem;

/* The work of one run: for throughput, bandwidth, % of ceiling and the roofline. */
typedef struct accellab_work {
  uint64_t elements; /* elements (or items) processed */
  uint64_t bytes;    /* bytes that must move: read plus written, as STREAM counts them */
  uint64_t flops;    /* floating-point operations (an FMA counts 2); 0: none */
} accellab_work;

/* The stop request of the point being measured: poll it in long work (every few ms) and
 * return ACCELLAB_CANCELLED once it says yes. */
typedef struct accellab_stop {
  uint32_t struct_size;
  void* host_data;
  int (*requested)(void* host_data); /* nonzero: stop */
} accellab_stop;

/* Since 1.1: a copy between a device buffer and a host buffer, both the state's. The host side
 * may be plain memory: AccelLab pins it (cudaHostRegister) for the state's life, so the copies
 * it times are pinned ones; memory from cudaMallocHost is used as it is. */
typedef struct accellab_transfer {
  void* device;
  void* host;
  uint64_t bytes; /* at least 1 */
} accellab_transfer;

/* Since 1.1: one run of a device variant as AccelLab performs it, each phase between CUDA events
 * on AccelLab's stream: the `in` copies (host to device: h2d), launch() (the kernel), the `out`
 * copies (device to host: d2h), and then the same copies from and to plain heap memory (the
 * pageable times). Before each verified run AccelLab fills the device side of every `out` with
 * 0xFF bytes (a NaN in f32 and f64) and calls poison() for the host side; verify() reads the
 * host side of `out`, copied back. */
typedef struct accellab_device_work {
  uint32_t struct_size; /* sizeof(accellab_device_work) */
  const accellab_transfer* in;
  uint32_t in_count;
  const accellab_transfer* out;
  uint32_t out_count; /* at least 1 */
  /* Queues one run's work on `stream` (a cudaStream_t) and returns: no waiting, no other
   * stream, no allocation, no copy of its own (in and out are AccelLab's to make). */
  accellab_status (*launch)(void* state, void* stream, accellab_message* why);
} accellab_device_work;

/* Since 1.1: a number a kernel reports about each point besides its times (nvbench's
 * summaries): a column of its own, "name (unit)", in every table and file. */
typedef struct accellab_value {
  uint32_t struct_size; /* sizeof(accellab_value) */
  const char* name;     /* a plain name: "iterations", "occupancy" */
  const char* unit;     /* "%", "B/elem"; "" for a plain count */
  const char* description;
} accellab_value;

typedef struct accellab_kernel {
  uint32_t struct_size; /* sizeof(accellab_kernel) */
  const char* name;     /* a plain name no other kernel has: "saxpy" */
  const char* description;
  const accellab_param* params; /* at least one: they size the problem */
  uint32_t param_count;
  uint32_t dtypes; /* ACCELLAB_F32 | ACCELLAB_F64, or 0 */
  const accellab_variant* variants;
  uint32_t variant_count;
  const char* work_note; /* how the work is counted: "2 FLOPs and 12 bytes per element (f32)" */

  /* The work of one run of `problem`. */
  accellab_work (*work)(const accellab_problem* problem);
  /* Host bytes a variant's prepared state holds: the memory guard skips a point that would
   * not fit. */
  uint64_t (*memory_bytes)(const accellab_problem* problem, const char* variant);
  /* Allocates and fills the inputs (random, from problem->seed) and the output; *state is the
   * plugin's, handed back to every call below. ACCELLAB_SKIPPED: this variant cannot run here
   * (no GPU, a missing library). */
  accellab_status (*prepare)(const accellab_problem* problem, const char* variant, void** state,
                             accellab_message* why);
  /* Writes into the output a value no correct run produces (NaN, all ones). Untimed. */
  void (*poison)(void* state);
  /* One run: the timed work. */
  accellab_status (*run)(void* state, const accellab_stop* stop, accellab_message* why);
  /* Compares the output of the last run with the plugin's reference: *ok nonzero when it
   * matches within the tolerance `detail` states ("max |error| 2e-7, tolerance 1e-6"). */
  accellab_status (*verify)(void* state, int* ok, accellab_message* detail);
  /* Frees what prepare allocated. */
  void (*release)(void* state);

  /* Since 1.1; a kernel built against 1.0 has none of what follows. */
  /* A device variant's buffers and launch (accellab_device_work), living until release(state).
   * Required when a variant is on_device; called once, after prepare. A host variant's state
   * never sees it, and a device variant's never sees run(). */
  const accellab_device_work* (*device_work)(void* state);
  const accellab_value* values; /* what report_values writes, in this order */
  uint32_t value_count;
  /* Once a point's runs are measured and verified, untimed: writes value_count numbers into
   * `out`, in the declared order; NaN for a value it has none of this time. Required when
   * value_count is not 0. */
  accellab_status (*report_values)(void* state, double* out, accellab_message* why);
} accellab_kernel;

/* What a plugin says it is, from init(). */
typedef struct accellab_plugin {
  uint32_t struct_size; /* sizeof(accellab_plugin) */
  const char* name;     /* "saxpy-example" */
  const char* version;  /* "1.0.0" */
  const accellab_kernel* kernels;
  uint32_t kernel_count;
} accellab_plugin;

/* What the host gives the plugin: it lives until deinit returns, so a plugin may keep it. */
typedef struct accellab_host {
  uint32_t struct_size;
  uint32_t abi_major, abi_minor; /* the host's */
  void* host_data;
  void (*log)(void* host_data, const char* message); /* a line for the user, on stderr */
} accellab_host;

/* The one exported symbol: `ACCELLAB_PLUGIN_EXPORT const accellab_entry accellab_plugin_entry`. */
typedef struct accellab_entry {
  uint32_t struct_size; /* sizeof(accellab_entry) */
  uint32_t abi_major;   /* ACCELLAB_PLUGIN_ABI_MAJOR the plugin was built against */
  uint32_t abi_minor;
  /* Called once after loading; null (with the reason logged) refuses to load. */
  const accellab_plugin* (*init)(const accellab_host* host);
  /* Called once before unloading; may be null. */
  void (*deinit)(void);
} accellab_entry;

#define ACCELLAB_PLUGIN_ENTRY_SYMBOL "accellab_plugin_entry"

#if defined(_WIN32)
#define ACCELLAB_PLUGIN_EXPORT __declspec(dllexport)
#else
#define ACCELLAB_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* Writes `text` into `message`, cut to fit. */
static inline void accellab_say(accellab_message* message, const char* text) {
  size_t i = 0;
  if (!message || !message->text || message->capacity == 0) return;
  for (; text && text[i] && i + 1 < message->capacity; ++i) message->text[i] = text[i];
  message->text[i] = '\0';
}

#ifdef __cplusplus
}
#endif

#endif /* ACCELLAB_PLUGIN_H */

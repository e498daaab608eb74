// A plugin kernel that does nothing, for accellab-bench-overhead: what going through the
// plugin ABI adds to each repetition, against the same empty kernel built in.
#include <accellab/plugin.h>

static const accellab_param params[] = {
    {sizeof(accellab_param), "n", "unused", 1, 1, 1},
};

static const accellab_variant variants[] = {
    {sizeof(accellab_variant), "loop", "does nothing", ACCELLAB_SCALAR, 0},
};

static accellab_work work(const accellab_problem* problem) {
  (void)problem;
  accellab_work w = {1, 0, 0};
  return w;
}

static uint64_t memory_bytes(const accellab_problem* problem, const char* variant) {
  (void)problem;
  (void)variant;
  return 0;
}

static int state;

static accellab_status prepare(const accellab_problem* problem, const char* variant, void** out,
                               accellab_message* why) {
  (void)problem;
  (void)variant;
  (void)why;
  *out = &state;
  return ACCELLAB_OK;
}

static void poison(void* s) { (void)s; }

static accellab_status run(void* s, const accellab_stop* stop, accellab_message* why) {
  (void)s;
  (void)stop;
  (void)why;
  return ACCELLAB_OK;
}

static accellab_status verify(void* s, int* ok, accellab_message* detail) {
  (void)s;
  (void)detail;
  *ok = 1;
  return ACCELLAB_OK;
}

static void release(void* s) { (void)s; }

static const accellab_kernel kernels[] = {{
    sizeof(accellab_kernel),
    "empty-plugin",
    "does nothing, through the plugin ABI",
    params,
    1,
    0,
    variants,
    1,
    "nothing",
    work,
    memory_bytes,
    prepare,
    poison,
    run,
    verify,
    release,
}};

static const accellab_plugin plugin = {sizeof(accellab_plugin), "empty-bench", "1.0", kernels, 1};

static const accellab_plugin* init(const accellab_host* host) {
  (void)host;
  return &plugin;
}

extern "C" ACCELLAB_PLUGIN_EXPORT const accellab_entry accellab_plugin_entry = {
    sizeof(accellab_entry), ACCELLAB_PLUGIN_ABI_MAJOR, ACCELLAB_PLUGIN_ABI_MINOR, init, NULL};

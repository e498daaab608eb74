// A plugin for tst_plugin, built once per FAULT: 0 is a good plugin with one kernel, `copy`
// (out = in), whose variants behave, skip, fail or ignore nothing; every other FAULT breaks one
// rule of plugin.h that the loader must refuse, but 13 and 14, whose init crashes or hangs (the
// window loads those in a child process first: tst_mainwindow).
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include "accellab/plugin.h"

#ifndef FAULT
#define FAULT 0
#endif

namespace {

struct State {
  char variant;  // 'l'oop, 'f'ails, 'w'rong
  std::vector<double> in, out;
};

const accellab_param kParams[] = {
    {sizeof(accellab_param), FAULT == 5 ? "bad name" : "n", "elements", FAULT == 7 ? 2000u : 10u,
     FAULT == 6 ? 50u : 1u, FAULT == 6 ? 40u : 1000u},
};

const accellab_variant kVariants[] = {
    {sizeof(accellab_variant), "loop", "copies", ACCELLAB_SCALAR, 0},
    {sizeof(accellab_variant), FAULT == 11 ? "loop" : "skips", "never applies", ACCELLAB_SCALAR, 0},
    {sizeof(accellab_variant), "fails", "its run fails", ACCELLAB_SCALAR, 0},
    {sizeof(accellab_variant), "wrong", "copies wrongly", ACCELLAB_THREADS, 1},
};

accellab_work work(const accellab_problem* p) { return {p->params[0], 16 * p->params[0], 0}; }

std::uint64_t memoryBytes(const accellab_problem* p, const char*) { return 16 * p->params[0]; }

accellab_status prepare(const accellab_problem* p, const char* variant, void** state,
                        accellab_message* why) {
  if (variant[0] == 's') {
    accellab_say(why, "not applicable here: no such device");
    return ACCELLAB_SKIPPED;
  }
  auto* s =
      new State{variant[0], std::vector<double>(p->params[0]), std::vector<double>(p->params[0])};
  for (std::size_t i = 0; i < s->in.size(); ++i) s->in[i] = static_cast<double>(i + p->seed % 7);
  *state = s;
  return ACCELLAB_OK;
}

void poison(void* state) {
  auto* s = static_cast<State*>(state);
  for (double& x : s->out) x = NAN;
}

accellab_status run(void* state, const accellab_stop* stop, accellab_message* why) {
  auto* s = static_cast<State*>(state);
  if (s->variant == 'f') {
    accellab_say(why, "the device fell over");
    return ACCELLAB_FAILED;
  }
  if (stop->requested(stop->host_data)) return ACCELLAB_CANCELLED;
  const double off = s->variant == 'w' ? 1.0 : 0.0;  // `wrong` is off by one
  for (std::size_t i = 0; i < s->out.size(); ++i) s->out[i] = s->in[i] + off;
  return ACCELLAB_OK;
}

accellab_status verify(void* state, int* ok, accellab_message* detail) {
  auto* s = static_cast<State*>(state);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < s->out.size(); ++i) wrong += s->out[i] != s->in[i] ? 1 : 0;
  *ok = wrong == 0;
  accellab_say(detail, wrong == 0 ? "every element copied" : "elements differ");
  return ACCELLAB_OK;
}

void release(void* state) { delete static_cast<State*>(state); }

const accellab_kernel kKernels[] = {{
    sizeof(accellab_kernel),
    FAULT == 10 ? "add" : "copy",
    FAULT == 9 ? nullptr : "out = in",
    kParams,
    1,
    ACCELLAB_F64,
    kVariants,
    4,
    "16 bytes per element",
    work,
    memoryBytes,
    prepare,
    poison,
    FAULT == 8 ? nullptr : run,
    verify,
    release,
}};

const accellab_plugin kPlugin{sizeof(accellab_plugin), "test-plugin", "0.1", kKernels,
                              FAULT == 12 ? 0u : 1u};

const accellab_plugin* init(const accellab_host* host) {
  if (FAULT == 13) std::abort();
  while (FAULT == 14) std::this_thread::sleep_for(std::chrono::seconds(1));
  if (FAULT == 4) {
    host->log(host->host_data, "refusing: no licence");
    return nullptr;
  }
  return &kPlugin;
}

}  // namespace

#if FAULT != 2
extern "C" ACCELLAB_PLUGIN_EXPORT const accellab_entry accellab_plugin_entry{
    sizeof(accellab_entry), FAULT == 1 ? 2u : ACCELLAB_PLUGIN_ABI_MAJOR, 0u,
    FAULT == 3 ? nullptr : init, nullptr};
#endif

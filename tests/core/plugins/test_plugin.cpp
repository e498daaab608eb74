// A plugin for tst_plugin, built once per FAULT: 0 is a good plugin with one kernel, `copy`
// (out = in), whose variants behave, skip, fail or ignore nothing; every other FAULT breaks one
// rule of plugin.h that the loader must refuse, but 13 and 14, whose init crashes or hangs (the
// window loads those in a child process first: tst_mainwindow), and 21 and 22, whose
// constructor calls exit(0) or crashes at dlopen (the CLI loads those in a forked child first:
// pluginEndsItsLoader). FAULT 0 is also built against
// ABI 1.0's header (abi-1.0/), as a plugin of the first SDK is: no device variant, no values.
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

#if FAULT == 21 || FAULT == 22
#include <csignal>
// Runs at dlopen, before the loader looks at anything.
__attribute__((constructor)) static void endTheLoader() {
  if (FAULT == 21) std::exit(0);
  std::raise(SIGSEGV);
}
#endif

namespace {

#define ABI_1_1 (ACCELLAB_PLUGIN_ABI_MINOR >= 1)

struct State {
  char variant;  // 'l'oop, 'f'ails, 'w'rong, 'd'evice
  std::vector<double> in, out;
#if ABI_1_1
  // The device variant's "device" memory, copied to and from by the host's runner (a fake
  // device in tst_plugin: plain memory, the stream a token).
  std::vector<double> deviceIn, deviceOut;
  accellab_transfer toDevice, fromDevice;
  accellab_device_work work;
#endif
};

const accellab_param kParams[] = {
    {sizeof(accellab_param), FAULT == 5 ? "bad name" : "n", "elements", FAULT == 7 ? 2000u : 10u,
     FAULT == 6 ? 50u : 1u, FAULT == 6 ? 40u : 1000u},
};

#if ABI_1_1
#define NOT_ON_DEVICE , 0u
#else
#define NOT_ON_DEVICE
#endif

const accellab_variant kVariants[] = {
    {FAULT == 20 ? 0x7fffffffu : sizeof(accellab_variant), "loop", "copies", ACCELLAB_SCALAR,
     0 NOT_ON_DEVICE},
    {sizeof(accellab_variant), FAULT == 11 ? "loop" : "skips", "never applies", ACCELLAB_SCALAR,
     0 NOT_ON_DEVICE},
    {FAULT == 18 ? sizeof(accellab_variant) + 8 : sizeof(accellab_variant), "fails",
     "its run fails", ACCELLAB_SCALAR, 0 NOT_ON_DEVICE},
    {sizeof(accellab_variant), "wrong", "copies wrongly", ACCELLAB_THREADS, 1 NOT_ON_DEVICE},
#if ABI_1_1
    {sizeof(accellab_variant), "device", "copies on a device", ACCELLAB_GPU, 0,
     FAULT == 17 ? 0u : 1u},
#endif
};

#if ABI_1_1
const accellab_value kValues[] = {
    {sizeof(accellab_value), "copied", "", "elements copied"},
    {sizeof(accellab_value), FAULT == 19 ? "copied" : "never", "%", "a value it never has"},
};
#endif

accellab_work work(const accellab_problem* p) { return {p->params[0], 16 * p->params[0], 0}; }

std::uint64_t memoryBytes(const accellab_problem* p, const char*) { return 16 * p->params[0]; }

accellab_status prepare(const accellab_problem* p, const char* variant, void** state,
                        accellab_message* why) {
  if (variant[0] == 's') {
    accellab_say(why, "not applicable here: no such device");
    return ACCELLAB_SKIPPED;
  }
  auto* s = new State{};
  s->variant = variant[0];
  s->in.resize(p->params[0]);
  s->out.resize(p->params[0]);
  for (std::size_t i = 0; i < s->in.size(); ++i) s->in[i] = static_cast<double>(i + p->seed % 7);
#if ABI_1_1
  if (s->variant == 'd') {
    if (p->device != 0) {  // the fake device's ordinal
      accellab_say(why, "prepared for no device");
      delete s;
      return ACCELLAB_FAILED;
    }
    s->deviceIn.resize(s->in.size());
    s->deviceOut.resize(s->in.size());
    const std::uint64_t bytes = s->in.size() * sizeof(double);
    s->toDevice = {s->deviceIn.data(), s->in.data(), bytes};
    s->fromDevice = {s->deviceOut.data(), s->out.data(), bytes};
  }
#endif
  *state = s;
  return ACCELLAB_OK;
}

#if ABI_1_1
accellab_status launch(void* state, void* stream, accellab_message* why) {
  auto* s = static_cast<State*>(state);
  if (!stream) {
    accellab_say(why, "no stream");
    return ACCELLAB_FAILED;
  }
  s->deviceOut = s->deviceIn;
  return ACCELLAB_OK;
}

const accellab_device_work* deviceWork(void* state) {
  auto* s = static_cast<State*>(state);
  s->work = {sizeof(accellab_device_work), &s->toDevice, 1, &s->fromDevice, 1, launch};
  return &s->work;
}

accellab_status reportValues(void* state, double* out, accellab_message* why) {
  const std::size_t n = static_cast<State*>(state)->out.size();
  if (n == 13) {  // a failure the point's times outlive
    accellab_say(why, "cannot count to 13");
    return ACCELLAB_FAILED;
  }
  out[0] = static_cast<double>(n);
  return ACCELLAB_OK;  // out[1] left NaN: "never" is left out
}
#endif

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
    sizeof kVariants / sizeof kVariants[0],
    "16 bytes per element",
    work,
    memoryBytes,
    prepare,
    poison,
    FAULT == 8 ? nullptr : run,
    verify,
    release,
#if ABI_1_1
    FAULT == 15 ? nullptr : deviceWork,
    kValues,
    2,
    FAULT == 16 ? nullptr : reportValues,
#endif
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
    sizeof(accellab_entry), FAULT == 1 ? 2u : ACCELLAB_PLUGIN_ABI_MAJOR, ACCELLAB_PLUGIN_ABI_MINOR,
    FAULT == 3 ? nullptr : init, nullptr};
#endif

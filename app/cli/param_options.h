// --param NAME=V[,V...]: the values of a kernel's own parameters (KernelInfo::parameters), as
// `run` sweeps them and `verify` checks them. Parsed by core (parse.h), as the desktop app
// parses its parameter fields.
#pragma once

#include <span>

#include "accellab/registry.h"
#include "accellab/sweep.h"
#include "argument_parser.h"

namespace accellab::cli {

using ParamAxes = decltype(SweepSpec::parameters);

void addParamOption(ArgumentParser& parser);

// The axes --param gives for `kernel`. Throws UsageError on an unknown name (naming the
// kernel's), a bad or out-of-range value, or a name given twice.
ParamAxes paramAxesFrom(const ArgumentParser& parser, const KernelInfo& kernel);

// For a command over several kernels (verify): each --param applies to those of `kernels`
// that declare its name, and is refused when none does.
ParamAxes paramAxesFrom(const ArgumentParser& parser, const KernelInfo& kernel,
                        std::span<const Kernel* const> kernels);

}  // namespace accellab::cli

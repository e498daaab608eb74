// Under mpirun every rank must run the same command: ranks given different command lines
// (mpirun's `-np 1 A : -np 1 B`, a typo in one app context) would take different collective
// calls, and the launch would hang with rank 0 waiting for ever. They are compared before any
// other collective call, and the whole launch ends with one message when they differ.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "accellab/collective.h"

namespace accellab::cli {

// Collective over the whole launch: every rank calls it first, with its own arguments. When
// they differ, rank 0 writes on `err` which rank differs and how, and every rank gets the
// exit code (2, bad usage); nullopt when all agree.
std::optional<int> refuseDifferentCommandLines(Collective& launch,
                                               std::span<const std::string> args,
                                               std::ostream& err);

}  // namespace accellab::cli

// What a CPU variant's loop did: whether it completed, and how many threads worked. Apart
// from parallel.h, which needs OpenMP, so that declarations can return it anywhere.
#pragma once

#include "accellab/kernel.h"

namespace accellab::kernels {

struct PiecesDone {
  bool complete = true;   // false: a stop request left pieces undone
  int threadsWorked = 0;  // threads that ran at least one piece
};

// What a single-threaded loop did: one thread worked, complete unless stopped.
inline PiecesDone ranSerially(bool complete) { return {complete, 1}; }

// A CPU variant's run outcome: cancelled when a stop left pieces undone; the threads that
// worked counted for the variants given a thread count (those with `threaded`).
template <class Variant>
RunOutcome outcomeOf(const PiecesDone& done) {
  RunOutcome outcome;
  outcome.cancelled = !done.complete;
  if constexpr (requires { Variant::threaded; }) outcome.threadsWorked = done.threadsWorked;
  return outcome;
}

}  // namespace accellab::kernels

// From how large a problem splitting a streaming loop between threads pays on this machine:
// starting and joining a team of threads costs a microsecond on one machine and several on
// another (3.2 us for two threads on a VM whose cores sit far apart), so no constant grain
// suits both.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>

namespace accellab::kernels {

struct SplitCrossover {
  // Bytes touched (SystemInfo::splitFromBytes) from which two threads beat one; 0 when not
  // measured (one thread, or interrupted), and the method says why.
  std::uint64_t fromBytes = 0;
  std::string method;
};

// simd::copy over two arrays at doubling sizes from 8 KiB to 8 MiB per array, on one thread
// and on two through forEachPiece (the parallel variants' loop, cut as splitFor cuts it),
// interleaved, the best of a few samples of at least 16 MiB of copies each; crossoverFrom
// decides. About a tenth of a second.
SplitCrossover measureSplitCrossover(std::stop_token stop = {});

}  // namespace accellab::kernels

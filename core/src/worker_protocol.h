// The worker protocol's messages (docs/worker-protocol.md): one JSON object per line, its
// "type" first. Points, results and settings are carried as a session stores them, so a
// result that reaches the app is the one the session keeps. Internal to core.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "accellab/point_measurer.h"
#include "accellab/session.h"

namespace accellab::detail {

enum class MessageType {
  hello,      // both ways, first: the protocol spoken and the program
  measure,    // app → worker: measure this point with these settings
  stop,       // app → worker: stop the point being measured (its result still comes)
  stage,      // worker → app: the point's phase and how far it has come
  heartbeat,  // worker → app: twice a second, whatever the point does
  result,     // worker → app: the point measured (or failed, skipped, cancelled)
  error,      // worker → app: a request it could not read; it exits after
};

struct WorkerMessage {
  MessageType type = MessageType::heartbeat;
  int protocol = 0;        // hello
  std::string program;     // hello: "accellab-cli 0.9.0"
  std::uint64_t id = 0;    // measure, stage, result: which request
  Point point;             // measure
  RunSettings settings;    // measure
  PointStage stage;        // stage
  MeasuredPoint measured;  // result (endsRun is the app's own, never sent)
  bool retiring = false;   // result: the worker exits after it (process_loss.h)
  std::string message;     // error
};

std::string helloMessage(std::string_view program);
std::string measureMessage(std::uint64_t id, const Point& point, const MeasureConfig& config);
std::string stopMessage();
std::string stageMessage(std::uint64_t id, const PointStage& stage);
std::string heartbeatMessage();
// Throws SessionError when the result cannot be stored (a name that is not plain).
// `retiring`: the worker exits after this result (its failure lost the process).
std::string resultMessage(std::uint64_t id, const MeasuredPoint& measured, bool retiring = false);
std::string errorMessage(std::string_view message);

// Throws SessionError naming what is wrong: not JSON, an unknown type, a field missing or
// of the wrong kind. The protocol version is the caller's to check.
WorkerMessage parseWorkerMessage(std::string_view line);

}  // namespace accellab::detail

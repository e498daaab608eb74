#include "worker_protocol.h"

#include <algorithm>
#include <array>
#include <utility>

#include "accellab/worker.h"
#include "json_reader.h"
#include "session_json.h"

namespace accellab::detail {
namespace {

constexpr std::array<std::pair<MessageType, std::string_view>, 7> kTypes{{
    {MessageType::hello, "hello"},
    {MessageType::measure, "measure"},
    {MessageType::stop, "stop"},
    {MessageType::stage, "stage"},
    {MessageType::heartbeat, "heartbeat"},
    {MessageType::result, "result"},
    {MessageType::error, "error"},
}};

constexpr std::array kPhases{RunPhase::preparing, RunPhase::warmingUp, RunPhase::measuring,
                             RunPhase::verifying};

Json typed(MessageType type) {
  for (const auto& [known, name] : kTypes)
    if (known == type) return Json{{"type", name}};
  return {};
}

// Text from user code is data: a byte that is not UTF-8 (a plugin's message, a request's echo)
// becomes U+FFFD instead of an exception that would end the worker.
std::string line(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

RunPhase readPhase(const JsonNode& node) {
  const std::string text = node.string();
  for (const RunPhase phase : kPhases)
    if (toString(phase) == text) return phase;
  node.fail("unknown phase '" + shown(text) + "'");
}

}  // namespace

std::string helloMessage(std::string_view program) {
  Json json = typed(MessageType::hello);
  json["protocol"] = kWorkerProtocol;
  json["program"] = program;
  return line(json);
}

std::string measureMessage(std::uint64_t id, const Point& point, const MeasureConfig& config) {
  Json json = typed(MessageType::measure);
  json["id"] = id;
  json["point"] = pointJson(point);
  RunSettings settings;
  settings.measure = config;
  json["settings"] = runSettingsJson(settings);
  return line(json);
}

std::string stopMessage() { return line(typed(MessageType::stop)); }

std::string stageMessage(std::uint64_t id, const PointStage& stage) {
  Json json = typed(MessageType::stage);
  json["id"] = id;
  json["phase"] = toString(stage.phase);
  json["repetitions_done"] = stage.repetitionsDone;
  if (stage.repetitionsExpected) json["repetitions_expected"] = *stage.repetitionsExpected;
  if (stage.runS) json["run_s"] = *stage.runS;
  json["fraction"] = stage.fraction;
  return line(json);
}

std::string heartbeatMessage() { return line(typed(MessageType::heartbeat)); }

std::string resultMessage(std::uint64_t id, const MeasuredPoint& measured, bool retiring) {
  Json json = typed(MessageType::result);
  json["id"] = id;
  json["point"] = pointResultJson(measured.result);
  if (measured.fingerprint) json["fingerprint"] = *measured.fingerprint;
  json["prepare_s"] = measured.prepareS;
  if (retiring) json["retiring"] = true;
  return line(json);
}

std::string errorMessage(std::string_view message) {
  Json json = typed(MessageType::error);
  json["message"] = message;
  return line(json);
}

WorkerMessage parseWorkerMessage(std::string_view text) {
  const Json json = parseBoundedJson(text, "a worker message");
  if (!json.is_object()) throw SessionError("not a worker message: " + shown(text));
  const JsonNode root(json, "worker message");
  const JsonNode typeNode = root["type"];
  const std::string type = typeNode.string();
  WorkerMessage message;
  const auto known = std::find_if(kTypes.begin(), kTypes.end(),
                                  [&](const auto& entry) { return entry.second == type; });
  if (known == kTypes.end()) typeNode.fail("unknown message type '" + shown(type) + "'");
  message.type = known->first;
  switch (message.type) {
    case MessageType::hello:
      message.protocol = root["protocol"].integer(0, 1 << 30);
      message.program = root["program"].string();
      break;
    case MessageType::measure:
      message.id = root["id"].count();
      message.point = readPointJson(root["point"]);
      message.settings = readRunSettingsJson(root["settings"]);
      break;
    case MessageType::stage: {
      message.id = root["id"].count();
      PointStage& stage = message.stage;
      stage.phase = readPhase(root["phase"]);
      stage.repetitionsDone = root["repetitions_done"].count();
      if (auto expected = root.optional("repetitions_expected"))
        stage.repetitionsExpected = expected->count();
      if (auto runS = root.optional("run_s")) stage.runS = runS->amount();
      stage.fraction = root["fraction"].amount();
      break;
    }
    case MessageType::result:
      message.id = root["id"].count();
      message.measured.result = readPointResultJson(root["point"]);
      if (auto fingerprint = root.optional("fingerprint"))
        message.measured.fingerprint = fingerprint->count();
      message.measured.prepareS = root["prepare_s"].amount();
      if (auto retiring = root.optional("retiring")) message.retiring = retiring->boolean();
      break;
    case MessageType::error:
      message.message = root["message"].string();
      break;
    case MessageType::stop:
    case MessageType::heartbeat:
      break;
  }
  return message;
}

}  // namespace accellab::detail

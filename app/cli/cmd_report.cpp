// accellab-cli report: the table of a saved session, optionally exported.
#include <algorithm>
#include <iostream>

#include "accellab/session.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "reporter_set.h"
#include "system_text.h"

namespace accellab::cli {

int reportCommand(Args args, const EngineFactory&) {
  ArgumentParser parser("report SESSION [options]",
                        "Prints the table of a session saved by 'run --out' (or the desktop app), "
                        "and\noptionally exports it.");
  parser.positional("SESSION", "the session file (JSON)")
      .option("--csv", "FILE", "also write the table as CSV")
      .option("--markdown", "FILE", "also write the table as Markdown")
      .option("--baseline", "VARIANT", "speedups relative to this variant (default loop)");
  addGpuTimeOption(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  const Session session = readSessionFile(parser.positionalValue("SESSION"));
  const std::string baseline = parser.value("--baseline").value_or("loop");
  if (parser.has("--baseline") && std::ranges::none_of(session.points, [&](const PointResult& r) {
        return r.point.variant == baseline;
      })) {
    throw UsageError("--baseline '" + baseline + "': the session has no point of that variant");
  }
  ReporterSet reporters(std::cout, {parser.value("--csv"), parser.value("--markdown")},
                        {baseline, gpuTimeFrom(parser)});

  std::cout << "Session of " << session.created << '\n';
  writeSystemSummary(session.system, std::cout);
  reporters.begin(session.system);
  for (const PointResult& result : session.points) reporters.point(result);
  reporters.end();
  return kExitOk;
}

}  // namespace accellab::cli

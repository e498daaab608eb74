// The dispatcher of accellab-cli: one command per file (cmd_*.cpp); errors become the
// documented exit codes.
#include <array>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <string_view>

#include "accellab/printable.h"
#include "accellab/runner.h"
#include "cli_error.h"
#include "commands.h"

namespace accellab::cli {
namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(Args, const EngineFactory&);
};

constexpr std::array kCommands{
    Command{"list", "kernels, variants, parameters and what is available here", listCommand},
    Command{"sysinfo", "the machine probe: CPU, SIMD, caches, RAM, GPU, bandwidth", sysinfoCommand},
    Command{"run", "measure a kernel's variants over a sweep and print the table", runCommand},
    Command{"report", "print (and export) the table of a saved session", reportCommand},
    Command{"compare", "compare runs point by point: faster, slower or no change", compareCommand},
    Command{"verify", "check every available variant against the reference", verifyCommand},
};

void printUsage(std::ostream& out) {
  out << "usage: accellab-cli COMMAND [options]\n"
         "       accellab-cli COMMAND --help\n\n"
         "Measures compute kernels in variants (loop, vectorized, parallel, gpu).\n\n"
         "commands:\n";
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(10 - c.name.size(), ' ') << c.summary << '\n';
  }
  out << "\noptions:\n  --version  print the version\n  --help     show this help\n";
}

int dispatch(Args args, const EngineFactory& engines) {
  if (args.empty()) throw UsageError("no command given (see 'accellab-cli --help')");
  const std::string& first = args.front();
  if (first == "--help" || first == "-h" || first == "help") {
    printUsage(std::cout);
    return kExitOk;
  }
  if (first == "--version") {
    std::cout << "accellab-cli " << ACCELLAB_VERSION << '\n';
    return kExitOk;
  }
  for (const Command& c : kCommands) {
    if (c.name == first) return c.run(args.subspan(1), engines);
  }
  if (first == "worker") return workerCommand(args.subspan(1), engines);
  throw UsageError("unknown command '" + first + "' (see 'accellab-cli --help')");
}

int fail(std::string_view message, int code) {
  std::cout.flush();
  // Messages quote names and values read from files: escaped like every other printed text,
  // line by line, so a Python traceback in one still reads as lines; those after the first
  // indented, so no text in a message can pass for a line of the program's own.
  std::cerr << "accellab-cli: error: ";
  for (std::size_t begin = 0;;) {
    const std::size_t end = message.find('\n', begin);
    std::cerr << printable(message.substr(begin, end - begin));
    if (end == std::string_view::npos) break;
    std::cerr << "\n  ";
    begin = end + 1;
  }
  std::cerr << std::endl;
  return code;
}

}  // namespace

int runCli(Args args, const EngineFactory& engines) {
  try {
    return dispatch(args, engines);
  } catch (const std::bad_alloc&) {
    // Outside a point (a point's own failure is in its row): reading or building a report.
    return fail(std::string(kOutOfMemory) +
                    ": an allocation failed; free memory or raise the process's memory limit",
                kExitOutOfMemory);
  } catch (const std::exception& e) {
    // UsageError, SweepError (unknown variant, invalid params), SessionError (unreadable or
    // malformed session) and the rest (a file, the disk): one line, exit 2, never abort.
    return fail(e.what(), kExitUsage);
  }
}

}  // namespace accellab::cli

// Help > About AccelLab: the version, and what the build is made of (Qt, compiler, Highway,
// OpenMP, CUDA) as the engine reports it, for bug reports.
#pragma once

#include <QDialog>
#include <QString>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/sysinfo.h"

namespace accellab::gui {

struct AboutFact {
  QString label;
  QString value;
};

// `machine` is the machine probe (compiler, OpenMP, CUDA runtime), null while it runs.
std::vector<AboutFact> aboutFacts(const SystemInfo* machine,
                                  const kernels::LibraryVersions& libraries);

class AboutDialog : public QDialog {
  Q_OBJECT

 public:
  AboutDialog(const std::vector<AboutFact>& facts, QWidget* parent);
};

}  // namespace accellab::gui

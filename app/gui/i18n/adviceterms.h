// The experiment panel's fields as the flags' advice names them in the window (the CLI's
// advice names its flags): "measure longer (“Minimum time”, “Repetitions”)".
#pragma once

#include "accellab/quality.h"

namespace accellab::gui {

// In the window's language; the window has no maximum time to raise.
AdviceTerms windowAdviceTerms();

}  // namespace accellab::gui

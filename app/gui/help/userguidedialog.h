// Help > User Guide: the guide shipped in the resources (resources/help/), in a browser that
// follows its links within the guide and opens others outside. Its kernels and variants are
// the engine's own (their descriptions, and why a variant cannot run here), so the guide
// cannot fall behind what the window offers.
#pragma once

#include <QDialog>
#include <QString>

#include "accellab/registry.h"

class QTextBrowser;

namespace accellab::gui {

// The guide for `localeName` ("zh_CN") when the resources have one, else the English one.
QString userGuideResource(const QString& localeName);
// `guide` (the resource's HTML) with its two placeholders filled: the kernels of `registry`
// and every variant, with what each needs where it is unavailable.
QString withEngineSections(QString guide, const Registry& registry);

class UserGuideDialog : public QDialog {
  Q_OBJECT

 public:
  UserGuideDialog(const Registry& registry, QWidget* parent);

  QTextBrowser& browser() { return *browser_; }

 private:
  QTextBrowser* browser_;
};

}  // namespace accellab::gui

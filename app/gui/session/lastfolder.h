// The folder the next file dialog opens in: the one a file was last chosen in, kept in the
// settings when the window uses them (the home folder at first).
#pragma once

#include <QString>

namespace accellab::gui {

class LastFolder {
 public:
  explicit LastFolder(bool useSettings);

  QString path() const { return path_; }
  // `name` in the folder: what a Save dialog offers.
  QString with(const QString& name) const;
  void remember(const QString& folder);
  // The folder of a file just chosen.
  void rememberFileOf(const QString& file);

 private:
  bool useSettings_;
  QString path_;
};

}  // namespace accellab::gui

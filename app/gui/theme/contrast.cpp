#include "theme/contrast.h"

#include <algorithm>
#include <cmath>

namespace accellab::gui {

namespace {

// WCAG 2's relative luminance.
double luminance(const QColor& colour) {
  const auto channel = [](double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
         0.0722 * channel(colour.blueF());
}

}  // namespace

double contrastRatio(const QColor& a, const QColor& b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor shownOver(const QColor& colour, const QColor& background) {
  const float a = colour.alphaF();
  return QColor::fromRgbF(colour.redF() * a + background.redF() * (1 - a),
                          colour.greenF() * a + background.greenF() * (1 - a),
                          colour.blueF() * a + background.blueF() * (1 - a));
}

QColor legibleOn(const QColor& colour, const QColor& other, double ratio) {
  const bool dark = luminance(other) < 0.18;  // the luminance that 4.5:1 splits evenly
  QColor shown = colour.toHsl();
  for (int step = 0; step < 40 && contrastRatio(shown, other) < ratio; ++step) {
    const int lightness = std::clamp(shown.lightness() + (dark ? 8 : -8), 0, 255);
    shown.setHsl(shown.hslHue(), shown.hslSaturation(), lightness, shown.alpha());
  }
  return shown.toRgb();
}

}  // namespace accellab::gui

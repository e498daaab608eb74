#include "accellab/result.h"

#include <algorithm>

namespace accellab {

std::string describe(const Point& point) {
  std::string text = point.kernel + " " + point.variant + " " + describe(point.params);
  // A distributed point names both: its threads are per rank.
  if (point.ranks != 1)
    text += " x" + std::to_string(point.ranks) + " ranks x" + std::to_string(point.threads) +
            (point.threads == 1 ? " thread" : " threads");
  else if (point.threads != 1)
    text += " x" + std::to_string(point.threads) + " threads";
  return text;
}

std::string_view toString(PointStatus status) {
  switch (status) {
    case PointStatus::ok:
      return "ok";
    case PointStatus::skipped:
      return "skipped";
    case PointStatus::failed:
      return "failed";
    case PointStatus::cancelled:
      return "cancelled";
  }
  return "failed";
}

std::optional<PointStatus> parsePointStatus(std::string_view text) {
  for (auto status :
       {PointStatus::ok, PointStatus::skipped, PointStatus::failed, PointStatus::cancelled})
    if (toString(status) == text) return status;
  return std::nullopt;
}

namespace {

template <typename T, typename Variant>
std::vector<std::string> firstSeen(const std::vector<T>& items, Variant variant) {
  std::vector<std::string> variants;
  for (const T& item : items)
    if (std::ranges::find(variants, variant(item)) == variants.end())
      variants.push_back(variant(item));
  return variants;
}

}  // namespace

std::vector<std::string> variantsIn(const std::vector<Point>& points) {
  return firstSeen(points, [](const Point& p) -> const std::string& { return p.variant; });
}

std::vector<std::string> variantsIn(const std::vector<PointResult>& results) {
  return firstSeen(results,
                   [](const PointResult& r) -> const std::string& { return r.point.variant; });
}

}  // namespace accellab

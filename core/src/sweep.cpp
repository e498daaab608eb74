#include "accellab/sweep.h"

#include <algorithm>

#include "accellab/runner.h"

namespace accellab {

namespace {

std::string knownNames(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
  return " (known: " + list + ")";
}

const KernelInfo& findKernel(const SweepSpec& spec, const Registry& registry) {
  if (const Kernel* kernel = registry.find(spec.kernel)) return kernel->info();
  std::vector<std::string> names;
  for (const Kernel* kernel : registry.kernels()) names.push_back(kernel->info().name);
  throw SweepError("unknown kernel '" + spec.kernel + "'" + knownNames(names));
}

// The requested variants, the baseline first, then in the kernel's order.
std::vector<const VariantInfo*> selectVariants(const SweepSpec& spec, const KernelInfo& kernel) {
  std::vector<std::string> names;
  for (const auto& variant : kernel.variants) names.push_back(variant.name);
  for (const auto& wanted : spec.variants)
    if (!kernel.variant(wanted))
      throw SweepError("unknown variant '" + wanted + "' of " + kernel.name + knownNames(names));
  std::vector<const VariantInfo*> selected;
  for (const auto& variant : kernel.variants)
    if (spec.variants.empty() ? !variant.optIn
                              : std::find(spec.variants.begin(), spec.variants.end(),
                                          variant.name) != spec.variants.end())
      selected.push_back(&variant);
  std::stable_partition(selected.begin(), selected.end(),
                        [&](const VariantInfo* v) { return v->name == spec.baseline; });
  return selected;
}

std::vector<int> selectThreads(const SweepSpec& spec) {
  std::vector<int> threads;
  for (int count : spec.threads) {
    if (count < 1) throw SweepError("thread count " + std::to_string(count) + " is below 1");
    if (std::find(threads.begin(), threads.end(), count) == threads.end()) threads.push_back(count);
  }
  if (threads.empty()) threads.push_back(1);
  return threads;
}

std::vector<int> selectRanks(const SweepSpec& spec, int worldSize) {
  std::vector<int> ranks;
  for (int count : spec.ranks) {
    if (count < 1) throw SweepError("rank count " + std::to_string(count) + " is below 1");
    if (count > worldSize)
      throw SweepError(std::to_string(count) + " ranks asked for, but the launch has " +
                       std::to_string(worldSize) + " (start it with mpirun -np " +
                       std::to_string(count) + " or more)");
    if (std::find(ranks.begin(), ranks.end(), count) == ranks.end()) ranks.push_back(count);
  }
  if (ranks.empty()) ranks.push_back(1);
  return ranks;
}

// A distributed point's problem: the total over its ranks. Strong scaling keeps the size's
// problem as the total; weak scaling gives each rank the size's problem, so the total grows
// with the ranks (samples times ranks; a shape's slowest axis, z, times ranks).
Params scaledFor(Params params, int ranks, Scaling scaling, const KernelInfo& kernel) {
  if (scaling == Scaling::strong || ranks == 1) return params;
  const auto scale = [&](std::uint64_t value) {
    const auto scaled = checkedMul(value, static_cast<std::uint64_t>(ranks));
    if (!scaled)
      throw SweepError("weak scaling to " + std::to_string(ranks) + " ranks overflows " +
                       describe(params));
    return *scaled;
  };
  if (params.samples) params.samples = scale(*params.samples);
  if (params.shape) params.shape->z = scale(params.shape->z);
  if (!params.samples && !params.shape)
    throw SweepError(kernel.name + " is sized by its own parameters: no weak scaling");
  return params;
}

// One Params per size, without the element type yet.
std::vector<Params> selectSizes(const SweepSpec& spec, const KernelInfo& kernel) {
  std::vector<Params> sizes;
  switch (kernel.problem) {
    case ProblemKind::array3d:
      if (!spec.samples.empty()) throw SweepError(kernel.name + " takes shapes, not sample counts");
      for (const auto& shape : spec.shapes)
        sizes.push_back(Params{.shape = shape, .samples = {}, .kernelParams = {}});
      break;
    case ProblemKind::samples:
      if (!spec.shapes.empty()) throw SweepError(kernel.name + " takes sample counts, not shapes");
      for (auto samples : spec.samples)
        sizes.push_back(Params{.shape = {}, .samples = samples, .kernelParams = {}});
      break;
    case ProblemKind::parameters:
      if (!spec.shapes.empty() || !spec.samples.empty())
        throw SweepError(kernel.name + " takes its own parameters, not shapes or sample counts");
      sizes.emplace_back();
      break;
  }
  if (sizes.empty())
    sizes.push_back(Params{
        .shape = kernel.defaults.shape, .samples = kernel.defaults.samples, .kernelParams = {}});
  for (auto& params : sizes) params.seed = spec.seed;
  return sizes;
}

// Every size crossed with each of the kernel's own parameters: the values the spec sweeps, or
// the ones the parameter only takes (ParamSpec::values), or the default. Each point names all
// of them, so a table says which value it ran with.
std::vector<Params> crossOwnParameters(std::vector<Params> sizes, const SweepSpec& spec,
                                       const KernelInfo& kernel) {
  for (const auto& [name, values] : spec.parameters) {
    if (!kernel.parameter(name)) throw SweepError(kernel.name + " has no parameter '" + name + "'");
    if (values.empty()) throw SweepError("parameter '" + name + "' has no values");
  }
  for (const ParamSpec& param : kernel.parameters) {
    const auto swept = spec.parameters.find(param.name);
    const std::vector<std::uint64_t> values = swept != spec.parameters.end() ? swept->second
                                              : !param.values.empty()
                                                  ? param.values
                                                  : std::vector<std::uint64_t>{param.defaultValue};
    if (auto problem = runSizeProblem(sizes.size() * values.size())) throw SweepError(*problem);
    std::vector<Params> crossed;
    crossed.reserve(sizes.size() * values.size());
    for (const Params& size : sizes) {
      for (std::uint64_t value : values) {
        Params params = size;
        params.kernelParams[param.name] = value;
        crossed.push_back(std::move(params));
      }
    }
    sizes = std::move(crossed);
  }
  return sizes;
}

// What the point's indexed parameters stand for (ParamSpec::labels), and whether it has an
// element type at all.
void describeFor(Params& params, const KernelInfo& kernel) {
  params.typed = !kernel.dtypes.empty() || kernel.problem != ProblemKind::parameters;
  for (const ParamSpec& spec : kernel.parameters) {
    const auto value = params.kernelParams.find(spec.name);
    if (value != params.kernelParams.end() && value->second < spec.labels.size())
      params.labels[spec.name] = spec.labels[value->second];
  }
}

std::vector<DType> selectDTypes(const SweepSpec& spec, const KernelInfo& kernel) {
  if (!spec.dtypes.empty()) return spec.dtypes;
  if (!kernel.dtypes.empty()) return {kernel.dtypes.front()};
  return {kernel.defaults.dtype};
}

}  // namespace

SweepSpec verifySweep(const KernelInfo& kernel) {
  SweepSpec spec;
  spec.kernel = kernel.name;
  if (kernel.problem == ProblemKind::array3d)
    spec.shapes = {{1, 1, 1}, {3, 5, 7}, {17, 31, 67}, {2, 3, 1031}};
  if (kernel.problem == ProblemKind::samples) spec.samples = {1, 1000, 123457, 10'000'000};
  for (const ParamSpec& param : kernel.parameters)
    if (!param.verifyValues.empty()) spec.parameters[param.name] = param.verifyValues;
  spec.dtypes = kernel.dtypes;
  for (const VariantInfo& variant : kernel.variants) spec.variants.push_back(variant.name);
  spec.threads = {1, 2};
  return spec;
}

SweepSpec sweepOf(const std::vector<Point>& points, const KernelInfo& kernel) {
  const auto add = [](auto& values, const auto& value) {
    if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
  };
  const bool anyLocal = std::any_of(points.begin(), points.end(), [&](const Point& point) {
    const VariantInfo* variant = kernel.variant(point.variant);
    return !variant || !variant->distributed;
  });
  SweepSpec spec;
  spec.kernel = kernel.name;
  if (!points.empty()) spec.seed = points.front().params.seed;
  for (const Point& point : points) {
    const VariantInfo* variant = kernel.variant(point.variant);
    add(spec.variants, point.variant);
    if (variant && variant->usesThreads) add(spec.threads, point.threads);
    if (variant && variant->distributed) add(spec.ranks, point.ranks);
    if (anyLocal && variant && variant->distributed) continue;
    const Params& params = point.params;
    if (params.shape) add(spec.shapes, *params.shape);
    if (params.samples) add(spec.samples, *params.samples);
    if (!kernel.dtypes.empty()) add(spec.dtypes, params.dtype);
    for (const auto& [name, value] : params.kernelParams) add(spec.parameters[name], value);
  }
  return spec;
}

std::vector<Point> expandSweep(const SweepSpec& spec, const Registry& registry, int worldSize) {
  const KernelInfo& kernel = findKernel(spec, registry);
  const auto variants = selectVariants(spec, kernel);
  const auto threads = selectThreads(spec);
  const auto ranks = selectRanks(spec, worldSize);
  const auto dtypes = selectDTypes(spec, kernel);
  const auto sizes = crossOwnParameters(selectSizes(spec, kernel), spec, kernel);
  // Counted before any point is built: a sweep too large for one run is refused, not expanded.
  std::size_t perSize = 0;
  for (const VariantInfo* variant : variants)
    perSize +=
        (variant->usesThreads ? threads.size() : 1) * (variant->distributed ? ranks.size() : 1);
  if (auto problem = runSizeProblem(sizes.size() * dtypes.size() * perSize))
    throw SweepError(*problem);
  std::vector<Point> points;
  for (Params params : sizes) {
    for (DType dtype : dtypes) {
      params.dtype = dtype;
      if (auto problem = validateParams(kernel, params)) throw SweepError(*problem);
      describeFor(params, kernel);
      for (const VariantInfo* variant : variants) {
        const std::vector<int> variantRanks = variant->distributed ? ranks : std::vector<int>{1};
        for (int rankCount : variantRanks) {
          Params scaled = scaledFor(params, rankCount, spec.scaling, kernel);
          if (auto problem = validateParams(kernel, scaled)) throw SweepError(*problem);
          if (!variant->usesThreads) {
            points.push_back({kernel.name, variant->name, scaled, 1, rankCount});
            continue;
          }
          for (int count : threads)
            points.push_back({kernel.name, variant->name, scaled, count, rankCount});
        }
      }
    }
  }
  return points;
}

}  // namespace accellab

#include "system/systemview.h"

#include <QBrush>
#include <QColor>
#include <QHeaderView>
#include <QIcon>
#include <QStringList>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "accellab/cache_roofs.h"
#include "accellab/format.h"

namespace accellab::gui {

namespace {

QString text(const std::string& value) { return QString::fromStdString(value); }
QString bytes(std::uint64_t value) {
  return text(formatValue(static_cast<double>(value), ValueKind::bytes));
}

QString join(const std::vector<std::string>& items) {
  QStringList list;
  for (const auto& item : items) list << text(item);
  return list.join(QStringLiteral(", "));
}

const QColor kWarningText(0xb3, 0x5c, 0x00);
const QColor kDifference(0xff, 0xe8, 0xb0);

// Conditions first, as the thing to read before the numbers.
std::vector<SystemField> conditionFields(const std::vector<SystemCondition>& conditions) {
  std::vector<SystemField> fields;
  for (const SystemCondition& condition : conditions)
    fields.push_back(
        {SystemView::tr("Warning: %1").arg(text(condition.check)), text(condition.message)});
  return fields;
}

bool isWarning(const QString& name) { return name.startsWith(SystemView::tr("Warning: ")); }

}  // namespace

std::vector<SystemField> systemFields(const SystemInfo& s) {
  std::vector<SystemField> fields;
  const auto add = [&fields](const QString& name, const QString& value) {
    fields.push_back({name, value});
  };
  add(SystemView::tr("CPU"), text(s.cpuModel));
  add(SystemView::tr("Logical cores"), QString::number(s.logicalCores));
  add(SystemView::tr("CPU clock"),
      s.cpuMHz > 0 ? SystemView::tr("%1 MHz (as stated, not measured)").arg(s.cpuMHz)
                   : SystemView::tr("unknown"));
  add(SystemView::tr("Load average"),
      s.loadAverage.empty() ? SystemView::tr("unknown") : text(describeLoad(s.loadAverage)));
  std::vector<std::string> targets;
  for (const std::string& target : s.simdAvailable) targets.push_back(simdName(target));
  add(SystemView::tr("SIMD targets"), join(targets));
  add(SystemView::tr("SIMD selected"),
      s.simdSelected.empty() ? text(s.simdSelected)
                             : SystemView::tr("%1 (Highway target %2)")
                                   .arg(text(simdName(s.simdSelected)), text(s.simdSelected)));
  for (const CacheInfo& cache : s.caches)
    add(SystemView::tr("L%1 %2 cache").arg(cache.level).arg(text(cache.type)),
        cache.source == "CPUID" ? SystemView::tr("%1 (from CPUID: sysfs lists no caches here)")
                                      .arg(bytes(cache.sizeBytes))
                                : bytes(cache.sizeBytes));
  add(SystemView::tr("RAM"), SystemView::tr("%1 total, %2 available")
                                 .arg(bytes(s.totalRamBytes), bytes(s.availableRamBytes)));
  for (const GpuInfo& gpu : s.gpus) {
    const QString label = s.gpus.size() == 1 ? SystemView::tr("GPU")
                          : gpu.index == s.gpuDevice
                              ? SystemView::tr("GPU %1 (used)").arg(gpu.index)
                              : SystemView::tr("GPU %1").arg(gpu.index);
    add(label, SystemView::tr("%1, %2 SMs, %3, compute capability %4")
                   .arg(text(gpu.name))
                   .arg(gpu.smCount)
                   .arg(bytes(gpu.memoryBytes), text(gpu.computeCapability)));
    add(SystemView::tr("%1 copy ceiling").arg(label),
        gpu.copyCeilingBytesPerS > 0
            ? text(formatValue(gpu.copyCeilingBytesPerS, ValueKind::byteRate))
            : SystemView::tr("not measured"));
    add(SystemView::tr("%1 driver / runtime").arg(label),
        QStringLiteral("%1 / %2").arg(text(gpu.driverVersion), text(gpu.runtimeVersion)));
  }
  if (!selectedGpu(s))
    add(SystemView::tr("GPU"), SystemView::tr("none: %1").arg(text(s.gpuReason)));
  add(SystemView::tr("OS"), text(s.os));
  add(SystemView::tr("Kernel"), text(s.kernel));
  add(SystemView::tr("Compiler"), text(s.compiler));
  add(SystemView::tr("Compiler flags"), text(s.compilerFlags));
  add(SystemView::tr("Build type"), text(s.buildType));
  add(SystemView::tr("OpenMP"),
      s.openmpVersion.empty() ? SystemView::tr("not built") : text(s.openmpVersion));
  add(SystemView::tr("BLAS"),
      s.blasLibrary.empty()
          ? SystemView::tr("not built")
          : SystemView::tr("%1, core %2").arg(text(s.blasLibrary), text(s.blasCore)));
  add(SystemView::tr("Python"), s.python.empty() ? SystemView::tr("not asked") : text(s.python));
  add(SystemView::tr("Counters"),
      s.counters.empty() ? SystemView::tr("not asked") : text(s.counters));
  // A measured figure with how it was measured, or that it was not.
  const auto measured = [&](double value, ValueKind kind, const QString& pattern,
                            const std::string& method) {
    return value > 0 ? pattern.arg(text(formatValue(value, kind)), text(method))
                     : SystemView::tr("not measured");
  };
  add(SystemView::tr("Bandwidth ceiling"),
      measured(s.bandwidthCeilingBytesPerS, ValueKind::byteRate, SystemView::tr("%1 (%2)"),
               s.bandwidthMethod));
  if (!s.ceilingsBusy.empty()) add(SystemView::tr("Ceilings measured busy"), text(s.ceilingsBusy));
  add(SystemView::tr("Stores"),
      measured(static_cast<double>(s.streamingFromBytes), ValueKind::bytes,
               SystemView::tr("streaming from %1 touched (%2)"), s.streamingMethod));
  add(SystemView::tr("Splitting"),
      measured(static_cast<double>(s.splitFromBytes), ValueKind::bytes,
               SystemView::tr("2 threads from %1 touched (%2)"), s.splitMethod));
  QStringList ceilings;
  for (const ComputeCeiling& ceiling : s.computeCeilings) ceilings << text(describe(ceiling));
  add(SystemView::tr("Compute ceilings"),
      ceilings.isEmpty() ? SystemView::tr("not measured") : ceilings.join(QStringLiteral(", ")));
  QStringList cacheRoofs;
  for (const JudgedRoof& roof : judgeCacheRoofs(s)) cacheRoofs << text(describe(roof));
  add(SystemView::tr("Cache roofs"), cacheRoofs.isEmpty()
                                         ? SystemView::tr("not measured")
                                         : SystemView::tr("%1 (copy bandwidth within each level)")
                                               .arg(cacheRoofs.join(QStringLiteral(", "))));
  return fields;
}

std::vector<SystemField> mpiFields(const std::optional<MpiInfo>& mpi) {
  if (!mpi) return {};
  std::vector<SystemField> fields;
  fields.push_back({SystemView::tr("MPI library"), text(mpi->library)});
  fields.push_back({SystemView::tr("MPI launch"),
                    (mpi->scaling == Scaling::strong
                         ? SystemView::tr("%1 ranks on %2 nodes, strong scaling (fixed total "
                                          "problem)")
                         : SystemView::tr("%1 ranks on %2 nodes, weak scaling (fixed problem "
                                          "per rank)"))
                        .arg(mpi->worldSize)
                        .arg(mpi->nodes.size())});
  for (std::size_t i = 0; i < mpi->nodes.size(); ++i) {
    const SystemInfo& node = mpi->nodes[i];
    QStringList gpus;
    for (const GpuInfo& gpu : node.gpus) gpus << text(gpu.name);
    fields.push_back(
        {SystemView::tr("Node %1").arg(i + 1),
         SystemView::tr("%1: %2, %3 logical cores, %4 RAM, bandwidth ceiling %5, GPUs: %6")
             .arg(text(node.hostName), text(node.cpuModel))
             .arg(node.logicalCores)
             .arg(bytes(node.totalRamBytes),
                  node.bandwidthCeilingBytesPerS > 0
                      ? text(formatValue(node.bandwidthCeilingBytesPerS, ValueKind::byteRate))
                      : SystemView::tr("not measured"),
                  gpus.isEmpty() ? SystemView::tr("none") : gpus.join(QStringLiteral(", ")))});
  }
  return fields;
}

SystemView::SystemView(QWidget* parent) : QWidget(parent), tree_(new QTreeWidget(this)) {
  tree_->setObjectName(QStringLiteral("systemTree"));
  tree_->setRootIsDecorated(false);
  tree_->setAlternatingRowColors(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  showProbing();
}

void SystemView::showProbing() {
  setColumns({tr("Property"), tr("Value")});
  tree_->addTopLevelItem(new QTreeWidgetItem(
      QStringList{tr("Probe"), tr("Probing the machine and measuring memory bandwidth\u2026")}));
}

void SystemView::setSystem(const SystemInfo& system, const std::vector<SystemCondition>& conditions,
                           const std::optional<MpiInfo>& mpi) {
  setColumns({tr("Property"), tr("Value")});
  std::vector<SystemField> fields = conditionFields(conditions);
  for (SystemField& field : systemFields(system)) fields.push_back(std::move(field));
  for (SystemField& field : mpiFields(mpi)) fields.push_back(std::move(field));
  for (const SystemField& field : fields) {
    auto* item = new QTreeWidgetItem(QStringList{field.name, field.value});
    item->setToolTip(1, field.value);  // the whole of a long warning
    if (isWarning(field.name)) {
      item->setIcon(0, QIcon(QStringLiteral(":/icons/flag.svg")));
      item->setForeground(0, kWarningText);
      item->setForeground(1, kWarningText);
    }
    tree_->addTopLevelItem(item);
  }
}

void SystemView::setSystems(const QString& baseTitle, const Run& base, const QString& newTitle,
                            const Run& next) {
  setColumns({tr("Property"), baseTitle, newTitle});
  const auto fieldsOf = [](const Run& run) {
    std::vector<SystemField> fields = conditionFields(run.conditions);
    for (SystemField& field : systemFields(run.system)) fields.push_back(std::move(field));
    for (SystemField& field : mpiFields(run.mpi)) fields.push_back(std::move(field));
    return fields;
  };
  const std::vector<SystemField> baseFields = fieldsOf(base);
  const std::vector<SystemField> newFields = fieldsOf(next);
  // Lines by name, in the base's order, then the names only the new machine has.
  QStringList names;
  for (const auto* fields : {&baseFields, &newFields})
    for (const SystemField& field : *fields)
      if (!names.contains(field.name)) names << field.name;
  const auto valueIn = [](const std::vector<SystemField>& fields, const QString& name) {
    const auto found = std::find_if(fields.begin(), fields.end(),
                                    [&name](const SystemField& f) { return f.name == name; });
    return found == fields.end() ? QString() : found->value;
  };
  for (const QString& name : names) {
    const QString baseValue = valueIn(baseFields, name);
    const QString newValue = valueIn(newFields, name);
    auto* item = new QTreeWidgetItem(QStringList{name, baseValue, newValue});
    item->setToolTip(1, baseValue);
    item->setToolTip(2, newValue);
    if (isWarning(name)) {
      item->setIcon(0, QIcon(QStringLiteral(":/icons/flag.svg")));
      for (int c = 0; c < 3; ++c) item->setForeground(c, kWarningText);
    }
    if (baseValue != newValue) {
      item->setData(0, Qt::UserRole, true);
      for (int c = 0; c < 3; ++c) {
        item->setBackground(c, kDifference);
        // Dark text on the light highlight, whatever the palette's text colour.
        if (!isWarning(name)) item->setForeground(c, QColor(Qt::black));
      }
      item->setToolTip(0, tr("Differs between the two machines"));
    }
    tree_->addTopLevelItem(item);
  }
}

void SystemView::setColumns(const QStringList& headers) {
  tree_->clear();
  tree_->setColumnCount(static_cast<int>(headers.size()));
  tree_->setHeaderLabels(headers);
  // Names as wide as they are; the values share the rest, a long one elided (its tooltip
  // has it whole) rather than pushing the other machine out of view.
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  for (int c = 1; c < headers.size(); ++c)
    tree_->header()->setSectionResizeMode(c, QHeaderView::Stretch);
}

QStringList SystemView::differingFields() const {
  QStringList names;
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    const QTreeWidgetItem* item = tree_->topLevelItem(i);
    if (item->data(0, Qt::UserRole).toBool()) names << item->text(0);
  }
  return names;
}

}  // namespace accellab::gui

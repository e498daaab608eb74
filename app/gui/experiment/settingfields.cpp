#include "experiment/settingfields.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>
#include <QWidget>
#include <algorithm>
#include <climits>
#include <cmath>

namespace accellab::gui {
namespace {

// Shows its value in the fewest digits that say it ("5", "0.0001"), however many decimals
// it takes.
class ShortestSpinBox final : public QDoubleSpinBox {
 public:
  using QDoubleSpinBox::QDoubleSpinBox;
  QString textFromValue(double value) const override {
    return locale().toString(value, 'f', QLocale::FloatingPointShortest);
  }
};

// The table's texts are marked for lupdate in the context "RunSetting".
QString translated(std::string_view text) {
  if (text.empty()) return {};
  return QCoreApplication::translate("RunSetting", std::string(text).c_str());
}

// A share is typed and shown as a percentage.
double shownPerStored(const SettingDescription& setting) {
  return setting.unit == SettingUnit::share ? 100 : 1;
}

// Decimals enough for the range's smallest step: 0.0001 % of a share, 1 ms of seconds. A
// field where 0 means "decide for me" takes whole numbers, so that nothing can be typed
// between 0 and its minimum.
int decimalsOf(const SettingDescription& setting) {
  if (!setting.zeroMeans.empty()) return 0;
  switch (setting.unit) {
    case SettingUnit::share:
      return 4;
    case SettingUnit::seconds:
      return 3;
    case SettingUnit::factor:
      return 1;
    case SettingUnit::count:
      break;
  }
  return 0;
}

double stepOf(const SettingDescription& setting) {
  if (setting.unit == SettingUnit::share) return 0.5;
  if (setting.unit == SettingUnit::seconds && decimalsOf(setting) > 0) return 0.1;
  return 1;
}

QAbstractSpinBox* makeBox(const SettingDescription& setting, QWidget* parent) {
  const double scale = shownPerStored(setting);
  // 0 is a value of its own where it means "decide for me", shown as what it means.
  const double min = setting.zeroMeans.empty() ? setting.min * scale : 0;
  QAbstractSpinBox* box = nullptr;
  if (setting.unit == SettingUnit::count) {
    auto* spin = new QSpinBox(parent);
    spin->setRange(static_cast<int>(min), static_cast<int>(std::min<double>(setting.max, INT_MAX)));
    spin->setSuffix(translated(setting.suffix));
    box = spin;
  } else {
    auto* spin = new ShortestSpinBox(parent);
    spin->setDecimals(decimalsOf(setting));
    spin->setRange(min, setting.max * scale);
    spin->setSingleStep(stepOf(setting));
    spin->setSuffix(translated(setting.suffix));
    box = spin;
  }
  box->setSpecialValueText(translated(setting.zeroMeans));
  box->setObjectName(QString::fromUtf8(setting.key.data(), qsizetype(setting.key.size())));
  QString tip = translated(setting.help);
  if (!tip.isEmpty()) tip[0] = tip[0].toUpper();
  box->setToolTip(tip);
  return box;
}

QString settingsKey(const SettingDescription& setting) {
  return QStringLiteral("experiment/") +
         QString::fromUtf8(setting.key.data(), qsizetype(setting.key.size()));
}

// A setting's name as the window shows it: its translated label without the mnemonic and
// the colon ("Repetitions"), or its flag where the window has no field for it ("--max-time").
QString settingName(const SettingDescription& setting) {
  if (setting.label.empty())
    return QString::fromUtf8(setting.flag.data(), qsizetype(setting.flag.size()));
  QString name = translated(setting.label);
  name.remove(QLatin1Char('&'));
  while (name.endsWith(QLatin1Char(':')) || name.endsWith(QChar(0xff1a)))  // ':' and '：'
    name.chop(1);
  return name.trimmed();
}

}  // namespace

SettingFields::SettingFields(QWidget* parent) : QObject(parent) {
  const ExperimentSettings defaults;
  for (const SettingDescription& setting : settingDescriptions()) {
    if (setting.group == SettingGroup::none) continue;
    const Field field{&setting, makeBox(setting, parent)};
    setValue(field, setting.get(defaults));
    if (auto* spin = qobject_cast<QSpinBox*>(field.box))
      connect(spin, &QSpinBox::valueChanged, this, &SettingFields::changed);
    else
      connect(static_cast<QDoubleSpinBox*>(field.box), &QDoubleSpinBox::valueChanged, this,
              &SettingFields::changed);
    fields_.push_back(field);
  }
}

void SettingFields::addRows(SettingGroup group, QFormLayout* form) const {
  for (const Field& field : fields_)
    if (field.setting->group == group) form->addRow(translated(field.setting->label), field.box);
}

double SettingFields::valueOf(const Field& field) {
  if (const auto* spin = qobject_cast<const QSpinBox*>(field.box)) return spin->value();
  return static_cast<const QDoubleSpinBox*>(field.box)->value() / shownPerStored(*field.setting);
}

void SettingFields::setValue(const Field& field, double value) {
  if (auto* spin = qobject_cast<QSpinBox*>(field.box))
    spin->setValue(static_cast<int>(std::clamp<double>(value, INT_MIN, INT_MAX)));
  else
    static_cast<QDoubleSpinBox*>(field.box)->setValue(value * shownPerStored(*field.setting));
}

ExperimentSettings SettingFields::values() const {
  ExperimentSettings settings;
  for (const Field& field : fields_) field.setting->set(settings, valueOf(field));
  return settings;
}

QStringList SettingFields::show(const ExperimentSettings& settings) {
  QStringList lost;
  const auto text = [](const SettingDescription& setting, double value) {
    return QString::fromStdString(describeValue(setting, value));
  };
  for (const Field& field : fields_) {
    const double wanted = field.setting->get(settings);
    setValue(field, wanted);
    const double took = valueOf(field);
    if (std::abs(took - wanted) > 1e-9 * std::abs(wanted))
      lost << tr("%1 %2 cannot be entered in the panel; it took %3.")
                  .arg(settingName(*field.setting), text(*field.setting, wanted),
                       text(*field.setting, took));
  }
  const ExperimentSettings defaults;
  for (const SettingDescription& setting : settingDescriptions()) {
    if (setting.group != SettingGroup::none) continue;
    const double wanted = setting.get(settings);
    const double fallback = setting.get(defaults);
    if (wanted != fallback)
      lost << tr("%1 %2 came from the command line; the panel has no field for it and runs "
                 "with %3.")
                  .arg(settingName(setting), text(setting, wanted), text(setting, fallback));
  }
  return lost;
}

void SettingFields::save(QSettings& settings) const {
  for (const Field& field : fields_) settings.setValue(settingsKey(*field.setting), valueOf(field));
}

void SettingFields::load(const QSettings& settings) {
  for (const Field& field : fields_) {
    bool number = false;
    const double value = settings.value(settingsKey(*field.setting)).toDouble(&number);
    if (number && acceptsValue(*field.setting, value)) setValue(field, value);
  }
}

}  // namespace accellab::gui

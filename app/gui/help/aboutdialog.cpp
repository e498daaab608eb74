#include "help/aboutdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace accellab::gui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString onOff(bool on) {
  return on ? QCoreApplication::translate("AboutDialog", "on")
            : QCoreApplication::translate("AboutDialog", "off");
}
QString orUnknown(const std::string& text) {
  return text.empty() ? QCoreApplication::translate("AboutDialog", "unknown") : qs(text);
}

QString cudaText(const SystemInfo& machine, const std::string& toolkit) {
  if (toolkit.empty()) return QCoreApplication::translate("AboutDialog", "not built in");
  QString text = QCoreApplication::translate("AboutDialog", "toolkit %1").arg(qs(toolkit));
  if (const GpuInfo* gpu = selectedGpu(machine))
    return text + QCoreApplication::translate("AboutDialog", "; runtime %1, driver %2")
                      .arg(qs(gpu->runtimeVersion), qs(gpu->driverVersion));
  return text + QCoreApplication::translate("AboutDialog", "; %1").arg(qs(machine.gpuReason));
}

}  // namespace

std::vector<AboutFact> aboutFacts(const SystemInfo* machine,
                                  const kernels::LibraryVersions& libraries) {
  const QString probing =
      QCoreApplication::translate("AboutDialog", "known once the machine probe has finished");
  std::vector<AboutFact> facts{
      {QCoreApplication::translate("AboutDialog", "Version"), QStringLiteral(ACCELLAB_VERSION)},
      {QCoreApplication::translate("AboutDialog", "Qt"),
       QCoreApplication::translate("AboutDialog", "%1 (built with %2)")
           .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))},
      {QCoreApplication::translate("AboutDialog", "Compiler"),
       machine ? QCoreApplication::translate("AboutDialog", "%1, %2 build")
                     .arg(orUnknown(machine->compiler), orUnknown(machine->buildType))
               : probing},
      {QCoreApplication::translate("AboutDialog", "Highway"),
       libraries.highway.empty() ? QCoreApplication::translate("AboutDialog", "not built in")
       : machine ? QCoreApplication::translate("AboutDialog", "%1, dispatching to %2")
                       .arg(qs(libraries.highway), orUnknown(machine->simdSelected))
                 : qs(libraries.highway)},
      {QCoreApplication::translate("AboutDialog", "OpenMP"),
       !machine                         ? probing
       : machine->openmpVersion.empty() ? QCoreApplication::translate("AboutDialog", "not built in")
                                        : qs(machine->openmpVersion)},
      {QCoreApplication::translate("AboutDialog", "CUDA"),
       machine                         ? cudaText(*machine, libraries.cudaToolkit)
       : libraries.cudaToolkit.empty() ? QCoreApplication::translate("AboutDialog", "not built in")
                                       : QCoreApplication::translate("AboutDialog", "toolkit %1")
                                             .arg(qs(libraries.cudaToolkit))},
      {QCoreApplication::translate("AboutDialog", "Features"),
       QCoreApplication::translate("AboutDialog", "CUDA %1, Highway %2, OpenMP %3")
           .arg(onOff(!libraries.cudaToolkit.empty()), onOff(!libraries.highway.empty()),
                machine ? onOff(!machine->openmpVersion.empty()) : probing)},
  };
  return facts;
}

AboutDialog::AboutDialog(const std::vector<AboutFact>& facts, QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("aboutDialog"));
  setWindowTitle(QCoreApplication::translate("AboutDialog", "About AccelLab"));
  auto* icon = new QLabel(this);
  icon->setPixmap(QIcon(QStringLiteral(":/icons/accellab.svg")).pixmap(64, 64));
  auto* title = new QLabel(
      QCoreApplication::translate(
          "AboutDialog",
          "<h2>AccelLab %1</h2><p>Profiles compute kernels in their variants (scalar, SIMD, "
          "threads, GPU) and shows how far each is from the machine's limits.</p>")
          .arg(QStringLiteral(ACCELLAB_VERSION)),
      this);
  title->setWordWrap(true);
  auto* header = new QHBoxLayout;
  header->addWidget(icon, 0, Qt::AlignTop);
  header->addWidget(title, 1);

  auto* form = new QFormLayout;
  QStringList asText;
  for (const AboutFact& fact : facts) {
    auto* value = new QLabel(fact.value, this);
    value->setObjectName(QStringLiteral("fact-") + fact.label);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    form->addRow(QCoreApplication::translate("AboutDialog", "%1:").arg(fact.label), value);
    asText << fact.label + QStringLiteral(": ") + fact.value;
  }

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* copy = buttons->addButton(QCoreApplication::translate("AboutDialog", "&Copy"),
                                         QDialogButtonBox::ActionRole);
  copy->setToolTip(
      QCoreApplication::translate("AboutDialog", "Copy these facts, for a bug report"));
  connect(copy, &QPushButton::clicked, this,
          [text = asText.join(QLatin1Char('\n'))] { QApplication::clipboard()->setText(text); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(header);
  layout->addLayout(form);
  layout->addWidget(buttons);
}

}  // namespace accellab::gui

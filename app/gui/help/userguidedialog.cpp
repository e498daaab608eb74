#include "help/userguidedialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLocale>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <string>

#include "charts/chartset.h"

namespace accellab::gui {

QString userGuideResource(const QString& localeName) {
  const QString translated = QStringLiteral(":/help/guide_%1.html").arg(localeName);
  return QFile::exists(translated) ? translated : QStringLiteral(":/help/guide.html");
}

namespace {

QString html(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

}  // namespace

QString withEngineSections(QString guide, const Registry& registry) {
  QString kernels = QStringLiteral("<ul>\n");
  QString variants;
  for (const Kernel* kernel : registry.kernels()) {
    const KernelInfo& info = kernel->info();
    kernels += QStringLiteral("<li><b>%1</b> \u2014 %2. %3</li>\n")
                   .arg(html(info.name), html(info.description), html(info.intensityNote));
    // A kernel's variants apart: "loop" of add and of pi are written for each.
    variants += QStringLiteral("<p><b>%1</b></p>\n<table border=\"0\" cellpadding=\"3\">\n")
                    .arg(html(info.name));
    for (const VariantInfo& variant : info.variants) {
      QString text = html(variant.description);
      if (!variant.availability.available)
        text += QStringLiteral(" <i>(%1)</i>").arg(html(variant.availability.reason));
      variants +=
          QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>\n").arg(html(variant.name), text);
    }
    variants += QStringLiteral("</table>\n");
  }
  kernels += QStringLiteral("</ul>");
  guide.replace(
      QStringLiteral("<!--kernels: generated from the engine (help/userguidedialog.cpp)-->"),
      kernels);
  guide.replace(
      QStringLiteral("<!--variants: generated from the engine (help/userguidedialog.cpp)-->"),
      variants);
  // The charts as the window has them, in its tabs' order and words.
  QString charts = QStringLiteral("<ul>\n");
  for (const auto& chart : createCharts())
    charts += QStringLiteral("<li><b>%1</b> \u2014 %2</li>\n")
                  .arg(chart->tabTitle().toHtmlEscaped(), chart->guideText().toHtmlEscaped());
  charts += QStringLiteral("</ul>");
  guide.replace(
      QStringLiteral("<!--charts: generated from the charts (help/userguidedialog.cpp)-->"),
      charts);
  return guide;
}

UserGuideDialog::UserGuideDialog(const Registry& registry, QWidget* parent)
    : QDialog(parent), browser_(new QTextBrowser(this)) {
  setObjectName(QStringLiteral("userGuideDialog"));
  setWindowTitle(tr("AccelLab User Guide"));
  browser_->setObjectName(QStringLiteral("guide"));
  browser_->setOpenExternalLinks(true);
  QFile resource(userGuideResource(QLocale().name()));
  QString guide;
  if (resource.open(QIODevice::ReadOnly)) guide = QString::fromUtf8(resource.readAll());
  browser_->setHtml(withEngineSections(guide, registry));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(browser_);
  layout->addWidget(buttons);
  resize(720, 640);
}

}  // namespace accellab::gui

#include "engines/cudasourcedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStringDecoder>
#include <QTextBlock>
#include <QVBoxLayout>

#include "accellab/user_dirs.h"
#include "prompts.h"
#include "session/enginefiles.h"

namespace accellab::gui {
namespace {

// A kernel's starter, made from its signature ("template <typename T> __global__ void
// ENTRY(const T* in, ...): out[i] = in[i] + addend for i < n, one thread per element"): the
// launch's index, the bounds test and the operation the signature states.
QString starterFor(const SourceKernel& kernel, const QString& entry) {
  const QString signature = kernel.signature;
  const qsizetype colon = signature.indexOf(QStringLiteral("): "));
  if (colon < 0) return {};
  QString declaration = signature.left(colon + 1);
  declaration.replace(QStringLiteral("__global__"), QStringLiteral("\n__global__"));
  declaration.replace(QStringLiteral("ENTRY"), entry);
  const QString what = signature.mid(colon + 3);
  const QString operation = what.left(what.indexOf(QStringLiteral(" for i < n")));
  return QStringLiteral(
             "// %1 for AccelLab's %2 (docs/cuda-source.md): one thread per element, 256 per "
             "block.\n%3 {\n"
             "  const unsigned long long i =\n"
             "      blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;\n"
             "  if (i < n) %4;\n"
             "}\n")
      .arg(entry, kernel.name, declaration, operation);
}

// The user's data folder's (user_dirs.h): ~/.local/share/accellab/kernels.
QString kernelsFolder() { return QFile::decodeName((userDataDirectory() / "kernels").c_str()); }

}  // namespace

CudaSourceDialog::CudaSourceDialog(std::vector<SourceKernel> kernels, Prompts& prompts,
                                   QWidget* parent)
    : QDialog(parent),
      kernels_(std::move(kernels)),
      prompts_(prompts),
      kernel_(new QComboBox(this)),
      signature_(new QLabel(this)),
      entry_(new QLineEdit(this)),
      source_(new QPlainTextEdit(this)),
      fileLabel_(new QLabel(this)),
      log_(new QPlainTextEdit(this)),
      add_(new QPushButton(tr("&Compile and Add"), this)) {
  setWindowTitle(tr("GPU Kernel from Source"));
  const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  kernel_->setObjectName(QStringLiteral("sourceKernel"));
  for (const SourceKernel& kernel : kernels_) kernel_->addItem(kernel.name);
  signature_->setObjectName(QStringLiteral("sourceSignature"));
  signature_->setWordWrap(true);
  signature_->setFont(fixed);
  signature_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  entry_->setObjectName(QStringLiteral("sourceEntry"));
  entry_->setToolTip(
      tr("The __global__ function template AccelLab instantiates for f32 and f64; also the "
         "variant's name"));
  source_->setObjectName(QStringLiteral("sourceText"));
  source_->setFont(fixed);
  source_->setLineWrapMode(QPlainTextEdit::NoWrap);
  fileLabel_->setObjectName(QStringLiteral("sourceFile"));
  fileLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  log_->setObjectName(QStringLiteral("sourceLog"));
  log_->setReadOnly(true);
  log_->setFont(fixed);
  add_->setObjectName(QStringLiteral("sourceAdd"));
  add_->setDefault(true);
  add_->setShortcut(QKeySequence(tr("Ctrl+Return")));
  add_->setToolTip(
      tr("Save the source, compile it with NVRTC and add it to the kernel's variants "
         "(Ctrl+Return); tick it in the panel to run it beside gpu"));
  auto* open = new QPushButton(tr("&Open\u2026"), this);
  open->setObjectName(QStringLiteral("sourceOpen"));
  connect(open, &QPushButton::clicked, this, &CudaSourceDialog::openWithDialog);
  connect(add_, &QPushButton::clicked, this, &CudaSourceDialog::add);
  connect(kernel_, &QComboBox::currentIndexChanged, this, &CudaSourceDialog::kernelChosen);
  // The default file follows the entry's name until the user opens one.
  connect(entry_, &QLineEdit::textEdited, this, [this](const QString& entry) {
    if (file_.startsWith(kernelsFolder())) {
      file_ = kernelsFolder() + QLatin1Char('/') + entry + QStringLiteral(".cu");
      fileLabel_->setText(QDir::toNativeSeparators(file_));
    }
  });

  auto* form = new QFormLayout;
  form->addRow(tr("&Kernel:"), kernel_);
  form->addRow(tr("Signature:"), signature_);
  form->addRow(tr("&Entry:"), entry_);
  form->addRow(tr("File:"), fileLabel_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(open, QDialogButtonBox::ActionRole);
  buttons->addButton(add_, QDialogButtonBox::ApplyRole);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(source_, 3);
  layout->addWidget(log_, 1);
  layout->addWidget(buttons);
  resize(900, 640);
  kernelChosen();
}

void CudaSourceDialog::kernelChosen() {
  const int index = kernel_->currentIndex();
  if (index < 0 || index >= static_cast<int>(kernels_.size())) return;
  const SourceKernel& kernel = kernels_[static_cast<std::size_t>(index)];
  signature_->setText(kernel.signature);
  // Said before the first compile: a source compiles here whether or not it can run.
  log_->setPlaceholderText(
      kernel.cannotRun.isEmpty()
          ? tr("NVRTC's messages appear here.")
          : tr("NVRTC's messages appear here. A source compiles on this machine, but its "
               "variant cannot run here: %1.")
                .arg(kernel.cannotRun));
  // A starter the user has not changed follows the kernel; their own text stays.
  if (source_->toPlainText().isEmpty() || source_->toPlainText() == starter_) {
    notUtf8_ = false;
    source_->setReadOnly(false);
    const QString entry = QStringLiteral("my_") + kernel.name;
    entry_->setText(entry);
    file_ = kernelsFolder() + QLatin1Char('/') + entry + QStringLiteral(".cu");
    fileLabel_->setText(QDir::toNativeSeparators(file_));
    starter_ = starterFor(kernel, entry);
    source_->setPlainText(starter_);
  }
}

bool CudaSourceDialog::openFile(const QString& file) {
  QFile in(file);
  if (!in.open(QIODevice::ReadOnly)) {
    log_->setPlainText(
        tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(file), in.errorString()));
    return false;
  }
  QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
  const QString text = utf8.decode(in.readAll());
  notUtf8_ = utf8.hasError();
  source_->setPlainText(text);
  source_->setReadOnly(notUtf8_);
  starter_.clear();
  file_ = QFileInfo(file).absoluteFilePath();
  fileLabel_->setText(QDir::toNativeSeparators(file_));
  // The entry: the first __global__ template's name, which the user may change.
  static const QRegularExpression global(
      QStringLiteral(R"(__global__\s+void\s+([A-Za-z_][A-Za-z0-9_]*)\s*\()"));
  if (const auto match = global.match(source_->toPlainText()); match.hasMatch())
    entry_->setText(match.captured(1));
  log_->clear();
  if (notUtf8_)
    log_->setPlainText(
        tr("%1 is not UTF-8: it is shown read-only (each byte that is not UTF-8 as \ufffd), and "
           "Compile and Add compiles the file as it is on disk, without rewriting it. To edit it "
           "here, save it as UTF-8 in another editor and open it again.")
            .arg(QFileInfo(file_).fileName()));
  return true;
}

void CudaSourceDialog::openWithDialog() {
  const QString file = prompts_.openFileName(this, tr("Open CUDA Source"), QFileInfo(file_).path(),
                                             tr("CUDA sources (*.cu *.cuh);;All files (*)"));
  if (!file.isEmpty()) openFile(file);
}

bool CudaSourceDialog::save(QString& why) {
  QDir().mkpath(QFileInfo(file_).path());
  QSaveFile out(file_);
  if (!out.open(QIODevice::WriteOnly) || out.write(source_->toPlainText().toUtf8()) < 0 ||
      !out.commit()) {
    why = tr("Cannot save %1: %2").arg(QDir::toNativeSeparators(file_), out.errorString());
    return false;
  }
  return true;
}

void CudaSourceDialog::add() {
  QString why;
  // A file that is not UTF-8 is compiled as it is: saving the text shown would replace bytes.
  if (!notUtf8_ && !save(why)) {
    log_->setPlainText(why);
    return;
  }
  starter_.clear();  // saved: the user's now
  log_->setPlainText(tr("Compiling %1\u2026").arg(QFileInfo(file_).fileName()));
  emit addRequested({.kernel = kernel_->currentText().toStdString(),
                     .file = toFilePath(file_),
                     .entry = entry_->text().trimmed().toStdString()});
}

void CudaSourceDialog::setCompiling(bool compiling) { add_->setEnabled(!compiling); }

void CudaSourceDialog::compiled(const QString& how) {
  setCompiling(false);
  log_->setPlainText(how);
}

void CudaSourceDialog::refused(const QString& why) {
  setCompiling(false);
  // The engine's words name the command line's option; here the file is the dialog's.
  QString shown = why;
  if (shown.startsWith(QStringLiteral("--cuda-source "))) shown.remove(0, 14);
  log_->setPlainText(shown);
  showFirstError(shown);
}

void CudaSourceDialog::showFirstError(const QString& log) {
  const QString name = QRegularExpression::escape(QFileInfo(file_).fileName());
  const QRegularExpression line(name + QStringLiteral(R"(\((\d+)\): error)"));
  const auto match = line.match(log);
  if (!match.hasMatch()) return;
  const QTextBlock block = source_->document()->findBlockByNumber(match.captured(1).toInt() - 1);
  if (!block.isValid()) return;
  QTextCursor cursor(block);
  source_->setTextCursor(cursor);
  source_->centerCursor();
  source_->setFocus();
}

}  // namespace accellab::gui

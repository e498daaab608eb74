#include "i18n/translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

// The .qm files, embedded in the static library: a resource there needs initialising.
static void initTranslationResources() { Q_INIT_RESOURCE(accellab_translations); }

namespace accellab::gui {

namespace {

const QString kSourceLanguage = QStringLiteral("en");
const QString kLanguageKey = QStringLiteral("ui/language");
const QString kTranslationsDir = QStringLiteral(":/i18n");
const QString kCatalogue = QStringLiteral("accellab");
// Marks the translators this file installed, so that a second call replaces them.
const QString kTranslatorName = QStringLiteral("accellab-i18n-translator");

bool sameLanguage(const QLocale& wanted, const QLocale& offered) {
  // Chinese in traditional script is a different written language from zh_CN's.
  return wanted.language() == offered.language() && wanted.script() == offered.script();
}

void removeInstalledTranslators(QCoreApplication& app) {
  for (QTranslator* translator :
       app.findChildren<QTranslator*>(kTranslatorName, Qt::FindDirectChildrenOnly)) {
    QCoreApplication::removeTranslator(translator);
    delete translator;
  }
}

bool install(QCoreApplication& app, const QString& fileName, const QString& dir) {
  auto* translator = new QTranslator(&app);
  translator->setObjectName(kTranslatorName);
  if (!translator->load(fileName, dir) || !QCoreApplication::installTranslator(translator)) {
    delete translator;
    return false;
  }
  return true;
}

}  // namespace

QStringList availableLanguages() {
  initTranslationResources();
  QStringList languages{kSourceLanguage};
  const QString prefix = kCatalogue + QLatin1Char('_');
  for (const QString& file : QDir(kTranslationsDir).entryList({prefix + QStringLiteral("*.qm")}))
    languages << file.mid(prefix.size()).chopped(3);
  return languages;
}

QString savedLanguage() {
  return QSettings().value(kLanguageKey, QString::fromUtf16(kSystemLanguage)).toString();
}

void saveLanguage(const QString& language) { QSettings().setValue(kLanguageKey, language); }

QString requestedLanguage(const QStringList& arguments) {
  const QString option = QStringLiteral("--lang");
  for (qsizetype i = 1; i < arguments.size(); ++i) {
    if (arguments[i] == option && i + 1 < arguments.size()) return arguments[i + 1];
    if (arguments[i].startsWith(option + QLatin1Char('=')))
      return arguments[i].mid(option.size() + 1);
  }
  return savedLanguage();
}

QString resolvedLanguage(const QString& request, const QStringList& uiLanguages) {
  const QStringList available = availableLanguages();
  if (available.contains(request)) return request;
  for (const QString& wanted : uiLanguages) {
    const QLocale locale(wanted);
    for (const QString& language : available)
      if (sameLanguage(locale, QLocale(language))) return language;
  }
  return kSourceLanguage;
}

QString installTranslations(QCoreApplication& app, const QString& request) {
  removeInstalledTranslators(app);
  const QStringList available = availableLanguages();
  if (!request.isEmpty() && request != QString::fromUtf16(kSystemLanguage) &&
      !available.contains(request))
    qWarning("accellab: no %s translation (there are %s); following the system's language",
             qPrintable(request), qPrintable(available.join(QStringLiteral(", "))));
  const QString language = resolvedLanguage(request, QLocale::system().uiLanguages());
  if (language == kSourceLanguage) return language;
  if (!install(app, kCatalogue + QLatin1Char('_') + language, kTranslationsDir))
    return kSourceLanguage;
  // Optional: without the system's catalogue, Qt's buttons and dialogs stay in English.
  install(app, QStringLiteral("qtbase_") + language,
          QLibraryInfo::path(QLibraryInfo::TranslationsPath));
  return language;
}

}  // namespace accellab::gui

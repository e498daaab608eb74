// The user interface's language: AccelLab's own translations (embedded under :/i18n) and Qt's
// (the system's qtbase_*.qm), chosen from the system locale or overridden by the user.
#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace accellab::gui {

// What the user can ask for: the system's language, or one of availableLanguages().
inline constexpr char16_t kSystemLanguage[] = u"system";

// "en" (the source language) and every translation embedded in the program, e.g. "zh_CN".
QStringList availableLanguages();

// The language asked for in the settings (QSettings "ui/language"), kSystemLanguage when unset.
QString savedLanguage();
void saveLanguage(const QString& language);

// `--lang LANG` or `--lang=LANG` among the arguments, else savedLanguage(). Read before the
// command line is parsed, so that even --help speaks the language.
QString requestedLanguage(const QStringList& arguments);

// The language to show for a request (kSystemLanguage, "en", "zh_CN", ...) given the system's
// preferred languages (QLocale::uiLanguages(), e.g. "zh-Hans-CN"): an available language,
// else "en". An unknown request falls back to the system's languages.
QString resolvedLanguage(const QString& request, const QStringList& uiLanguages);

// Installs the translators of resolvedLanguage(request, the system's ui languages) on `app`,
// replacing those a previous call installed, and returns the language shown. Qt's own
// strings (standard buttons, file dialogs) are translated when the system has Qt's catalogue.
// An unknown request is warned about on stderr.
QString installTranslations(QCoreApplication& app, const QString& request);

}  // namespace accellab::gui

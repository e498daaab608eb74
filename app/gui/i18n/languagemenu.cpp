#include "i18n/languagemenu.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>

#include "i18n/translations.h"

namespace accellab::gui {

namespace {

// Each language in itself, so that a user lost in a foreign interface finds their own.
QString nativeName(const QString& language) {
  if (language == QString::fromUtf16(kSystemLanguage))
    return QCoreApplication::translate("LanguageMenu", "System Language");
  if (language == QLatin1String("en")) return QStringLiteral("English");
  if (language == QLatin1String("zh_CN")) return QStringLiteral("\u7b80\u4f53\u4e2d\u6587");
  return QLocale(language).nativeLanguageName();
}

}  // namespace

QMenu* makeLanguageMenu(QWidget* parent) {
  auto* menu = new QMenu(QCoreApplication::translate("LanguageMenu", "&Language"), parent);
  menu->setObjectName(QStringLiteral("languageMenu"));
  auto* group = new QActionGroup(menu);
  const QString saved = savedLanguage();
  for (const QString& language :
       QStringList{QString::fromUtf16(kSystemLanguage)} + availableLanguages()) {
    QAction* action = menu->addAction(nativeName(language));
    action->setObjectName(QStringLiteral("language-") + language);
    action->setCheckable(true);
    action->setChecked(language == saved);
    group->addAction(action);
    QObject::connect(action, &QAction::triggered, menu, [parent, language] {
      if (language == savedLanguage()) return;
      saveLanguage(language);
      // Not modal: the choice is made, the message only informs.
      auto* box = new QMessageBox(
          QMessageBox::Information, QCoreApplication::translate("LanguageMenu", "Language"),
          QCoreApplication::translate("LanguageMenu", "AccelLab will use %1 from its next start.")
              .arg(nativeName(language)),
          QMessageBox::Ok, parent);
      box->setObjectName(QStringLiteral("languageChangedMessage"));
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    });
  }
  return menu;
}

}  // namespace accellab::gui

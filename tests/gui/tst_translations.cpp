// The Chinese user interface: the translation is complete and keeps every placeholder and
// accelerator (checked on the .ts file merged with today's sources, so a new string without
// its translation fails here), the language follows the request and the system's languages,
// and real widgets show Chinese, Qt's own buttons included, or English when asked.
#include <QAction>
#include <QBuffer>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QXmlStreamReader>
#include <QtTest>
#include <memory>
#include <set>

#include "accellab/compare_report.h"
#include "accellab/kernels/builtin.h"
#include "accellab/report.h"
#include "i18n/columnheaders.h"
#include "i18n/languagemenu.h"
#include "i18n/translations.h"
#include "mainwindow.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

const QString kChinese = QStringLiteral("zh_CN");
const QString kEnglish = QStringLiteral("en");
const QString kSystem = QString::fromUtf16(kSystemLanguage);

// What a translation must carry over from its source, each as often: %1…%99, %L1, %n, %Ln,
// the window-modified mark [*], and an accelerator & (not && or an entity such as &amp;).
QStringList markers(const QString& text) {
  static const QRegularExpression marker(
      QStringLiteral(R"(%L?(?:[1-9][0-9]?|n)|\[\*\]|&&|&(?:[a-zA-Z]+|#[0-9]+);|&)"));
  QStringList found;
  for (auto it = marker.globalMatch(text); it.hasNext();) {
    const QString token = it.next().captured();
    if (token == QLatin1String("&&") || (token.startsWith(u'&') && token.endsWith(u';'))) continue;
    found << token;
  }
  found.sort();
  return found;
}

struct Message {
  QString context;
  QString source;
  QString type;              // "", "unfinished", "vanished", "obsolete"
  QStringList translations;  // one, or one per plural form
  bool numerus = false;
};

// The messages of a .ts file, plural ones with a translation per form.
std::vector<Message> readAllMessages(QIODevice& device, QString& error) {
  std::vector<Message> messages;
  QXmlStreamReader xml(&device);
  QString context;
  Message message;
  while (xml.readNext() != QXmlStreamReader::Invalid && !xml.atEnd()) {
    const auto name = xml.name();
    if (xml.isStartElement()) {
      if (name == QLatin1String("name")) {
        context = xml.readElementText();
      } else if (name == QLatin1String("message")) {
        message = Message{};
        message.context = context;
        message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
      } else if (name == QLatin1String("source")) {
        message.source = xml.readElementText();
      } else if (name == QLatin1String("translation")) {
        message.type = xml.attributes().value(QLatin1String("type")).toString();
        if (!message.numerus) message.translations << xml.readElementText();
      } else if (name == QLatin1String("numerusform")) {
        message.translations << xml.readElementText();
      }
    } else if (xml.isEndElement() && name == QLatin1String("message")) {
      messages.push_back(message);
    }
  }
  if (xml.hasError()) error = xml.errorString();
  return messages;
}

// Every message the sources use that is not translated, or whose translation loses or adds a
// placeholder or an accelerator; one line each.
QStringList problemsIn(QIODevice& ts) {
  QString error;
  const std::vector<Message> messages = readAllMessages(ts, error);
  if (!error.isEmpty()) return {QStringLiteral("unreadable .ts file: ") + error};
  QStringList problems;
  for (const Message& m : messages) {
    if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete")) continue;
    const QString where = QStringLiteral("%1: \"%2\"").arg(m.context, m.source);
    if (m.type == QLatin1String("unfinished")) {
      problems << where + QStringLiteral(" is not translated");
      continue;
    }
    if (m.translations.isEmpty()) problems << where + QStringLiteral(" has no translation");
    for (const QString& translation : m.translations) {
      if (translation.trimmed().isEmpty()) {
        problems << where + QStringLiteral(" has an empty translation");
      } else if (markers(translation) != markers(m.source)) {
        problems << where + QStringLiteral(" → \"%1\" has {%2}, the source {%3}")
                                .arg(translation, markers(translation).join(u' '),
                                     markers(m.source).join(u' '));
      }
    }
  }
  return problems;
}

QStringList problemsIn(const QString& tsText) {
  QByteArray bytes = tsText.toUtf8();
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::ReadOnly);
  return problemsIn(buffer);
}

QString tsWith(const QString& messages) {
  return QStringLiteral(
             "<?xml version=\"1.0\" encoding=\"utf-8\"?><!DOCTYPE TS>"
             "<TS version=\"2.1\" language=\"zh_CN\"><context><name>Ctx</name>%1</context></TS>")
      .arg(messages);
}

QString menuTitle(MainWindow& window, int index) {
  return window.menuBar()->actions().value(index)->text();
}

QString cancelButtonText() {
  QDialogButtonBox box(QDialogButtonBox::Cancel);
  return box.button(QDialogButtonBox::Cancel)->text();
}

}  // namespace

class TestTranslations : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // settings in a test folder, not the user's
    englishCancel_ = cancelButtonText();
  }
  void cleanup() { installTranslations(*QCoreApplication::instance(), kEnglish); }

  // The checker itself: each row is a .ts it must accept or refuse.
  void checkerFindsProblems_data() {
    QTest::addColumn<QString>("messages");
    QTest::addColumn<bool>("problem");
    const auto row = [](const char* name, const char* source, const char* translation,
                        bool problem) {
      QTest::newRow(name) << QStringLiteral("<message><source>%1</source>%2</message>")
                                 .arg(QString::fromUtf8(source), QString::fromUtf8(translation))
                          << problem;
    };
    row("complete", "&amp;Run %1", "<translation>运行 %1(&amp;R)</translation>", false);
    row("lost placeholder", "Run %1 of %2", "<translation>运行 %1</translation>", true);
    row("added placeholder", "Run %1", "<translation>运行 %1 %2</translation>", true);
    row("swapped order is fine", "%1 of %2", "<translation>%2 中的 %1</translation>", false);
    row("lost accelerator", "&amp;File", "<translation>文件</translation>", true);
    row("added accelerator", "File", "<translation>文件(&amp;F)</translation>", true);
    row("escaped ampersand", "A &amp;&amp; B", "<translation>A 和 B</translation>", false);
    row("lost %L1", "%L1 bytes", "<translation>%1 字节</translation>", true);
    row("lost [*]", "%1[*] - AccelLab", "<translation>%1 - AccelLab</translation>", true);
    row("unfinished", "Open", "<translation type=\"unfinished\">打开</translation>", true);
    row("empty", "Open", "<translation></translation>", true);
    row("vanished is ignored", "Gone", "<translation type=\"vanished\"></translation>", false);
    QTest::newRow("numerus complete")
        << QStringLiteral(
               "<message numerus=\"yes\"><source>%n point(s)</source><translation>"
               "<numerusform>%n 个测量点</numerusform></translation></message>")
        << false;
    QTest::newRow("numerus lost %n")
        << QStringLiteral(
               "<message numerus=\"yes\"><source>%n point(s)</source><translation>"
               "<numerusform>测量点</numerusform></translation></message>")
        << true;
  }

  void checkerFindsProblems() {
    QFETCH(QString, messages);
    QFETCH(bool, problem);
    const QStringList problems = problemsIn(tsWith(messages));
    QVERIFY2(problems.isEmpty() != problem, qPrintable(problems.join(u'\n')));
  }

  // The committed translation merged with the sources as they are (lupdate, at build time).
  void everyMessageIsTranslated() {
    QFile ts(QStringLiteral(ACCELLAB_CURRENT_TS));
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.fileName()));
    const QStringList problems = problemsIn(ts);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 problem(s) in %2 (after `cmake --build BUILD --target "
                                       "update_translations`, translate them):\n%3")
                            .arg(problems.size())
                            .arg(ts.fileName(), problems.join(u'\n'))));
  }

  // lupdate files a tr() outside a QObject class (a local tr() helper, a free function) under
  // a context the program never asks for: such a string would stay English whatever the .ts.
  void lupdatePlacesEveryString() {
    QFile warnings(QStringLiteral(ACCELLAB_LUPDATE_WARNINGS));
    QVERIFY2(warnings.open(QIODevice::ReadOnly), qPrintable(warnings.fileName()));
    const QString text = QString::fromLocal8Bit(warnings.readAll()).trimmed();
    QVERIFY2(text.isEmpty(),
             qPrintable(QStringLiteral("lupdate's warnings (outside QObject classes use "
                                       "QCoreApplication::translate(\"Context\", \"text\")):\n") +
                        text));
  }

  // The engine's column headers are translated from a list in the GUI: it must know them all.
  void everyColumnHeaderIsListed() {
    QFile ts(QStringLiteral(ACCELLAB_CURRENT_TS));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QString error;
    std::set<QString> listed;
    for (const Message& m : readAllMessages(ts, error))
      if (m.context == QLatin1String("ColumnHeader") && m.type.isEmpty()) listed.insert(m.source);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList missing;
    const auto check = [&](std::string_view header) {
      const QString text = QString::fromUtf8(header.data(), static_cast<qsizetype>(header.size()));
      if (!listed.contains(text)) missing << text;
    };
    for (const ReportColumn& column : reportColumns()) check(column.header);
    for (const ComparisonColumn& column : comparisonColumns()) check(column.header);
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("add to app/gui/i18n/columnheaders.cpp: ") +
                        missing.join(QStringLiteral(", "))));
  }

  void languageFollowsRequestAndSystem_data() {
    QTest::addColumn<QString>("request");
    QTest::addColumn<QStringList>("uiLanguages");
    QTest::addColumn<QString>("expected");
    const QStringList chinese{QStringLiteral("zh-Hans-CN"), QStringLiteral("zh-CN"),
                              QStringLiteral("zh")};
    const QStringList english{QStringLiteral("en-US"), QStringLiteral("en")};
    QTest::newRow("system Chinese") << kSystem << chinese << kChinese;
    QTest::newRow("system English") << kSystem << english << kEnglish;
    QTest::newRow("system Singapore Chinese")
        << kSystem << QStringList{QStringLiteral("zh-SG")} << kChinese;
    // Traditional Chinese readers get English rather than the other script.
    QTest::newRow("system Taiwan") << kSystem << QStringList{QStringLiteral("zh-TW")} << kEnglish;
    QTest::newRow("system German, then Chinese")
        << kSystem << QStringList{QStringLiteral("de-DE"), QStringLiteral("zh-CN")} << kChinese;
    QTest::newRow("system English, then Chinese")
        << kSystem << QStringList{QStringLiteral("en-GB"), QStringLiteral("zh-CN")} << kEnglish;
    QTest::newRow("system C") << kSystem << QStringList{QStringLiteral("C")} << kEnglish;
    QTest::newRow("empty request is the system") << QString() << chinese << kChinese;
    QTest::newRow("English on a Chinese system") << kEnglish << chinese << kEnglish;
    QTest::newRow("Chinese on an English system") << kChinese << english << kChinese;
    QTest::newRow("unknown request is the system")
        << QStringLiteral("xx_YY") << chinese << kChinese;
  }

  void languageFollowsRequestAndSystem() {
    QFETCH(QString, request);
    QFETCH(QStringList, uiLanguages);
    QFETCH(QString, expected);
    QCOMPARE(resolvedLanguage(request, uiLanguages), expected);
  }

  void availableLanguagesAreEmbedded() {
    QCOMPARE(availableLanguages(), (QStringList{kEnglish, kChinese}));
  }

  void commandLineOverridesTheSetting_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--lang X") << QStringList{QStringLiteral("accellab"), QStringLiteral("--lang"),
                                             kChinese}
                              << kChinese;
    QTest::newRow("--lang=X") << QStringList{QStringLiteral("accellab"),
                                             QStringLiteral("--lang=en"), QStringLiteral("s.json")}
                              << kEnglish;
    QTest::newRow("the setting") << QStringList{QStringLiteral("accellab"),
                                                QStringLiteral("s.json")}
                                 << kChinese;
  }

  void commandLineOverridesTheSetting() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    saveLanguage(kChinese);
    QCOMPARE(savedLanguage(), kChinese);
    QCOMPARE(requestedLanguage(arguments), expected);
    saveLanguage(kSystem);
    QCOMPARE(savedLanguage(), kSystem);
  }

  // View ▸ Language: each language named in itself; a choice is saved and announced.
  void languageMenuSavesTheChoice() {
    saveLanguage(kSystem);
    QWidget parent;
    QMenu* menu = makeLanguageMenu(&parent);
    QStringList names;
    for (const QAction* action : menu->actions()) names << action->text();
    QCOMPARE(names, (QStringList{QStringLiteral("System Language"), QStringLiteral("English"),
                                 QStringLiteral("简体中文")}));
    auto* system = menu->findChild<QAction*>(QStringLiteral("language-system"));
    auto* chinese = menu->findChild<QAction*>(QStringLiteral("language-zh_CN"));
    QVERIFY(system && chinese);
    QVERIFY(system->isChecked());
    chinese->trigger();
    QCOMPARE(savedLanguage(), kChinese);
    QVERIFY(chinese->isChecked() && !system->isChecked());
    auto* message = parent.findChild<QMessageBox*>(QStringLiteral("languageChangedMessage"));
    QVERIFY(message);
    QVERIFY2(message->text().contains(QStringLiteral("简体中文")), qPrintable(message->text()));
    message->close();
    saveLanguage(kSystem);
  }

  // The window built after installTranslations("zh_CN") speaks Chinese, Qt's buttons too.
  void chineseWindow() {
    QCOMPARE(installTranslations(*QCoreApplication::instance(), kChinese), kChinese);
    auto window = makeWindow();
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 20000);
    QCOMPARE(menuTitle(*window, 0), QStringLiteral("文件(&F)"));
    QCOMPARE(window->findChild<QAction*>(QStringLiteral("runAction"))->text(),
             QStringLiteral("运行(&R)"));
    const QString machine = window->findChild<QLabel*>(QStringLiteral("machineStatus"))->text();
    QVERIFY2(machine.startsWith(QStringLiteral("已探测本机")), qPrintable(machine));
    QCOMPARE(translatedHeader("median"), QStringLiteral("中位数"));
    QVERIFY2(cancelButtonText() == QStringLiteral("取消"),
             qPrintable(
                 QStringLiteral("Qt's own catalogue qtbase_zh_CN.qm is missing from %1 "
                                "(Debian: qt6-translations-l10n); the button reads %2")
                     .arg(QLibraryInfo::path(QLibraryInfo::TranslationsPath), cancelButtonText())));
  }

  // A language AccelLab lacks (a typo after --lang) is said, and the system's is followed.
  void unknownLanguageIsWarnedAbout() {
    QTest::ignoreMessage(QtWarningMsg,
                         "accellab: no xx_YY translation (there are en, zh_CN); following the "
                         "system's language");
    QCOMPARE(installTranslations(*QCoreApplication::instance(), QStringLiteral("xx_YY")),
             resolvedLanguage(kSystem, QLocale::system().uiLanguages()));
  }

  // "en" after "zh_CN" removes the Chinese translators: English again.
  void englishWindow() {
    installTranslations(*QCoreApplication::instance(), kChinese);
    QCOMPARE(installTranslations(*QCoreApplication::instance(), kEnglish), kEnglish);
    auto window = makeWindow();
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 20000);
    QCOMPARE(menuTitle(*window, 0), QStringLiteral("&File"));
    QCOMPARE(window->findChild<QAction*>(QStringLiteral("runAction"))->text(),
             QStringLiteral("&Run"));
    QCOMPARE(translatedHeader("median"), QStringLiteral("median"));
    QCOMPARE(cancelButtonText(), englishCancel_);
  }

 private:
  static std::unique_ptr<MainWindow> makeWindow() {
    auto window = std::make_unique<MainWindow>(
        kernels::makeBuiltinEngine,
        MainWindowOptions{.measureBandwidth = false, .useSettings = false, .autosavePath = {}});
    window->show();
    return window;
  }

  QString englishCancel_;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"

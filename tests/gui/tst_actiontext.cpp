// An action's text without its mnemonic, in English and in the Chinese convention.
#include <QTest>

#include "actiontext.h"

using accellab::gui::withoutMnemonic;

class TestActionText : public QObject {
  Q_OBJECT

 private slots:
  void removesTheMnemonic_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("plain");
    QTest::newRow("english") << QStringLiteral("&Run") << QStringLiteral("Run");
    QTest::newRow("inside a word")
        << QStringLiteral("Re-&measure Machine") << QStringLiteral("Re-measure Machine");
    QTest::newRow("chinese") << QStringLiteral("运行(&R)") << QStringLiteral("运行");
    QTest::newRow("chinese with ellipsis")
        << QStringLiteral("打开(&O)\u2026") << QStringLiteral("打开\u2026");
    QTest::newRow("literal ampersand")
        << QStringLiteral("Save && &Quit") << QStringLiteral("Save & Quit");
    QTest::newRow("parenthesis that is no mnemonic")
        << QStringLiteral("Threads (N)") << QStringLiteral("Threads (N)");
    QTest::newRow("none") << QStringLiteral("Cancel") << QStringLiteral("Cancel");
  }
  void removesTheMnemonic() {
    QFETCH(QString, text);
    QFETCH(QString, plain);
    QCOMPARE(withoutMnemonic(text), plain);
  }
};

QTEST_APPLESS_MAIN(TestActionText)
#include "tst_actiontext.moc"

// Text from files as every printer writes it: controls, separators and bidirectional
// formatting escaped, anything else kept.
#include <QtTest>

#include "accellab/printable.h"

class TestPrintable : public QObject {
  Q_OBJECT

 private slots:
  void printable_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    const auto row = [](const char* name, std::string_view text, const char* expected) {
      QTest::newRow(name) << QByteArray(text.data(), static_cast<qsizetype>(text.size()))
                          << QByteArray(expected);
    };
    row("plain", "add 64x64x64 f64", "add 64x64x64 f64");
    row("empty", "", "");
    row("backslash kept", "C:\\runs\\a.json", "C:\\runs\\a.json");
    row("clear screen", "a\x1b[2Jb", "a\\x1B[2Jb");
    row("window title", "\x1b]0;owned\x07", "\\x1B]0;owned\\x07");
    row("line breaks", "one\r\ntwo\nthree\rfour", "one\\r\\ntwo\\nthree\\rfour");
    row("tab", "a\tb", "a\\tb");
    row("nul", std::string_view("a\0b", 3), "a\\x00b");
    row("del", "a\x7f", "a\\x7F");
    row("unit separator", "\x1f", "\\x1F");
    row("utf-8 kept", "\u00b5s \u00b1 \u00d7 \u65e5\u672c \U0001F680",
        "\u00b5s \u00b1 \u00d7 \u65e5\u672c \U0001F680");
    row("C1 CSI",
        "\xc2\x9b"
        "2J",
        "\\u009B2J");
    row("C1 NEL",
        "a\xc2\x85"
        "b",
        "a\\u0085b");
    row("no-break space kept", "\xc2\xa0", "\xc2\xa0");
    row("line separator", "a\u2028b\u2029", "a\\u2028b\\u2029");
    row("right-to-left override", "abc\u202edef", "abc\\u202Edef");
    row("isolates and marks", "\u2066\u2069\u200e\u200f\u061c",
        "\\u2066\\u2069\\u200E\\u200F\\u061C");
    row("raw C1 byte",
        "\x9b"
        "2J",
        "\\x9B2J");
    row("invalid byte", "a\xff", "a\\xFF");
    row("truncated sequence", "a\xe2\x82", "a\\xE2\\x82");
    row("overlong slash", "\xc0\xaf", "\\xC0\\xAF");
    row("overlong three bytes", "\xe0\x80\xaf", "\\xE0\\x80\\xAF");
    row("surrogate", "\xed\xa0\x80", "\\xED\\xA0\\x80");
    row("past U+10FFFF", "\xf4\x90\x80\x80", "\\xF4\\x90\\x80\\x80");
    row("lone continuation then text",
        "\x80"
        "a",
        "\\x80a");
  }
  void printable() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string printed = accellab::printable(text.toStdString());
    QCOMPARE(QByteArray::fromStdString(printed), expected);
  }
};

QTEST_APPLESS_MAIN(TestPrintable)
#include "tst_printable.moc"

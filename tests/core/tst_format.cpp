// One formatting of values by kind.
#include <QtTest>

#include "accellab/format.h"

using accellab::ValueKind;
Q_DECLARE_METATYPE(ValueKind)

class TestFormat : public QObject {
  Q_OBJECT

 private slots:
  void formatValue_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<ValueKind>("kind");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, double value, ValueKind kind, const char* expected) {
      QTest::newRow(name) << value << kind << QString::fromUtf8(expected);
    };
    row("duration ns", 812e-9, ValueKind::duration, "812 ns");
    row("duration sub-ns", 0.5e-9, ValueKind::duration, "0.50 ns");
    row("duration µs", 4.5e-6, ValueKind::duration, "4.50 µs");
    row("duration ms", 1.234e-3, ValueKind::duration, "1.23 ms");
    row("duration s", 4.56, ValueKind::duration, "4.56 s");
    row("duration long", 1234.4, ValueKind::duration, "1234 s");
    row("duration rounds up a unit", 999.7e-9, ValueKind::duration, "1.00 µs");
    row("duration 12.3 ms", 12.34e-3, ValueKind::duration, "12.3 ms");
    row("duration zero", 0, ValueKind::duration, "0 s");
    row("duration negative", -2e-3, ValueKind::duration, "-2.00 ms");
    row("duration nan", std::nan(""), ValueKind::duration, "n/a");
    row("rate G", 1.234e9, ValueKind::rate, "1.23 G/s");
    row("rate small", 512, ValueKind::rate, "512 /s");
    row("rate k", 12345, ValueKind::rate, "12.3 k/s");
    row("byte rate", 12.34e9, ValueKind::byteRate, "12.3 GB/s");
    row("byte rate M", 999e6, ValueKind::byteRate, "999 MB/s");
    row("bytes GiB", 8.0 * (1ull << 30), ValueKind::bytes, "8.00 GiB");
    row("bytes small", 512, ValueKind::bytes, "512 B");
    row("bytes KiB", 1536, ValueKind::bytes, "1.50 KiB");
    row("bytes just under MiB", 1000.0 * 1024, ValueKind::bytes, "0.98 MiB");
    row("percentage", 0.9123, ValueKind::percentage, "91.2 %");
    row("percentage over", 1.05, ValueKind::percentage, "105.0 %");
    row("ratio", 12.34, ValueKind::ratio, "12.3x");
    row("ratio small", 0.5, ValueKind::ratio, "0.50x");
    row("ratio huge", 2345.6, ValueKind::ratio, "2346x");
    row("count round", 1e10, ValueKind::count, "1e10");
    row("count 3e7", 3e7, ValueKind::count, "3e7");
    row("count two digits", 2.5e7, ValueKind::count, "2.5e7");
    row("count grouped", 1234567, ValueKind::count, "1,234,567");
    row("count small round", 1000, ValueKind::count, "1,000");
    row("count tiny", 7, ValueKind::count, "7");
    row("count infinite", INFINITY, ValueKind::count, "n/a");
    row("probability", 0.04994, ValueKind::probability, "0.0499");
    row("probability one", 1, ValueKind::probability, "1");
    row("probability tiny", 1.234e-7, ValueKind::probability, "1.23e-07");
  }
  void formatValue() {
    QFETCH(double, value);
    QFETCH(ValueKind, kind);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(accellab::formatValue(value, kind)), expected);
  }

  void formatCountExact() {
    QCOMPARE(accellab::formatCount(9223372036854775807ull),
             std::string("9,223,372,036,854,775,807"));
    QCOMPARE(accellab::formatCount(10000000000000000000ull), std::string("1e19"));
    QCOMPARE(accellab::formatCount(10000), std::string("1e4"));
    QCOMPARE(accellab::formatCount(10001), std::string("10,001"));
    QCOMPARE(accellab::formatCount(0), std::string("0"));
  }
};

QTEST_APPLESS_MAIN(TestFormat)
#include "tst_format.moc"

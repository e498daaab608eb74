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
    row("flop rate G", 12.34e9, ValueKind::flopRate, "12.3 GFLOP/s");
    row("flop rate small", 512, ValueKind::flopRate, "512 FLOP/s");
    row("flop rate T", 1.5e12, ValueKind::flopRate, "1.50 TFLOP/s");
    row("flop rate 1e300", 1e300, ValueKind::flopRate, "1.00e300 FLOP/s");
    row("intensity below 1", 0.0625, ValueKind::intensity, "0.0625 FLOP/B");
    row("intensity an eighth", 0.125, ValueKind::intensity, "0.125 FLOP/B");
    row("intensity", 12.34, ValueKind::intensity, "12.3 FLOP/B");
    row("intensity large", 1234.4, ValueKind::intensity, "1234 FLOP/B");
    row("intensity tiny", 0.001, ValueKind::intensity, "1.00e-3 FLOP/B");
    row("percentage", 0.9123, ValueKind::percentage, "91.2 %");
    row("percentage over", 1.05, ValueKind::percentage, "105.0 %");
    row("ratio", 12.34, ValueKind::ratio, "12.3x");
    row("ratio small", 0.5, ValueKind::ratio, "0.50x");
    // Small speedups alike, three significant digits: never "0.01x" beside "2.31e-3x".
    row("ratio a hundredth", 0.0123, ValueKind::ratio, "0.0123x");
    row("ratio a thousandth", 0.00231, ValueKind::ratio, "0.00231x");
    row("ratio below a ten-thousandth", 2.31e-5, ValueKind::ratio, "2.31e-5x");
    row("ratio huge", 2345.6, ValueKind::ratio, "2346x");
    row("count round", 1e10, ValueKind::count, "1e10");
    row("count 3e7", 3e7, ValueKind::count, "3e7");
    row("count two digits", 2.5e7, ValueKind::count, "2.5e7");
    row("count grouped", 1234567, ValueKind::count, "1,234,567");
    row("count small round", 1000, ValueKind::count, "1,000");
    row("count tiny", 7, ValueKind::count, "7");
    row("count infinite", INFINITY, ValueKind::count, "inf");
    row("probability", 0.04994, ValueKind::probability, "0.0499");
    row("probability one", 1, ValueKind::probability, "1");
    row("probability tiny", 1.234e-7, ValueKind::probability, "1.23e-07");
    row("number whole", 12, ValueKind::number, "12");
    row("number below 1", 0.84, ValueKind::number, "0.84");
    row("number a sixteenth", 0.0625, ValueKind::number, "0.0625");
    row("number", 84.56, ValueKind::number, "84.6");
    row("number large", 1234.4, ValueKind::number, "1234");
    row("number negative", -2.5, ValueKind::number, "-2.50");
    // Every kind at the edges of a double: no 300-digit numbers, no overflow while scaling,
    // no nonzero value shown as zero where a unit would have to be made up.
    const double denormal = std::numeric_limits<double>::denorm_min();
    const double largest = std::numeric_limits<double>::max();
    row("duration 1e300", 1e300, ValueKind::duration, "1.00e300 s");
    row("duration largest", largest, ValueKind::duration, "1.80e308 s");
    row("duration last whole", 999999.4, ValueKind::duration, "999999 s");
    row("duration first scientific", 999999.5, ValueKind::duration, "1.00e6 s");
    row("duration 1e-300", 1e-300, ValueKind::duration, "1.00e-300 s");
    row("duration denormal", denormal, ValueKind::duration, "4.94e-324 s");
    row("duration picosecond", 1e-12, ValueKind::duration, "1.00e-12 s");
    row("duration smallest shown", 5e-12, ValueKind::duration, "0.01 ns");
    row("duration negative huge", -1e300, ValueKind::duration, "-1.00e300 s");
    row("duration infinite", INFINITY, ValueKind::duration, "inf");
    row("duration minus infinite", -INFINITY, ValueKind::duration, "-inf");
    row("rate 1e300", 1e300, ValueKind::rate, "1.00e300 /s");
    row("rate largest unit", 123456e18, ValueKind::rate, "123456 E/s");
    row("rate past it", 1.234567e24, ValueKind::rate, "1.23e24 /s");
    row("rate 1e-300", 1e-300, ValueKind::rate, "1.00e-300 /s");
    row("rate denormal", denormal, ValueKind::rate, "4.94e-324 /s");
    row("rate zero", 0, ValueKind::rate, "0.00 /s");
    row("rate negative", -1.234e9, ValueKind::rate, "-1.23 G/s");
    row("byte rate 1e300", 1e300, ValueKind::byteRate, "1.00e300 B/s");
    row("byte rate largest", largest, ValueKind::byteRate, "1.80e308 B/s");
    row("byte rate 1e-300", 1e-300, ValueKind::byteRate, "1.00e-300 B/s");
    row("bytes 1e300", 1e300, ValueKind::bytes, "1.00e300 B");
    row("bytes largest unit", 1000.0 * (1ull << 60), ValueKind::bytes, "1000 EiB");
    row("bytes 1e-300", 1e-300, ValueKind::bytes, "0 B");
    row("bytes zero", 0, ValueKind::bytes, "0 B");
    row("percentage 1e300", 1e300, ValueKind::percentage, "1.00e302 %");
    row("percentage largest", largest, ValueKind::percentage, "1.80e310 %");
    row("percentage last fixed", 9999.99, ValueKind::percentage, "999999.0 %");
    row("percentage 1e-300", 1e-300, ValueKind::percentage, "0.0 %");
    row("percentage negative", -0.5, ValueKind::percentage, "-50.0 %");
    row("ratio 1e300", 1e300, ValueKind::ratio, "1.00e300x");
    row("ratio 1e-300", 1e-300, ValueKind::ratio, "1.00e-300x");
    row("ratio denormal", denormal, ValueKind::ratio, "4.94e-324x");
    row("ratio zero", 0, ValueKind::ratio, "0.00x");
    row("ratio infinite", INFINITY, ValueKind::ratio, "inf");
    row("count 1e300", 1e300, ValueKind::count, "1e300");
    row("count 2.5e20", 2.5e20, ValueKind::count, "2.5e20");
    row("count largest", largest, ValueKind::count, "1.8e308");
    row("count 2^64", 18446744073709551616.0, ValueKind::count, "1.84e19");
    row("count below 2^64", 18446744073709549568.0, ValueKind::count, "18,446,744,073,709,549,568");
    row("count 1e-300", 1e-300, ValueKind::count, "0");
    row("count negative", -1234, ValueKind::count, "-1,234");
    row("probability 1e-300", 1e-300, ValueKind::probability, "1e-300");
    row("probability denormal", denormal, ValueKind::probability, "4.94e-324");
    row("probability zero", 0, ValueKind::probability, "0");
    row("number zero", 0, ValueKind::number, "0");
    row("number 1e300", 1e300, ValueKind::number, "1.00e300");
    row("number tiny", 1e-300, ValueKind::number, "1.00e-300");
    row("nan", std::nan(""), ValueKind::rate, "n/a");
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

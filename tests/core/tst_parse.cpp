// Parsing of user-typed counts, shapes and lists.
#include <QtTest>

#include "accellab/parse.h"

using Shape = accellab::Shape3;
Q_DECLARE_METATYPE(Shape)

class TestParse : public QObject {
  Q_OBJECT

 private slots:
  // Out of range is told apart from not a number, and upwards from downwards.
  void numbersOutOfRangeAreToldApart() {
    using accellab::NumberText;
    double value = 0;
    QCOMPARE(accellab::parseNumber(std::string_view("2.5"), value), NumberText::ok);
    QCOMPARE(value, 2.5);
    QCOMPARE(accellab::parseNumber(std::string_view("2.5x"), value), NumberText::invalid);
    QCOMPARE(accellab::parseNumber(std::string_view(""), value), NumberText::invalid);
    for (const char* text : {"1e400", "-1e400", "1e-400", "1E-400"}) {
      QCOMPARE(accellab::parseNumber(std::string_view(text), value), NumberText::outOfRange);
      QCOMPARE(accellab::tooLargeNumber(NumberText::outOfRange, text),
               std::string_view(text) == "1e400");
    }
    QVERIFY(!accellab::tooLargeNumber(NumberText::ok, "1e400"));
  }

  void parseCountAccepts_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<quint64>("expected");
    QTest::newRow("plain") << "1000000" << quint64(1000000);
    QTest::newRow("underscores") << "1_000_000" << quint64(1000000);
    QTest::newRow("1e9") << "1e9" << quint64(1000000000);
    QTest::newRow("3e7") << "3e7" << quint64(30000000);
    QTest::newRow("2.5e3") << "2.5e3" << quint64(2500);
    QTest::newRow("capital E and plus") << "1E+4" << quint64(10000);
    QTest::newRow("negative exponent dropping zeros") << "1000e-3" << quint64(1);
    QTest::newRow("leading zeros") << "007" << quint64(7);
    QTest::newRow("spaces around") << " 42 " << quint64(42);
    QTest::newRow("2^63") << "9223372036854775808" << quint64(9223372036854775808ull);
    QTest::newRow("1e18") << "1e18" << quint64(1000000000000000000ull);
  }
  void parseCountAccepts() {
    QFETCH(QString, text);
    QFETCH(quint64, expected);
    const auto parsed = accellab::parseCount(text.toStdString());
    QVERIFY2(parsed.value.has_value(), parsed.error.c_str());
    QCOMPARE(*parsed.value, expected);
    QVERIFY(parsed.error.empty());
  }

  void parseCountRejects_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("negative") << "-3"
                              << "'-3' is not a positive count";
    QTest::newRow("zero") << "0"
                          << "'0' is not a positive count";
    QTest::newRow("zero scientific") << "0e5"
                                     << "'0e5' is not a positive count";
    QTest::newRow("letters") << "abc"
                             << "'abc' is not a count (examples: 1000000, 1_000_000, 1e9)";
    // Values a list was meant to hold, separated by spaces: the separator is named.
    QTest::newRow("space-separated")
        << "64 32"
        << "'64 32' is not a count: separate values with commas (64, …)";
    QTest::newRow("too large") << "1e30"
                               << "'1e30' is too large (the limit is 2^63)";
    QTest::newRow("just over 2^63") << "9223372036854775809"
                                    << "'9223372036854775809' is too large (the limit is 2^63)";
    QTest::newRow("fraction") << "1.5"
                              << "'1.5' is not a whole number";
    QTest::newRow("small exponent") << "25e-1"
                                    << "'25e-1' is not a whole number";
    QTest::newRow("empty") << ""
                           << "empty value where a count was expected";
    QTest::newRow("double underscore")
        << "1__000"
        << "'1__000' is not a count (examples: 1000000, 1_000_000, 1e9)";
    QTest::newRow("trailing underscore")
        << "1000_"
        << "'1000_' is not a count (examples: 1000000, 1_000_000, 1e9)";
    QTest::newRow("trailing junk") << "10k"
                                   << "'10k' is not a count (examples: 1000000, 1_000_000, 1e9)";
    QTest::newRow("huge exponent")
        << "1e9999999"
        << "'1e9999999' is not a count (examples: 1000000, 1_000_000, 1e9)";
  }
  void parseCountRejects() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    const auto parsed = accellab::parseCount(text.toStdString());
    QVERIFY(!parsed.value.has_value());
    QCOMPARE(QString::fromStdString(parsed.error), error);
  }

  void parseShapeAccepts_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Shape>("expected");
    QTest::newRow("tutorial") << "1024x1024x512" << Shape{1024, 1024, 512};
    QTest::newRow("capital X") << "3X5X7" << Shape{3, 5, 7};
    QTest::newRow("counts") << "1e3x2_000x1" << Shape{1000, 2000, 1};
  }
  void parseShapeAccepts() {
    QFETCH(QString, text);
    QFETCH(Shape, expected);
    const auto parsed = accellab::parseShape(text.toStdString());
    QVERIFY2(parsed.value.has_value(), parsed.error.c_str());
    QCOMPARE(accellab::toString(*parsed.value), accellab::toString(expected));
  }

  void parseShapeRejects_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("zero extent") << "0x5x5"
                                 << "shape '0x5x5': '0' is not a positive count";
    QTest::newRow("overflow")
        << "1e6x1e6x1e6"
        << "shape '1e6x1e6x1e6' overflows: more than 2^59 elements do not fit "
           "64-bit byte offsets";
    QTest::newRow("64-bit overflow") << "1e9x1e9x1e9"
                                     << "shape '1e9x1e9x1e9' overflows: more than 2^59 elements do "
                                        "not fit 64-bit byte offsets";
    QTest::newRow("two extents") << "5x5"
                                 << "shape '5x5' needs three extents ZxYxX, e.g. 1024x1024x512";
    QTest::newRow("four extents")
        << "1x1x1x1"
        << "shape '1x1x1x1' needs three extents ZxYxX, e.g. 1024x1024x512";
    QTest::newRow("empty extent") << "5xx5"
                                  << "shape '5xx5': empty value where a count was expected";
    QTest::newRow("negative") << "5x-5x5"
                              << "shape '5x-5x5': '-5' is not a positive count";
    QTest::newRow("not a number") << "abc"
                                  << "shape 'abc': 'abc' is not a count (a shape is ZxYxX, e.g. "
                                     "1024x1024x512 or 16x256x256)";
  }
  void parseShapeRejects() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    const auto parsed = accellab::parseShape(text.toStdString());
    QVERIFY(!parsed.value.has_value());
    QCOMPARE(QString::fromStdString(parsed.error), error);
  }

  void splitList() {
    using Names = std::vector<std::string>;
    QCOMPARE(accellab::splitList("loop,vectorized,gpu"), (Names{"loop", "vectorized", "gpu"}));
    QCOMPARE(accellab::splitList(" loop , ,gpu,"), (Names{"loop", "gpu"}));
    QCOMPARE(accellab::splitList(""), Names{});
    QCOMPARE(accellab::splitList("1;2", ';'), (Names{"1", "2"}));
  }

  void parseParamAxisAccepts_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<std::vector<quint64>>("values");
    QTest::newRow("one") << "n=256"
                         << "n" << std::vector<quint64>{256};
    QTest::newRow("several, counts") << "n=256, 1e3,4_096"
                                     << "n" << std::vector<quint64>{256, 1000, 4096};
    QTest::newRow("spaces") << " block = 8 "
                            << "block" << std::vector<quint64>{8};
    QTest::newRow("the limits") << "block=1,64"
                                << "block" << std::vector<quint64>{1, 64};
  }
  void parseParamAxisAccepts() {
    QFETCH(QString, text);
    QFETCH(QString, name);
    QFETCH(std::vector<quint64>, values);
    const auto parsed = accellab::parseParamAxis(kernel(), text.toStdString());
    QVERIFY2(parsed.value.has_value(), parsed.error.c_str());
    QCOMPARE(parsed.value->name, name.toStdString());
    QCOMPARE(std::vector<quint64>(parsed.value->values.begin(), parsed.value->values.end()),
             values);
  }

  void parseParamAxisRejects_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("no equals") << "n"
                               << "'n' is not NAME=VALUE[,VALUE...] (e.g. n=256,512)";
    QTest::newRow("unknown") << "m=3"
                             << "mm has no parameter 'm' (it has: n, block)";
    QTest::newRow("no values") << "n="
                               << "n needs at least one value";
    QTest::newRow("only commas") << "n= , "
                                 << "n needs at least one value";
    QTest::newRow("not a count") << "n=4,four"
                                 << "n: 'four' is not a count (examples: "
                                    "1000000, 1_000_000, 1e9)";
    QTest::newRow("zero") << "n=0"
                          << "n: '0' is not a positive count";
    QTest::newRow("above max") << "n=4097"
                               << "mm n=4097 is outside [1, 4096]";
    QTest::newRow("far above max") << "block=1e18"
                                   << "mm block=1000000000000000000 is outside "
                                      "[1, 64]";
  }
  void parseParamAxisRejects() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    const auto parsed = accellab::parseParamAxis(kernel(), text.toStdString());
    QVERIFY(!parsed.value.has_value());
    QCOMPARE(QString::fromStdString(parsed.error), error);
  }

  // A field of the desktop app holds the values alone; a minimum above 1 is enforced too.
  void parseParamValuesChecksTheRange() {
    accellab::KernelInfo info = kernel();
    info.parameters[1].min = 4;
    const auto ok = accellab::parseParamValues(info, info.parameters[1], "4, 8");
    QVERIFY2(ok.value.has_value(), ok.error.c_str());
    QVERIFY(*ok.value == (std::vector<std::uint64_t>{4, 8}));
    const auto low = accellab::parseParamValues(info, info.parameters[1], "8,2");
    QCOMPARE(low.error, std::string("mm block=2 is outside [4, 64]"));
  }

  void parseParamAxisOfAKernelWithoutParameters() {
    accellab::KernelInfo add;
    add.name = "add";
    QCOMPARE(accellab::parseParamAxis(add, "n=4").error,
             std::string("add has no parameter 'n' (it has none)"));
  }

 private:
  static accellab::KernelInfo kernel() {
    accellab::KernelInfo info;
    info.name = "mm";
    info.problem = accellab::ProblemKind::parameters;
    info.parameters = {{"n", "matrix order", 64, 1, 4096, {}}, {"block", "tile", 8, 1, 64, {}}};
    return info;
  }
};

QTEST_APPLESS_MAIN(TestParse)
#include "tst_parse.moc"

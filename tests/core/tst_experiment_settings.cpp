// The table of run settings that the CLI, the window and the session all read.
#include <QtTest>
#include <set>

#include "accellab/experiment_settings.h"

using namespace accellab;

namespace {

QString text(std::string_view view) {
  return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

}  // namespace

class TestExperimentSettings : public QObject {
  Q_OBJECT

 private slots:
  // Each setting's default is a value it accepts, its name and flag are its own, and its
  // value lands where it reads it back from.
  void everySettingIsWhole() {
    std::set<std::string_view> keys;
    std::set<std::string_view> flags;
    const ExperimentSettings defaults;
    for (const SettingDescription& setting : settingDescriptions()) {
      QVERIFY2(keys.insert(setting.key).second, qPrintable(text(setting.key)));
      QVERIFY2(flags.insert(setting.flag).second, qPrintable(text(setting.flag)));
      QVERIFY(setting.flag.starts_with("--"));
      QVERIFY(!setting.help.empty());
      QVERIFY(setting.min <= setting.max);
      QCOMPARE(setting.label.empty(), setting.group == SettingGroup::none);
      QVERIFY2(acceptsValue(setting, setting.get(defaults)), qPrintable(text(setting.key)));
      for (const double value : {setting.min, setting.max}) {
        ExperimentSettings changed;
        setting.set(changed, value);
        QCOMPARE(setting.get(changed), value);
      }
      QCOMPARE(&settingByKey(setting.key), &setting);
      QCOMPARE(&settingByFlag(setting.flag), &setting);
    }
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, settingByKey("no_such_setting"));
  }

  void parsesWhatUsersType_data() {
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("value");  // NaN: refused
    QTest::addColumn<QString>("error");
    const double refused = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("reps") << "--reps"
                          << "7" << 7.0 << "";
    QTest::newRow("reps 1e9") << "--reps"
                              << "1e9" << 1e9 << "";
    QTest::newRow("reps 1_000") << "--reps"
                                << "1_000" << 1000.0 << "";
    QTest::newRow("reps above range") << "--reps"
                                      << "2e9" << refused << "'2e9' is outside 1 to 1000000000";
    QTest::newRow("reps fraction") << "--reps"
                                   << "2.5" << refused << "'2.5' is not a whole number";
    QTest::newRow("reps word") << "--reps"
                               << "many" << refused << "'many' is not a whole number";
    QTest::newRow("share with %") << "--unstable-above"
                                  << "5%" << 0.05 << "";
    QTest::newRow("share without %") << "--unstable-above"
                                     << "12.5" << 0.125 << "";
    QTest::newRow("share at its least") << "--unstable-above"
                                        << "0.0001%" << 1e-6 << "";
    QTest::newRow("share at its most") << "--unstable-above"
                                       << "1000%" << 10.0 << "";
    QTest::newRow("share above") << "--unstable-above"
                                 << "1001%" << refused << "'1001%' is outside 0.0001% to 1000%";
    QTest::newRow("share zero") << "--unstable-above"
                                << "0%" << refused << "'0%' is outside 0.0001% to 1000%";
    QTest::newRow("share huge") << "--unstable-above"
                                << "1e309%" << refused << "'1e309%' is outside 0.0001% to 1000%";
    QTest::newRow("seconds") << "--min-time"
                             << "0.5" << 0.5 << "";
    QTest::newRow("seconds zero") << "--min-time"
                                  << "0" << 0.0 << "";
    QTest::newRow("seconds negative") << "--min-time"
                                      << "-1" << refused << "'-1' is outside 0 to 86400 s";
    QTest::newRow("seconds nan") << "--min-time"
                                 << "nan" << refused << "'nan' is not a number of seconds";
    QTest::newRow("seconds empty") << "--min-time"
                                   << "" << refused << "'' is not a number of seconds";
    QTest::newRow("factor") << "--cold-above"
                            << "2.5" << 2.5 << "";
    QTest::newRow("factor below") << "--cold-above"
                                  << "0.5" << refused << "'0.5' is outside 1 to 1000000";
    QTest::newRow("automatic") << "--point-timeout"
                               << "0" << 0.0 << "";
    QTest::newRow("seconds below a double's")
        << "--min-time"
        << "-1e400" << refused << "'-1e400' is outside 0 to 86400 s";
    // Below a double's smallest magnitude is not 0, and not automatic.
    QTest::newRow("timeout 1e-400")
        << "--point-timeout"
        << "1e-400" << refused << "'1e-400' is outside 1 to 86400 s, or 0 (automatic)";
    QTest::newRow("between 0 and the least")
        << "--point-timeout"
        << "0.5" << refused << "'0.5' is outside 1 to 86400 s, or 0 (automatic)";
  }
  void parsesWhatUsersType() {
    QFETCH(QString, flag);
    QFETCH(QString, typed);
    QFETCH(double, value);
    QFETCH(QString, error);
    const std::string name = flag.toStdString();
    const Parsed<double> parsed = parseSettingValue(settingByFlag(name), typed.toStdString());
    if (std::isnan(value)) {
      QVERIFY(!parsed.value);
      QCOMPARE(QString::fromStdString(parsed.error), error);
    } else {
      QVERIFY2(parsed.value, parsed.error.c_str());
      QCOMPARE(*parsed.value, value);
    }
  }

  void describesValuesAndDefaults() {
    const SettingDescription& unstable = settingByKey("max_relative_spread");
    QCOMPARE(describeValue(unstable, 0.05), std::string("5%"));
    QVERIFY(cliHelp(unstable).ends_with(" (default 5%)"));
    const SettingDescription& timeout = settingByKey("point_timeout_s");
    QCOMPARE(describeValue(timeout, 0), std::string("automatic"));
    QCOMPARE(describeValue(timeout, 90), std::string("90 s"));
    QVERIFY(cliHelp(timeout).ends_with("(default automatic)"));
    // A setting whose CLI default is to leave it out says so, not the table's value.
    QVERIFY(cliHelp(settingByFlag("--rerun-unstable"))
                .ends_with("(default none: unstable "
                           "points stay as measured)"));
  }
};

QTEST_GUILESS_MAIN(TestExperimentSettings)
#include "tst_experiment_settings.moc"

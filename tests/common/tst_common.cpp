#include <QtTest>

#include "common/strings.h"

class TestCommon : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void editDistance() {
    QCOMPARE(posescope::editDistance("kitten", "sitting"), 3);
    QCOMPARE(posescope::editDistance("", "abc"), 3);
    QCOMPARE(posescope::editDistance("FLIP_TEST", "FLIP_TEST"), 0);
  }
  void closestMatchSuggestsNearKey() {
    QCOMPARE(posescope::closestMatch("FLIP_TST", {"FLIP_TEST", "ADJUST", "REFINE"}),
             std::string("FLIP_TEST"));
    QCOMPARE(posescope::closestMatch("COMPLETELY_OTHER", {"FLIP_TEST", "ADJUST"}), std::string());
  }
  void splitKeepsEmptyFields() {
    const auto parts = posescope::split("a..b", '.');
    QCOMPARE(parts.size(), size_t(3));
    QCOMPARE(parts[1], std::string());
  }
};

QTEST_GUILESS_MAIN(TestCommon)
#include "tst_common.moc"

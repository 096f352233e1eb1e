#include <QtTest>

#include "common/number_text.h"
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
  // Python's repr and YAML's double-quoted scalars (config dumps) share these escapes.
  void backslashQuotedEscapesControlCharacters() {
    QCOMPARE(posescope::backslashQuoted("a\"b\\c\n\r\t\x01", '"'),
             std::string("\"a\\\"b\\\\c\\n\\r\\t\\x01\""));
    QCOMPARE(posescope::backslashQuoted("it's", '\''), std::string("'it\\'s'"));
  }
  void splitKeepsEmptyFields() {
    const auto parts = posescope::split("a..b", '.');
    QCOMPARE(parts.size(), size_t(3));
    QCOMPARE(parts[1], std::string());
  }
  void countsReadWithOnePrefixStyle() {
    using posescope::countText;
    QCOMPARE(countText(999), std::string("999"));
    QCOMPARE(countText(12345), std::string("12.35 k"));
    QCOMPARE(countText(1234567), std::string("1.23 M"));
    QCOMPARE(countText(5.4e9), std::string("5.40 G"));
    QCOMPARE(countText(-2.5e6), std::string("-2.50 M"));
    QCOMPARE(countText(1.2e9, "Mac"), std::string("1.20 GMac"));
    QCOMPARE(countText(999, "Mac"), std::string("999 Mac"));
  }
};

QTEST_GUILESS_MAIN(TestCommon)
#include "tst_common.moc"

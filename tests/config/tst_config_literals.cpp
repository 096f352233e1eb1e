// Scalar typing: PyYAML's YAML 1.1 rules for plain scalars, and yacs' literal_eval decoding.
#include <QtTest>

#include "config/py_format.h"
#include "config/py_literal.h"
#include "config/yaml_reader.h"

using posescope::ConfigValue;
using posescope::LiteralResult;

Q_DECLARE_METATYPE(std::string)

class TestConfigLiterals : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // Expected results are what Python 3's ast.literal_eval returns (printed with Python's repr;
  // tuples shown as lists since a config stores both as lists); "<string>" means literal_eval
  // fails and yacs keeps the text; "<unsupported>" a literal a config value cannot hold.
  void literalEval_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("exponent float") << "4e-3"
                                    << "0.004";
    QTest::newRow("one-tuple") << "(0,)"
                               << "[0]";
    QTest::newRow("bool tuple") << "(True, True)"
                                << "[True, True]";
    QTest::newRow("quoted string") << "'short'"
                                   << "'short'";
    QTest::newRow("mixed list") << "[0.5, 1, 2]"
                                << "[0.5, 1, 2]";
    QTest::newRow("bare tuple") << "1,2"
                                << "[1, 2]";
    QTest::newRow("negative int") << "-1"
                                  << "-1";
    QTest::newRow("negative float") << "-0.5"
                                    << "-0.5";
    QTest::newRow("hex") << "0x10"
                         << "16";
    QTest::newRow("underscores") << "1_000"
                                 << "1000";
    QTest::newRow("zeros") << "00"
                           << "0";
    QTest::newRow("parenthesised") << "(1)"
                                   << "1";
    QTest::newRow("None") << "None"
                          << "None";
    QTest::newRow("False") << "False"
                           << "False";
    QTest::newRow("leading space") << " 1"
                                   << "1";
    QTest::newRow("comment") << "1 # c"
                             << "1";
    QTest::newRow("escape") << "\"a\\tb\""
                            << "'a\\tb'";
    QTest::newRow("concatenation") << "'a' 'b'"
                                   << "'ab'";
    QTest::newRow("nested") << "[(1,2),[3]]"
                            << "[[1, 2], [3]]";
    QTest::newRow("empty list") << "[]"
                                << "[]";
    QTest::newRow("empty tuple") << "()"
                                 << "[]";
    QTest::newRow("signed exponent") << "1.5e+3"
                                     << "1500.0";
    QTest::newRow("name") << "crowd_pose"
                          << "<string>";
    QTest::newRow("path") << "/dataset/x"
                          << "<string>";
    QTest::newRow("leading zero") << "010"
                                  << "<string>";
    QTest::newRow("unclosed list") << "[0.5,"
                                   << "<string>";
    QTest::newRow("expression") << "1+2"
                                << "<string>";
    QTest::newRow("lower-case bool") << "true"
                                     << "<string>";
    QTest::newRow("empty") << ""
                           << "<string>";
    QTest::newRow("complex") << "1j"
                             << "<unsupported>";
    QTest::newRow("dict") << "{'a': 1}"
                          << "<unsupported>";
    QTest::newRow("set") << "{1, 2}"
                         << "<unsupported>";
    QTest::newRow("bytes") << "b'x'"
                           << "<unsupported>";
  }
  void literalEval() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const LiteralResult r = posescope::decodePythonLiteral(text.toStdString());
    QString got;
    if (r.kind == LiteralResult::Kind::NotLiteral)
      got = "<string>";
    else if (r.kind == LiteralResult::Kind::Unsupported)
      got = "<unsupported>";
    else
      got = QString::fromStdString(r.value.toLiteral());
    QCOMPARE(got, expected);
  }

  void literalTypes() {
    QCOMPARE(posescope::decodePythonLiteral("4e-3").value.type(), ConfigValue::Type::Double);
    QCOMPARE(posescope::decodePythonLiteral("4").value.type(), ConfigValue::Type::Int);
    QCOMPARE(posescope::decodePythonLiteral("1.").value.type(), ConfigValue::Type::Double);
  }

  // Expected results are what PyYAML 6's safe_load gives for `k: <text>`.
  void yamlPlainScalar_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("exponent without dot stays text") << "4e-3"
                                                     << "'4e-3'";
    QTest::newRow("1e5 stays text") << "1e5"
                                    << "'1e5'";
    QTest::newRow("unsigned exponent stays text") << "1.0e3"
                                                  << "'1.0e3'";
    QTest::newRow("signed exponent") << "1.0e-3"
                                     << "0.001";
    QTest::newRow("decimal") << "0.001"
                             << "0.001";
    QTest::newRow("trailing dot") << "1."
                                  << "1.0";
    QTest::newRow("leading dot") << ".5"
                                 << "0.5";
    QTest::newRow("yes") << "yes"
                         << "True";
    QTest::newRow("off") << "off"
                         << "False";
    QTest::newRow("On") << "On"
                        << "True";
    QTest::newRow("True") << "True"
                          << "True";
    QTest::newRow("y is text") << "y"
                               << "'y'";
    QTest::newRow("tilde") << "~"
                           << "None";
    QTest::newRow("empty") << ""
                           << "None";
    QTest::newRow("NULL") << "NULL"
                          << "None";
    QTest::newRow("octal") << "010"
                           << "8";
    QTest::newRow("hex") << "0x1F"
                         << "31";
    QTest::newRow("0o is text") << "0o7"
                                << "'0o7'";
    QTest::newRow("underscores") << "1_000"
                                 << "1000";
    QTest::newRow("sexagesimal") << "1:30"
                                 << "90";
    QTest::newRow("plus") << "+12"
                          << "12";
    QTest::newRow("negative inf") << "-.inf"
                                  << "-inf";
    QTest::newRow("name") << "crowd_pose"
                          << "'crowd_pose'";
  }
  void yamlPlainScalar() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(posescope::resolvePlainScalar(text.toStdString()).toLiteral()),
             expected);
  }

  void pythonFloatRepr() {
    QCOMPARE(posescope::pythonFloatRepr(0.001), std::string("0.001"));
    QCOMPARE(posescope::pythonFloatRepr(1e-05), std::string("1e-05"));
    QCOMPARE(posescope::pythonFloatRepr(0.0001), std::string("0.0001"));
    QCOMPARE(posescope::pythonFloatRepr(1.0), std::string("1.0"));
    QCOMPARE(posescope::pythonFloatRepr(256.0), std::string("256.0"));
    QCOMPARE(posescope::pythonFloatRepr(1e16), std::string("1e+16"));
    QCOMPARE(posescope::pythonFloatRepr(-2.5), std::string("-2.5"));
    QCOMPARE(posescope::pythonFloatRepr(0.1 + 0.2), std::string("0.30000000000000004"));
  }
};

QTEST_GUILESS_MAIN(TestConfigLiterals)
#include "tst_config_literals.moc"

// Every posescope-cli command's help comes from its declaration (app/cli/cmd_NAME_spec.cpp):
// --help names every option the command accepts, an undeclared option is refused with exit 2,
// code cannot read an option it did not declare, and docs/cli.md is the declarations' current
// text. An option's default is declared once (OptionSpec::defaultValue): the help prints it and
// the commands read it back, and a fallback given in code beside it is refused.

#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <cstdlib>
#include <stdexcept>

#include "cli_runner.h"
#include "command_spec.h"
#include "test_support.h"

namespace {

using posescope::cli::CommandSpec;
using posescope::cli::commandSpecs;
using posescope::cli::formatOptionHelp;
using posescope::cli::OptionGroup;
using posescope::cli::OptionSpec;
using posescope::cli::parseArgs;
using posescope::cli::parseCommandArgs;
using posescope::cli::ParsedArgs;
using posescope::cli::UsageError;
using posescope::test::CliRun;
using posescope::test::runCli;

QString explain(const CliRun& r) {
  return QString("exit %1\nstdout: %2\nstderr: %3").arg(r.exitCode).arg(r.out, r.err);
}

QString name(const CommandSpec& spec) {
  return QString::fromStdString(spec.name);
}

// The option names a help text lists: the words starting its indented option lines.
QStringList optionsListed(const QString& help) {
  QStringList names;
  const QRegularExpression line(QStringLiteral("^  (--[a-z0-9-]+)"),
                                QRegularExpression::MultilineOption);
  for (auto it = line.globalMatch(help); it.hasNext();) names << it.next().captured(1);
  return names;
}

// The part of docs/cli.md under "## NAME", up to the next command's heading.
QString docsSection(const QString& docs, const QString& command) {
  const QString heading = "\n## " + command + "\n";
  const qsizetype start = docs.indexOf(heading);
  if (start < 0) return {};
  const qsizetype end = docs.indexOf("\n## ", start + heading.size());
  return docs.mid(start, end < 0 ? -1 : end - start);
}

const OptionGroup kGroup = {"options", {{"--out", "DIR", "where"}, {"--quiet", "", "hush"}}};

// Options with declared defaults: an integer, a number, a word, a default that is no number, and
// one whose help line leaves no room for the default.
const OptionGroup kDefaults = {"options",
                               {{"--worst", "N", "rows listed", "10"},
                                {"--ratio", "X", "a ratio", "0.25"},
                                {"--name", "NAME", "a name", "pose"},
                                {"--broken", "N", "a default that is no integer", "ten"},
                                {"--long", "N", QString(80, 'x').toStdString(), "7"},
                                {"--limit", "N", "no default"}}};

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// A declared default as the test reads it back: an integer, a number or text.
bool isInteger(const std::string& s) {
  return QRegularExpression(QStringLiteral("^[-+]?[0-9]+$")).match(text(s)).hasMatch();
}

bool isNumber(const std::string& s) {
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0';
}

}  // namespace

class TestCliHelp : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void helpNamesEveryDeclaredOption() {
    QVERIFY(!commandSpecs().empty());
    for (const CommandSpec& spec : commandSpecs()) {
      const CliRun help = runCli({name(spec), "--help"});
      QVERIFY2(help.exitCode == 0, qPrintable(name(spec) + ": " + explain(help)));
      QVERIFY2(help.out.startsWith("usage: posescope-cli " + name(spec) + " "),
               qPrintable(help.out.left(200)));
      const QStringList listed = optionsListed(help.out);
      for (const OptionGroup& group : spec.options)
        for (const auto& option : group.options)
          QVERIFY2(listed.contains(QString::fromStdString(option.name)),
                   qPrintable(name(spec) + " --help does not list " +
                              QString::fromStdString(option.name)));
      QVERIFY2(listed.contains("--help"), qPrintable(name(spec)));
      // The usage lines are written by hand: each option they show must be a declared one.
      const QRegularExpression word(QStringLiteral("--[a-z][a-z0-9-]*"));
      for (const std::string& usage : spec.usage)
        for (auto it = word.globalMatch(QString::fromStdString(usage)); it.hasNext();) {
          const QString option = it.next().captured();
          QVERIFY2(listed.contains(option), qPrintable(name(spec) + "'s usage shows " + option +
                                                       ", which it does not declare"));
        }
      // `help CMD` is answered by the front end without starting the command: the same text.
      const CliRun viaHelp = runCli({"help", name(spec)});
      QCOMPARE(viaHelp.exitCode, 0);
      QCOMPARE(viaHelp.out, help.out);
    }
  }

  void undeclaredOptionIsRefusedWithExitTwo() {
    for (const CommandSpec& spec : commandSpecs()) {
      const CliRun r = runCli({name(spec), "--no-such-option"});
      QVERIFY2(r.exitCode == 2, qPrintable(name(spec) + ": " + explain(r)));
      QVERIFY2(r.err.contains("posescope-cli " + name(spec) + ": unknown option --no-such-option"),
               qPrintable(r.err));
      QVERIFY2(r.err.contains("posescope-cli " + name(spec) + " --help"), qPrintable(r.err));
    }
  }

  void valueOptionWithoutValueIsAUsageError() {
    const CliRun r = runCli({"metrics", "--gt"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--gt needs a value"), qPrintable(r.err));
  }

  void unknownHelpTopicIsAUsageError() {
    const CliRun r = runCli({"help", "no-such-command"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown command 'no-such-command'"), qPrintable(r.err));
  }

  void readingAnUndeclaredOptionIsAProgrammingError() {
    const ParsedArgs parsed = parseArgs({"--out=run", "--quiet", "KEY", "VALUE"}, {kGroup});
    QCOMPARE(QString::fromStdString(parsed.get("--out")), QStringLiteral("run"));
    QVERIFY(parsed.has("--quiet"));
    QVERIFY(!parsed.has("--help"));
    QCOMPARE(parsed.positional.size(), std::size_t{2});
    QVERIFY_THROWS_EXCEPTION(std::logic_error, parsed.has("--outt"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, parsed.getInt("--limit", 0));
  }

  void wordsAfterDashesAreLeftAlone() {
    const ParsedArgs parsed = parseArgs({"--quiet", "--", "--cfg", "x.yaml"}, {kGroup}, true);
    QVERIFY(parsed.has("--quiet"));
    QVERIFY(parsed.positional.empty());
    QCOMPARE(parsed.afterDashes, (std::vector<std::string>{"--cfg", "x.yaml"}));
  }

  void literalDefaultsAreDeclaredNotWritten() {
    // "(default 10)", "default 0: ..." in a help text is a default stated beside the code's:
    // it belongs in OptionSpec::defaultValue, which the help prints and the code reads.
    const QRegularExpression literal(QStringLiteral("default:? [-+]?[0-9]"));
    int declared = 0;
    for (const CommandSpec& spec : commandSpecs())
      for (const OptionGroup& group : spec.options)
        for (const OptionSpec& option : group.options) {
          QVERIFY2(!literal.match(text(option.help)).hasMatch(),
                   qPrintable(name(spec) + " " + text(option.name) +
                              " states a default in its help: declare it (defaultValue)"));
          if (!option.defaultValue.empty()) ++declared;
        }
    QVERIFY2(declared >= 25, qPrintable(QString::number(declared)));
  }

  void everyDeclaredDefaultReadsBack() {
    for (const CommandSpec& spec : commandSpecs()) {
      const ParsedArgs parsed = parseCommandArgs(spec, {});
      for (const OptionGroup& group : spec.options)
        for (const OptionSpec& option : group.options) {
          if (option.defaultValue.empty()) continue;
          const QString where = name(spec) + " " + text(option.name);
          const std::string& value = option.defaultValue;
          QVERIFY2(!parsed.has(option.name), qPrintable(where));
          try {
            if (isInteger(value))
              QCOMPARE(parsed.getInt(option.name), std::strtol(value.c_str(), nullptr, 10));
            else if (isNumber(value))
              QCOMPARE(parsed.getDouble(option.name), std::strtod(value.c_str(), nullptr));
            else
              QCOMPARE(text(parsed.get(option.name)), text(value));
          } catch (const std::exception& e) {
            QFAIL(qPrintable(where + ": " + e.what()));
          } catch (const UsageError& e) {
            QFAIL(qPrintable(where + ": " + text(e.message)));
          }
          // Its help shows it.
          const QString help = text(posescope::cli::commandHelp(spec));
          QVERIFY2(help.contains("(default " + text(value) + ")"), qPrintable(where));
        }
    }
  }

  void declaredDefaultIsPrintedAndReadOnce() {
    const QStringList help = text(formatOptionHelp({kDefaults})).split('\n');
    const auto lineOf = [&help](const QString& option) {
      for (const QString& line : help)
        if (line.startsWith("  " + option + " ")) return line;
      return QString();
    };
    QVERIFY2(lineOf("--worst").endsWith("rows listed (default 10)"), qPrintable(help.join('\n')));
    QVERIFY(lineOf("--ratio").endsWith("a ratio (default 0.25)"));
    QVERIFY(lineOf("--name").endsWith("a name (default pose)"));
    QVERIFY(lineOf("--limit").endsWith("no default"));
    // No room on the help's last line: the default goes on a line of its own, in the column.
    const qsizetype longLine = help.indexOf(lineOf("--long"));
    QVERIFY(lineOf("--long").endsWith('x'));
    QVERIFY(help.value(longLine + 1).trimmed() == "(default 7)");
    QCOMPARE(help.value(longLine + 1).indexOf('('), lineOf("--long").indexOf('x'));
    for (const QString& line : help) QVERIFY2(line.size() <= 100, qPrintable(line));

    const ParsedArgs absent = parseArgs({}, {kDefaults});
    QCOMPARE(absent.getInt("--worst"), 10L);
    QCOMPARE(absent.getDouble("--ratio"), 0.25);
    QCOMPARE(absent.getDouble("--worst"), 10.0);
    QCOMPARE(text(absent.get("--name")), QStringLiteral("pose"));
    QVERIFY(!absent.has("--worst"));
    // A fallback beside a declared default states it twice: a programming error.
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.getInt("--worst", 5));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.getDouble("--ratio", 1.0));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.get("--name", "arch"));
    // A declared default that is not of the type asked, an absent option without one.
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.getInt("--broken"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.getDouble("--name"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, absent.getInt("--limit"));
    QCOMPARE(absent.getInt("--limit", 3), 3L);
    QCOMPARE(text(absent.get("--limit")), QString());

    const ParsedArgs given =
        parseArgs({"--worst", "3", "--name=arch", "--ratio", "1e-4", "--broken", "2"}, {kDefaults});
    QCOMPARE(given.getInt("--worst"), 3L);
    QCOMPARE(given.getDouble("--ratio"), 1e-4);
    QCOMPARE(text(given.get("--name")), QStringLiteral("arch"));
    QCOMPARE(given.getInt("--broken"), 2L);
    QVERIFY(given.has("--worst"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, given.getInt("--worst", 5));
    // A malformed value given is the user's mistake, not the code's.
    QVERIFY_THROWS_EXCEPTION(UsageError,
                             parseArgs({"--worst", "many"}, {kDefaults}).getInt("--worst"));

    // A flag has no value to default to.
    const OptionGroup flagWithDefault = {"options", {{"--quiet", "", "hush", "1"}}};
    QVERIFY_THROWS_EXCEPTION(std::logic_error, parseArgs({}, {flagWithDefault}));
  }

  void docsListEveryCommandAndOption() {
    QFile file(QString::fromStdString(posescope::test::sourceDir()) + "/docs/cli.md");
    QVERIFY2(file.open(QIODevice::ReadOnly), "docs/cli.md is missing");
    const QString docs = QString::fromUtf8(file.readAll());
    for (const CommandSpec& spec : commandSpecs()) {
      const QString section = docsSection(docs, name(spec));
      QVERIFY2(!section.isEmpty(), qPrintable("docs/cli.md has no '## " + name(spec) + "'"));
      const CliRun help = runCli({"help", name(spec)});
      QCOMPARE(help.exitCode, 0);
      for (const QString& option : optionsListed(help.out))
        QVERIFY2(section.contains(option),
                 qPrintable("docs/cli.md's " + name(spec) + " section lacks " + option));
    }
    const CliRun generated = runCli({"help", "--markdown"});
    QCOMPARE(generated.exitCode, 0);
    QVERIFY2(docs == generated.out,
             "docs/cli.md is not the declarations' current text: regenerate it with "
             "posescope-cli help --markdown > docs/cli.md");
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliHelp)
#include "tst_cli_help.moc"

// Every posescope-cli command's help comes from its declaration (app/cli/command_declarations.cpp):
// --help names every option the command accepts, an undeclared option is refused with exit 2,
// code cannot read an option it did not declare, and docs/cli.md is the declarations' current
// text.

#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <stdexcept>

#include "cli_runner.h"
#include "command_spec.h"
#include "test_support.h"

namespace {

using posescope::cli::CommandSpec;
using posescope::cli::commandSpecs;
using posescope::cli::OptionGroup;
using posescope::cli::parseArgs;
using posescope::cli::ParsedArgs;
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

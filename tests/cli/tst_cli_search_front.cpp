// posescope-cli search-front: a search folder's Pareto front on stdout or into a file, as CSV or
// JSON, the same text as the Search page's export (search/pareto_export.h); bad command lines and
// folders that are not a search's are refused, naming what is wrong.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "search/pareto_export.h"
#include "search/scored_candidates.h"
#include "search/search_folder.h"
#include "test_support.h"

using namespace posescope;
using posescope::test::CliRun;
using posescope::test::runCli;
using posescope::test::scoredCandidate;

namespace {

QString explain(const CliRun& r) {
  return QString("exit %1\nstdout: %2\nstderr: %3").arg(r.exitCode).arg(r.out, r.err);
}

}  // namespace

class TestCliSearchFront : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    folder_ = dir_.filePath("search");
    search::SearchFolder folder(folder_.toStdString(), {{"generations", 2}});
    // Two on the front; the third is beaten by the second on both AP and MACs.
    folder.store(scoredCandidate(8, 0.2, 300'000'000));
    folder.store(scoredCandidate(16, 0.4, 600'000'000));
    folder.store(scoredCandidate(24, 0.3, 900'000'000));
    candidates_ = search::readSearchFolder(folder_.toStdString()).candidates;
  }

  void printsTheFrontAsCsvByDefault() {
    const CliRun r = runCli({"search-front", folder_});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QCOMPARE(r.out.toStdString(), search::paretoFrontCsv(candidates_));
    QCOMPARE(r.out.count('\n'), 3);  // the header and two candidates
  }

  void writesTheFrontAsJsonToAFile() {
    const QString out = dir_.filePath("front.json");
    const CliRun r = runCli({"search-front", folder_, "--format", "json", "--out", out});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const nlohmann::json front = nlohmann::json::parse(file.readAll().toStdString());
    QCOMPARE(front, search::paretoFrontJson(candidates_));
    QCOMPARE(front.size(), std::size_t(2));
  }

  void refusesBadInput() {
    const CliRun format = runCli({"search-front", folder_, "--format", "xml"});
    QCOMPARE(format.exitCode, 2);
    QVERIFY2(format.err.contains("--format must be csv or json"), qPrintable(explain(format)));
    const CliRun none = runCli({"search-front"});
    QCOMPARE(none.exitCode, 2);
    const CliRun notSearch = runCli({"search-front", dir_.path()});
    QCOMPARE(notSearch.exitCode, 3);
    QVERIFY2(notSearch.err.contains("no search.json"), qPrintable(explain(notSearch)));
  }

 private:
  QTemporaryDir dir_;
  QString folder_;
  std::vector<search::CandidateScore> candidates_;
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliSearchFront)
#include "tst_cli_search_front.moc"

#pragma once
// The eval tests' check of a refusal: an EvalError (not another exception, not none) whose
// message names everything it should.

#include <QtTest>

#include <exception>
#include <string>
#include <vector>

#include "common/errors.h"

namespace evaltest {

// Runs `f`, expecting an EvalError whose message contains every one of `parts`.
template <typename F>
void expectEvalError(F&& f, const std::vector<std::string>& parts) {
  try {
    f();
  } catch (const posescope::EvalError& e) {
    const std::string what = e.what();
    for (const auto& part : parts) {
      QVERIFY2(what.find(part) != std::string::npos,
               qPrintable(QString("'%1' lacks '%2'").arg(what.c_str(), part.c_str())));
    }
    return;
  } catch (const std::exception& e) {
    QFAIL(qPrintable(QString("not an EvalError: ") + e.what()));
  }
  QFAIL("no error thrown");
}

}  // namespace evaltest

#pragma once
// Files the suites read: the source tree's committed inputs and the JSON the programs write.
// Reading fails loudly, naming the file, so that a missing output reads as such and not as an
// empty document further down a test.

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QString>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "test_support.h"

namespace posescope::test {

/// A committed file by its path from the repository root ("configs/demo/demo.yaml").
inline QString repoFile(const QString& relative) {
  return QString::fromStdString(sourceDir()) + "/" + relative;
}

/// The bytes of `path`; throws std::runtime_error naming it when it cannot be read.
inline std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// The JSON document in `path`; throws std::runtime_error naming the file when it cannot be
/// read or is not JSON.
inline nlohmann::json readJson(const std::string& path) {
  try {
    return nlohmann::json::parse(readBytes(path));
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

inline nlohmann::json readJson(const QString& path) {
  return readJson(path.toStdString());
}

/// readJson for suites that compare with Qt's JSON types.
inline QJsonDocument readQtJson(const QString& path) {
  QJsonParseError error;
  const QJsonDocument doc =
      QJsonDocument::fromJson(QByteArray::fromStdString(readBytes(path.toStdString())), &error);
  if (error.error != QJsonParseError::NoError)
    throw std::runtime_error(path.toStdString() + ": " + error.errorString().toStdString());
  return doc;
}

/// The bytes of `path`, or "<unreadable PATH>": for comparing two runs' files, where a file
/// missing from both must not compare equal and the failure should name it.
inline QByteArray fileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll()
                                     : QByteArray("<unreadable " + path.toUtf8() + ">");
}

}  // namespace posescope::test

#include "widgets/session/unknown_key_notes.h"

#include <QObject>

#include "config/config_merge.h"

namespace posescope {

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

// What the run does with the key the user probably meant, read from the merged config.
QString meantKeyOutcome(const ConfigNode& cfg, const std::string& meant) {
  if (!cfg.has(meant)) return QObject::tr("%1 is not set").arg(q(meant));
  try {
    return QObject::tr("the run uses %1 = %2").arg(q(meant), q(cfg.value(meant).toLiteral()));
  } catch (const std::exception&) {  // a section, not a value
    return QObject::tr("nothing in %1 changes").arg(q(meant));
  }
}

QString noteFor(const ConfigWarning& warning, const ConfigNode& cfg, const std::string& model) {
  if (warning.key.empty()) return q(formatConfigWarning(warning));
  const bool extra = warning.key.rfind("MODEL.EXTRA.", 0) == 0;
  const QString reader = extra ? q(model) : QStringLiteral("valid.py");
  QString note = QObject::tr("%1 is not a key %2 reads").arg(q(warning.key), reader);
  if (warning.line > 0) note = QObject::tr("Line %1: %2").arg(warning.line).arg(note);
  const std::string meant = unknownKeySuggestion(warning.key, model);
  if (meant.empty()) return QObject::tr("%1; nothing in the run reads it").arg(note);
  return QObject::tr("%1 (did you mean %2?); %3").arg(note, q(meant), meantKeyOutcome(cfg, meant));
}

}  // namespace

QStringList unknownKeyNotes(const Experiment& experiment) {
  const ConfigNode& cfg = experiment.cfg;
  std::string model;
  if (cfg.has("MODEL.NAME") && cfg.value("MODEL.NAME").type() == ConfigValue::Type::String)
    model = cfg.getString("MODEL.NAME");
  QStringList notes;
  for (const ConfigWarning& warning : experiment.warnings) notes << noteFor(warning, cfg, model);
  return notes;
}

}  // namespace posescope

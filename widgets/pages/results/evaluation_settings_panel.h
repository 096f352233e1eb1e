#pragma once
// The Results page's evaluation settings: OKS thresholds, per-joint sigmas, area ranges, maxDets
// and a minimum detection score, starting from valid.py's, with one click back to them.

#include <QWidget>
#include <optional>
#include <string>
#include <vector>

#include "widgets/session/eval_params_metatype.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace posescope {

class SigmaTableModel;

/// Edits a copy of the run's reference settings (valid.py's, evalParamsFor its dataset). When the
/// entries settle (a short pause after the last edit) and are valid, settingsChanged() carries
/// them; an invalid entry is named under the fields and nothing is sent. Never throws.
class EvaluationSettingsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit EvaluationSettingsPanel(QWidget* parent = nullptr);

  /// Starts from `reference` for joints `jointNames` (changes forgotten, nothing sent) and
  /// enables the panel. `ownSettings` names what a run beyond valid.py's datasets was scored
  /// with (ownSettingsText: its skeleton and sigmas), "" for valid.py's: the panel then compares
  /// with the run's settings and says so, never with valid.py's.
  void setReference(const EvalParams& reference, const std::vector<std::string>& jointNames,
                    const QString& ownSettings = {});
  /// No run to evaluate: the panel is disabled and says so.
  void clear();
  bool hasReference() const { return reference_.has_value(); }

  /// The settings as entered; nullopt when an entry is invalid (error() names it) or there is no
  /// reference.
  std::optional<EvalParams> settings() const;
  /// Why the entries are invalid ("OKS thresholds: ..."); "" when they are valid.
  QString error() const;
  /// Whether the entries are valid.py's settings.
  bool usesReference() const;
  /// Puts valid.py's settings back into every field and sends them at once.
  void resetToReference();
  /// Puts `settings` (of the reference's dataset and joints) into every field and sends them at
  /// once; false (nothing changes) without a reference or when their joint count differs.
  bool setSettings(const EvalParams& settings);
  /// Sends the settings as entered now instead of after the pause (no-op when invalid).
  void applyNow();
  /// A line under the fields: how long the last re-evaluation took, or that it runs.
  void setStatus(const QString& text);

  QLineEdit* thresholdsEdit() const { return thresholds_; }
  SigmaTableModel* sigmaModel() const { return sigmaModel_; }
  /// The lower (`upper` false) or upper bound field of area range `index` (all, medium, large).
  QLineEdit* areaEdit(int index, bool upper) const;
  QSpinBox* maxDetsBox() const { return maxDets_; }
  QDoubleSpinBox* minScoreBox() const { return minScore_; }
  QPushButton* resetButton() const { return reset_; }

 Q_SIGNALS:
  /// The valid settings entered, each time they differ from those sent last.
  void settingsChanged(const posescope::EvalParams& settings);

 private:
  void fillFields(const EvalParams& params);
  void entriesEdited();
  void sendIfChanged();
  /// Parses the fields into settings; on failure sets `why` (naming the field) and returns nullopt.
  std::optional<EvalParams> parse(QString* why) const;
  void showState();

  std::optional<EvalParams> reference_;
  QString ownSettings_;  // "" when reference_ is valid.py's; else what the run was scored with
  std::optional<EvalParams> sent_;
  bool filling_ = false;
  QLabel* state_ = nullptr;
  QLineEdit* thresholds_ = nullptr;
  SigmaTableModel* sigmaModel_ = nullptr;
  QTableView* sigmaTable_ = nullptr;
  std::vector<QLabel*> areaLabels_;
  std::vector<QLineEdit*> areaLo_, areaHi_;
  QSpinBox* maxDets_ = nullptr;
  QCheckBox* useMinScore_ = nullptr;
  QDoubleSpinBox* minScore_ = nullptr;
  QLabel* error_ = nullptr;
  QLabel* status_ = nullptr;
  QPushButton* reset_ = nullptr;
  QTimer* settle_ = nullptr;
};

}  // namespace posescope

#include "report_pdf/chart_style.h"

#include <QObject>

#include "render/palette.h"

namespace posescope {

QColor jointLabelChartColor(JointLabel label) {
  const cv::Scalar c = jointLabelColor(label);  // RGB order
  return QColor(static_cast<int>(c[0]), static_cast<int>(c[1]), static_cast<int>(c[2]));
}

QColor errorTypeColor(ErrorType error) {
  switch (error) {
    case ErrorType::Miss:
      return jointLabelChartColor(JointLabel::Miss);
    case ErrorType::Swap:
      return jointLabelChartColor(JointLabel::Swap);
    case ErrorType::Inversion:
      return jointLabelChartColor(JointLabel::Inversion);
    case ErrorType::Jitter:
      return jointLabelChartColor(JointLabel::Jitter);
    case ErrorType::Score:
      return QColor(0x76, 0xb7, 0xb2);
    case ErrorType::BackgroundFP:
      return QColor(0x9c, 0x75, 0x5f);
    case ErrorType::FalseNeg:
      return QColor(0xff, 0x9d, 0xa7);
    case ErrorType::Baseline:
      break;
  }
  return QColor(0x9a, 0x9a, 0x9a);
}

QString errorTypeTitle(ErrorType error) {
  switch (error) {
    case ErrorType::Baseline:
      return QObject::tr("baseline");
    case ErrorType::Miss:
      return QObject::tr("miss");
    case ErrorType::Swap:
      return QObject::tr("swap");
    case ErrorType::Inversion:
      return QObject::tr("inversion");
    case ErrorType::Jitter:
      return QObject::tr("jitter");
    case ErrorType::Score:
      return QObject::tr("score");
    case ErrorType::BackgroundFP:
      return QObject::tr("background FP");
    case ErrorType::FalseNeg:
      return QObject::tr("false negatives");
  }
  return {};
}

}  // namespace posescope

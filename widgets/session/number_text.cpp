#include "widgets/session/number_text.h"

namespace posescope {

QString formatCount(std::int64_t n) {
  if (n >= 1000000000) return QStringLiteral("%1 G").arg(n / 1e9, 0, 'f', 2);
  if (n >= 1000000) return QStringLiteral("%1 M").arg(n / 1e6, 0, 'f', 2);
  if (n >= 1000) return QStringLiteral("%1 K").arg(n / 1e3, 0, 'f', 1);
  return QString::number(n);
}

}  // namespace posescope

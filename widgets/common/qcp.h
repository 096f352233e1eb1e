#pragma once
// QCustomPlot's header under the project's QT_NO_KEYWORDS: it spells `signals` and `foreach`,
// so both are mapped to their Q_ forms around the include and removed again afterwards.

#ifndef signals
#define signals Q_SIGNALS
#define POSESCOPE_QCP_UNDEF_SIGNALS
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define POSESCOPE_QCP_UNDEF_FOREACH
#endif

#include <qcustomplot.h>

#ifdef POSESCOPE_QCP_UNDEF_SIGNALS
#undef signals
#undef POSESCOPE_QCP_UNDEF_SIGNALS
#endif
#ifdef POSESCOPE_QCP_UNDEF_FOREACH
#undef foreach
#undef POSESCOPE_QCP_UNDEF_FOREACH
#endif

#include "widgets/common/view_query_bar.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStringListModel>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "report/view_query.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

namespace {

// How long typing must pause before the query is applied.
constexpr int kDebounceMs = 400;

const QString kOperatorChars = QStringLiteral("<>=!~");

const PropertyInfo* propertyNamed(const QString& word) {
  for (const PropertyInfo& p : viewProperties())
    if (word.compare(QString::fromStdString(p.name), Qt::CaseInsensitive) == 0) return &p;
  return nullptr;
}

// A value the query reads as one word (else it is quoted).
const QRegularExpression kOneWord(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]*$"));

// `text` in the quotes it does not hold.
QString quoted(const QString& text) {
  const QChar quote = text.contains(QLatin1Char('"')) ? QLatin1Char('\'') : QLatin1Char('"');
  return quote + text + quote;
}

// The last whitespace-separated word of `text` (trimmed).
QString lastWord(const QString& text) {
  const QString trimmed = text.trimmed();
  return trimmed.mid(trimmed.lastIndexOf(QLatin1Char(' ')) + 1);
}

}  // namespace

QueryCompletions queryCompletions(const QString& text, int cursor, const QStringList& tagNames) {
  cursor = std::clamp(cursor, 0, static_cast<int>(text.size()));
  QueryCompletions out;
  int start = cursor;
  while (start > 0 && !text[start - 1].isSpace() && !kOperatorChars.contains(text[start - 1]))
    --start;
  out.start = start;
  const QString before = text.left(start).trimmed();
  if (!before.isEmpty() && kOperatorChars.contains(before.back())) {
    // A value: the choices of the property before the operator.
    QString head = before;
    while (!head.isEmpty() && kOperatorChars.contains(head.back())) head.chop(1);
    if (const PropertyInfo* p = propertyNamed(lastWord(head))) {
      if (p->type == PropertyType::Choice)
        for (const std::string& choice : p->choices)
          out.candidates << QString::fromStdString(choice);
      if (p->type == PropertyType::Flag)
        out.candidates << QStringLiteral("true") << QStringLiteral("false");
      if (p->name == "tag" || p->name == "person_tag")
        for (const QString& name : tagNames)
          out.candidates << (kOneWord.match(name).hasMatch() ? name : quoted(name));
    }
    return out;
  }
  const QString last = lastWord(before);
  if (const PropertyInfo* p = propertyNamed(last)) {
    out.candidates << QStringLiteral("<") << QStringLiteral("<=") << QStringLiteral(">")
                   << QStringLiteral(">=") << QStringLiteral("=") << QStringLiteral("!=");
    if (p->type == PropertyType::Text) out.candidates << QStringLiteral("~");
    if (p->type == PropertyType::Flag) out.candidates = QStringList{QStringLiteral("and")};
    return out;
  }
  if (before.isEmpty() || last.compare(QLatin1String("and"), Qt::CaseInsensitive) == 0 ||
      last.compare(QLatin1String("not"), Qt::CaseInsensitive) == 0) {
    for (const PropertyInfo& p : viewProperties()) out.candidates << QString::fromStdString(p.name);
    if (last.compare(QLatin1String("not"), Qt::CaseInsensitive) != 0)
      out.candidates << QStringLiteral("not");
    return out;
  }
  out.candidates << QStringLiteral("and");  // after a value
  return out;
}

ViewQueryBar::ViewQueryBar(QWidget* parent) : QWidget(parent) {
  edit_ = new QLineEdit;
  edit_->setObjectName(QStringLiteral("viewQueryEdit"));
  edit_->setClearButtonEnabled(true);
  edit_->setPlaceholderText(tr("View: e.g. area > 9216 and swaps > 0"));
  QStringList help;
  for (const PropertyInfo& p : viewProperties())
    help << QStringLiteral("<b>%1</b> %2")
                .arg(QString::fromStdString(p.name),
                     QString::fromStdString(p.help).toHtmlEscaped());
  edit_->setToolTip(tr("Keep the images whose properties satisfy a query (docs/views.md): "
                       "conditions joined by <i>and</i>, e.g. <tt>area &gt; 9216 and swaps &gt; "
                       "0</tt>. A person's conditions hold for one person at once.<br>") +
                    help.join(QStringLiteral("<br>")));
  candidates_ = new QStringListModel(this);
  completer_ = new QCompleter(candidates_, this);
  completer_->setCaseSensitivity(Qt::CaseInsensitive);
  completer_->setCompletionMode(QCompleter::PopupCompletion);
  completer_->setWidget(edit_);
  connect(completer_, qOverload<const QString&>(&QCompleter::activated), this,
          &ViewQueryBar::insertCompletion);
  debounce_ = new QTimer(this);
  debounce_->setSingleShot(true);
  debounce_->setInterval(kDebounceMs);
  connect(debounce_, &QTimer::timeout, this, &ViewQueryBar::apply);
  connect(edit_, &QLineEdit::textEdited, this, [this] {
    debounce_->start();
    complete();
  });
  // The clear button changes the text without textEdited.
  connect(edit_, &QLineEdit::textChanged, this, [this](const QString& text) {
    if (text.isEmpty() && view_ && !view_->queryText().isEmpty()) debounce_->start();
  });
  connect(edit_, &QLineEdit::returnPressed, this, [this] {
    if (completer_->popup()->isVisible()) return;
    debounce_->stop();
    apply();
  });
  saved_ = new QComboBox;
  saved_->setObjectName(QStringLiteral("savedViewsBox"));
  saved_->setPlaceholderText(tr("Saved views"));
  saved_->setToolTip(tr("The views saved in the run folder (views.json)"));
  connect(saved_, &QComboBox::activated, this, [this](int index) {
    edit_->setText(saved_->itemData(index).toString());
    debounce_->stop();
    apply();
  });
  save_ = new QToolButton;
  save_->setObjectName(QStringLiteral("saveViewButton"));
  save_->setText(tr("Save View\u2026"));
  save_->setToolTip(tr("Save this query by name in the run folder (views.json)"));
  connect(save_, &QToolButton::clicked, this, [this] {
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save View"), tr("Name of the view:"),
                                               QLineEdit::Normal, {}, &ok);
    if (ok) saveView(name);
  });
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("viewQueryStatus"));
  status_->setWordWrap(true);
  status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->hide();
  // The query has the list's whole width (a query's error names its column, which must be in
  // sight); the saved views and Save View go on the row below it.
  auto* savedRow = new QHBoxLayout;
  savedRow->setContentsMargins(0, 0, 0, 0);
  savedRow->setSpacing(2);
  savedRow->addWidget(saved_, 1);
  savedRow->addWidget(save_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(1);
  layout->addWidget(edit_);
  layout->addLayout(savedRow);
  layout->addWidget(status_);
  setEnabled(false);  // until it follows a view
}

void ViewQueryBar::followView(RunViewState* view) {
  view_ = view;
  setEnabled(true);
  connect(view, &RunViewState::viewChanged, this, &ViewQueryBar::showState);
  connect(view, &RunViewState::savedViewsChanged, this, &ViewQueryBar::listSavedViews);
  showState();
  listSavedViews();
}

bool ViewQueryBar::saveView(const QString& name) {
  if (!view_) return false;
  debounce_->stop();
  if (edit_->text() != view_->queryText()) apply();
  if (!view_->saveView(name)) return false;
  // Said where the user looks: the saved views' box shows it, the line under the query names it.
  saved_->setCurrentIndex(saved_->findText(name.trimmed()));
  const QString said =
      tr("saved as the view '%1' in the run folder (views.json)").arg(name.trimmed());
  status_->setText(status_->text().isEmpty() ? said : status_->text() + " \u00b7 " + said);
  status_->show();
  return true;
}

QString ViewQueryBar::statusText() const {
  return status_->isHidden() ? QString() : status_->text();
}

void ViewQueryBar::apply() {
  if (view_ && edit_->text() != view_->queryText()) view_->setQuery(edit_->text());
}

void ViewQueryBar::complete() {
  QStringList tagNames;
  if (view_)
    for (const RunTag& tag : view_->tags())
      if (!tagNames.contains(QString::fromStdString(tag.tag)))
        tagNames << QString::fromStdString(tag.tag);
  const QueryCompletions completions =
      queryCompletions(edit_->text(), edit_->cursorPosition(), tagNames);
  completionStart_ = completions.start;
  candidates_->setStringList(completions.candidates);
  const QString prefix =
      edit_->text().mid(completions.start, edit_->cursorPosition() - completions.start);
  completer_->setCompletionPrefix(prefix);
  const bool exact = completions.candidates.contains(prefix, Qt::CaseInsensitive);
  if (completions.candidates.isEmpty() || exact || completer_->completionCount() == 0) {
    completer_->popup()->hide();
    return;
  }
  completer_->complete();
}

void ViewQueryBar::insertCompletion(const QString& completion) {
  QString text = edit_->text();
  const int cursor = edit_->cursorPosition();
  text.replace(completionStart_, cursor - completionStart_, completion + QLatin1Char(' '));
  edit_->setText(text);
  edit_->setCursorPosition(completionStart_ + static_cast<int>(completion.size()) + 1);
  debounce_->start();
}

void ViewQueryBar::showState() {
  // Another bar (or a new run) changed the query: show it, unless this one is being typed in.
  if (!debounce_->isActive() && edit_->text() != view_->queryText())
    edit_->setText(view_->queryText());
  const QString text = view_->statusText();
  status_->setText(text);
  status_->setStyleSheet(view_->statusIsError() ? QStringLiteral("QLabel { color: #c01c28; }")
                                                : QString());
  status_->setVisible(!text.isEmpty());
}

void ViewQueryBar::listSavedViews() {
  saved_->clear();
  for (const SavedView& view : view_->savedViews())
    saved_->addItem(QString::fromStdString(view.name), QString::fromStdString(view.query));
  saved_->setCurrentIndex(-1);
}

}  // namespace posescope

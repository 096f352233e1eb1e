#pragma once
// Answers the modal dialogs that an action opens with exec() (file dialogs, message boxes) from
// inside the dialog's own event loop, so that a test can trigger a menu action and then check
// what followed. Qt's own dialogs are used (Qt::AA_DontUseNativeDialogs), which a test can drive.

#include <QApplication>
#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QList>
#include <QMessageBox>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <functional>
#include <utility>

namespace posescope::test {

/// One dialog seen: its class, title and what it said (a message box's text, a file dialog's
/// name filters joined by ";;").
struct SeenDialog {
  QString className;
  QString title;
  QString text;
};

/// Watches for modal dialogs and answers the i-th one shown with answers[i]. A dialog beyond the
/// list is rejected, and one still open after its answer (a file dialog that refused the path) is
/// rejected too, so a test never blocks; seen() says what was shown, for the test to check.
class ModalDialogs : public QObject {
 public:
  using Answer = std::function<void(QDialog*)>;

  explicit ModalDialogs(QList<Answer> answers = {}) : answers_(std::move(answers)) {
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    timer_.setInterval(10);
    connect(&timer_, &QTimer::timeout, this, &ModalDialogs::poll);
    timer_.start();
  }

  const QList<SeenDialog>& seen() const { return seen_; }
  /// Dialogs still open after their answer (each was rejected instead).
  int ignoredAnswers() const { return ignored_; }

  /// Chooses `path` in a file dialog (an existing file, or a folder for getExistingDirectory).
  static Answer choose(const QString& path) {
    return [path](QDialog* dialog) {
      auto* files = qobject_cast<QFileDialog*>(dialog);
      if (!files) {
        dialog->reject();
        return;
      }
      // The name typed into the dialog's own field: selectFile() leaves that field alone while
      // it has the focus, and an empty field makes accept() open the folder instead.
      const QFileInfo info(path);
      files->setDirectory(info.absolutePath());
      if (auto* name = files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
        name->setText(info.fileName());
      else
        files->selectFile(path);
      dialog->accept();  // QFileDialog::accept (protected there): checks the path, then closes
    };
  }
  /// Cancels a file dialog, closes a message box.
  static Answer reject() {
    return [](QDialog* dialog) { dialog->reject(); };
  }
  /// Presses a message box's default (OK) button.
  static Answer accept() {
    return [](QDialog* dialog) { dialog->accept(); };
  }

 private:
  void poll() {
    QDialog* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    if (!dialog || !dialog->isVisible()) return;
    if (dialog == answered_) {  // its answer did not close it: close it so nothing blocks
      ++ignored_;
      dialog->reject();
      return;
    }
    SeenDialog seen{
        QString::fromLatin1(dialog->metaObject()->className()), dialog->windowTitle(), {}};
    if (auto* box = qobject_cast<QMessageBox*>(dialog)) seen.text = box->text();
    if (auto* files = qobject_cast<QFileDialog*>(dialog))
      seen.text = files->nameFilters().join(QStringLiteral(";;"));
    const int index = static_cast<int>(seen_.size());
    seen_.append(seen);
    answered_ = dialog;
    if (index < answers_.size())
      answers_[index](dialog);
    else
      dialog->reject();
  }

  QList<Answer> answers_;
  QList<SeenDialog> seen_;
  QPointer<QDialog> answered_;
  int ignored_ = 0;
  QTimer timer_;
};

}  // namespace posescope::test

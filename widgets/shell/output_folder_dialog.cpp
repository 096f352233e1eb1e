#include "widgets/shell/output_folder_dialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace posescope {

namespace {

// What is said of a folder that cannot be created.
QString cannotCreate(const QString& folder) {
  return QObject::tr(
             "Cannot create the folder %1: check that its parent folder is writable and "
             "that no file has that name.")
      .arg(QDir::toNativeSeparators(folder));
}

// Creates `folder` with its parents (nothing to do when it is there); false when it cannot be.
bool makeFolder(const QString& folder) {
  return QFileInfo(folder).isDir() || QDir().mkpath(folder);
}

// Qt's folder dialog refuses a folder that does not exist ("Directory not found"): this one
// creates it first, so a new folder can be named by typing it.
class OutputFolderDialog : public QFileDialog {
 public:
  using QFileDialog::QFileDialog;

 protected:
  void accept() override {
    const QStringList folders = selectedFiles();
    if (!folders.isEmpty() && !makeFolder(folders.first())) {
      // Over the dialog, which stays open for another name; not a nested event loop.
      auto* box = new QMessageBox(QMessageBox::Warning, windowTitle(),
                                  cannotCreate(folders.first()), QMessageBox::Ok, this);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
      return;
    }
    QFileDialog::accept();
  }
};

}  // namespace

QString askOutputFolder(QWidget* parent, const QString& title, const QString& startFolder) {
  OutputFolderDialog dialog(parent, title, startFolder);
  dialog.setFileMode(QFileDialog::Directory);
  dialog.setOption(QFileDialog::ShowDirsOnly);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return {};
  QString folder = dialog.selectedFiles().first();
  // The platform's dialog does not go through accept() above.
  if (makeFolder(folder)) return folder;
  QMessageBox::warning(parent, title, cannotCreate(folder));
  return {};
}

}  // namespace posescope

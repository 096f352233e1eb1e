#pragma once
// The folder dialog of exports that write many files (the overlays): an existing folder, or a new
// one the user names, which is created instead of being refused.

#include <QString>

class QWidget;

namespace posescope {

/// Asks for a folder to write into, starting in `startFolder`. A folder that does not exist yet
/// (a new name typed in the dialog) is created with its parents when the dialog is accepted; one
/// that cannot be created is said in a message box naming it, and the dialog stays open. Returns
/// the folder, or "" when the user cancels (or, with the platform's own dialog, when the folder
/// it returned cannot be created: said the same way).
QString askOutputFolder(QWidget* parent, const QString& title, const QString& startFolder);

}  // namespace posescope

import Foundation

/// Writes one line of progress to standard error, keeping standard output for the tables.
func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

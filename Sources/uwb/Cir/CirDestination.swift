import Foundation

/// Where `uwb cir --output` sends the response: a file (replaced), or standard output for none or `-`.
struct CirDestination {
    /// The file, or `nil` (or `-`) for standard output.
    let path: String?

    /// The file, unless the output goes to standard output.
    private var file: String? {
        path.flatMap { $0 == "-" ? nil : $0 }
    }

    /// Creates the file empty, so that a path that cannot be written is told before the radio or
    /// the scenario runs.
    ///
    /// - Throws: `CommandFailure` saying why the file cannot be written.
    func prepare() throws {
        try write(Data())
    }

    /// Writes `text` and a newline to the file or standard output.
    ///
    /// - Throws: `CommandFailure` saying why the file cannot be written.
    func write(_ text: String) throws {
        guard file != nil else {
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
            return
        }
        try write(Data((text + "\n").utf8))
    }

    /// Removes the file ``prepare()`` created, after a run that wrote nothing to it.
    func discard() {
        guard let file else { return }
        try? FileManager.default.removeItem(atPath: file)
    }

    /// Replaces the file's contents with `data`.
    private func write(_ data: Data) throws {
        guard let file else { return }
        do {
            try data.write(to: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure("cannot write \(file): \(error.localizedDescription); check that the directory exists and is writable")
        }
    }
}

import Foundation

/// The inputs of a corpus: a file, or every regular file of a directory in name order.
enum FuzzCorpus {
    /// The contents of the file at `path`, or of each file in the directory at `path`.
    ///
    /// - Throws: `CocoaError` when a path cannot be read; say which in the message.
    static func inputs(at path: String) throws -> [[UInt8]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        guard isDirectory.boolValue else { return [Array(try Data(contentsOf: URL(fileURLWithPath: path)))] }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted().compactMap { name in
            let file = URL(fileURLWithPath: path).appendingPathComponent(name)
            let values = try file.resourceValues(forKeys: [.isRegularFileKey])
            return values.isRegularFile == true ? Array(try Data(contentsOf: file)) : nil
        }
    }
}

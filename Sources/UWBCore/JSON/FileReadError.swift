import Foundation

/// A file that could not be read, with the operating system's reason.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// Why it could not be read, for example "No such file or directory".
    public let reason: String

    /// An error about `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The whole contents of the file at `path`.
    ///
    /// - Throws: ``FileReadError`` with the operating system's reason.
    public static func contents(ofFile path: String) throws(FileReadError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FileReadError(path: path, reason: readableReason(error))
        }
    }

    /// `cannot read <path>: <reason>; check the path`.
    public var description: String {
        "cannot read \(path): \(reason); check the path"
    }
}

/// A short reason for a failed file-system call: the operating system's message (for example
/// "No such file or directory") when Foundation wraps one, else Foundation's own description.
func readableReason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
        let underlyingNSError = underlying as NSError
        if underlyingNSError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlyingNSError.code)))
        }
    }
    return nsError.localizedDescription
}

import Foundation

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

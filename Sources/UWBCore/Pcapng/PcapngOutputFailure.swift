/// Why a ``PcapngFileOutput`` could not open, write or close its file: the operating system's
/// reason; each writer names the file in its own error.
package struct PcapngOutputFailure: Error, Sendable {
    /// The reason, for example "No such file or directory".
    package let reason: String
}

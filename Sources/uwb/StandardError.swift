import Foundation

/// Standard error, where the commands say what is not part of their output (notes, summaries,
/// timings), so that standard output repeats byte for byte.
enum StandardError {
    /// Writes `text` and a newline.
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

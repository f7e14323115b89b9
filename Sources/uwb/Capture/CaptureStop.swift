/// Why a capture ended.
enum CaptureStop: Equatable, CustomStringConvertible {
    /// `--count` frames were written.
    case countReached(Int)
    /// `--duration` passed on the radio's clock.
    case durationPassed(Duration)
    /// Ctrl-C or SIGTERM (Wireshark stopping its extcap).
    case interrupted
    /// The radio went away; the text says why.
    case radioLost(String)
    /// The reader of the pipe the trace went to (Wireshark, tshark, `| head`) closed it.
    case readerClosed
    /// The output could not be written; the text says why.
    case writeFailed(String)

    /// Whether the capture ended as asked (the command then exits 0).
    var isClean: Bool {
        switch self {
        case .countReached, .durationPassed, .interrupted, .readerClosed: true
        case .radioLost, .writeFailed: false
        }
    }

    /// How the summary says it.
    var description: String {
        switch self {
        case .countReached(let count): "--count \(count) reached"
        case .durationPassed(let duration): "--duration \(duration.secondsValue) s passed on the radio's clock"
        case .interrupted: "interrupted"
        case .radioLost(let reason): "the radio was lost: \(reason)"
        case .readerClosed: "the reader of the pipe closed it"
        case .writeFailed(let reason): reason
        }
    }
}

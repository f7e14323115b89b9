/// Why a trace metadata comment does not follow the grammar of ``TraceMetadataComment``; the
/// reader wraps it, with the block's offset, into ``TraceError/malformedMetadata(offset:reason:)``.
struct MalformedMetadata: Error {
    /// What is wrong, as a clause ("it does not start with from=").
    let reason: String

    /// A problem described by `reason`.
    init(_ reason: String) {
        self.reason = reason
    }
}

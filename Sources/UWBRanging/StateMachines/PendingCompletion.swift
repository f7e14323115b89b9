/// A round whose closing frame chip 0 has received, waiting for the other chips' receptions of
/// it (multi-chip boards) before it is reported.
struct PendingCompletion: Hashable {
    /// The round, without its receptions.
    var round: CompletedRound
    /// The octets of each frame this side received in the round, by message.
    let frames: [RangingMessageType: [UInt8]]
    /// The closing frame, which every chip should deliver.
    let closingFrame: [UInt8]

    /// The round with the receptions collected so far.
    func completed(with receptions: ChipReceptions) -> CompletedRound {
        var completed = round
        completed.receptions = frames.mapValues { receptions.diagnostics(of: $0) }
        return completed
    }
}

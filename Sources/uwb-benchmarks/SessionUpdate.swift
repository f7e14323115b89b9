import Foundation

/// One update line of `uwb session`, `{"t":<virtual seconds>,"distance":<metres>}`, and when the
/// benchmark read it.
struct SessionUpdate {
    /// Seconds on the radio's clock (virtual time on the emulator).
    let time: Double
    /// Metres.
    let distance: Double
    /// When the benchmark read the line.
    let arrival: ContinuousClock.Instant

    /// The line's JSON object.
    private struct Fields: Decodable {
        /// Seconds on the radio's clock.
        let t: Double
        /// Metres.
        let distance: Double
    }

    /// The update on `line`; nil if the line is not one (the session's closing messages).
    init?(_ line: OutputReader.Line) {
        guard line.text.hasPrefix("{"),
              let fields = try? JSONDecoder().decode(Fields.self, from: Data(line.text.utf8))
        else { return nil }
        time = fields.t
        distance = fields.distance
        arrival = line.arrival
    }
}

import UWBEmulator

/// One device's row of `uwb emulate`'s summary (``SummaryTable``): what it sent and heard and its
/// driver's first errors. Codable, so that each rank of an MPI job sends its own devices' rows to the first.
struct DeviceSummary: Codable, Hashable {
    /// The device's place in the scenario.
    let index: Int
    let name: String
    let sent: Int
    let received: Int
    let lost: Int
    let collided: Int
    /// How many errors its driver reported.
    let errorCount: Int
    /// The first three of them.
    let firstErrors: [String]

    /// The rows of `emulation`'s devices that run in part `part`, or of all of them if `part` is `nil`.
    static func rows(of emulation: Emulation, part: Int? = nil) -> [DeviceSummary] {
        zip(emulation.statistics, emulation.devices).enumerated().compactMap { index, pair in
            let (statistics, device) = pair
            guard part == nil || device.part == part else { return nil }
            return DeviceSummary(
                index: index, name: statistics.name, sent: statistics.sent, received: statistics.received, lost: statistics.lost,
                collided: statistics.collided, errorCount: device.radio.errors.count,
                firstErrors: device.radio.errors.prefix(3).map { "\($0)" })
        }
    }
}

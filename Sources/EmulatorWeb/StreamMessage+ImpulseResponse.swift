import UWBCore
import UWBEmulatorService

extension StreamMessage {
    /// The `cir` message answering the command `id`: the chip's last impulse response, its instant in
    /// seconds, the tap spacing in nanoseconds, the window's first tap and magnitudes (to 0.1), the first
    /// path's index (to a thousandth of a tap), the peak's, the threshold and noise (to 0.01), the levels
    /// in dBm (to 0.01 dB) and the symbols accumulated.
    static func impulseResponseJSON(id: Int, _ response: ChipImpulseResponse) -> StreamJSON {
        .object([
            ("type", .string("cir")),
            ("id", .integer(id)),
            ("device", .integer(response.device)),
            ("chip", .integer(response.chip)),
            ("t", seconds(response.time)),
            ("sampleNanoseconds", .number(response.samplePeriod.secondsValue * 1e9, decimals: 6)),
            ("firstTap", .integer(response.firstTap)),
            ("magnitudes", .array(response.magnitudes.map { .number($0, decimals: 1) })),
            ("firstPath", .number(response.firstPath, decimals: 3)),
            ("peak", .integer(response.peak)),
            ("threshold", .number(response.threshold, decimals: 2)),
            ("noise", .number(response.noise, decimals: 2)),
            ("receivedLevelDBm", .number(response.receivedLevel.dBm, decimals: 2)),
            ("firstPathLevelDBm", .number(response.firstPathLevel.dBm, decimals: 2)),
            ("accumulated", .integer(response.accumulated)),
        ])
    }
}

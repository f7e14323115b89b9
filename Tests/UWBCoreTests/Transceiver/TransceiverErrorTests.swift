import Testing
import UWBCore

@Suite("TransceiverError: which errors mean the radio is lost")
struct TransceiverErrorTests {
    static let classification: [(TransceiverError, Bool)] = [
        (.bus(.disconnected("unplugged")), true),
        (.bus(.timedOut("no answer")), true),
        (.bus(.transferFailed("stall")), true),
        (.bus(.invalidChipSelect(-1)), true),
        (.bus(.noSuchChip(.first, chipCount: 0)), true),
        (.hardwareFault("PLL lost lock"), true),
        (.notConfigured, true),
        (.lateTransmission(scheduled: DeviceTime(wrapping: 1)), false),
        (.lateReception(scheduled: DeviceTime(wrapping: 1)), false),
        (.frameTooLong(length: 200, maximum: 127), false),
        (.durationOutOfRange(DeviceDuration(ticks: 1 << 40), maximum: DeviceDuration(ticks: 1 << 32), what: "a timeout"), false),
    ]

    @Test("bus errors, hardware faults and a lost configuration mean the radio is lost; one refused operation does not",
          arguments: classification)
    func meansRadioLost(error: TransceiverError, lost: Bool) {
        #expect(error.meansRadioLost == lost, "\(error)")
    }
}

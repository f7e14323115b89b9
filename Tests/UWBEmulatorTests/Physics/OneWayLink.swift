import DW1000Driver
import UWBCore
@testable import UWBEmulator

/// One device sends frames, another listens on every chip: the raw material of the link physics
/// tests. Returns each frame's TX timestamp and what each receiving chip reported.
struct OneWayLink {
    /// A received frame with the TX timestamp of the transmission it belongs to.
    struct Reception {
        let transmitted: DeviceTime
        let chip: Int
        let frame: ReceivedFrame
    }

    let world: Emulation
    var transmitted: [DeviceTime] = []
    var receptions: [Reception] = []
    var failures: [TransceiverEvent] = []

    static let frame: [UInt8] = [0x41, 0x88, 0, 0xCA, 0xDE, 0xFF, 0xFF, 0x01, 0x00, 0x42]

    /// Sends `count` frames `period` apart from `sender` to `receiver` and runs the world.
    static func run(
        in world: Emulation, sender: DeviceSetup, receiver: DeviceSetup, count: Int, period: Duration = .milliseconds(5),
        prepare: (_ sender: EmulatedDevice, _ receiver: EmulatedDevice) throws -> Void = { _, _ in }
    ) throws -> OneWayLink {
        var link = OneWayLink(world: world)
        var transmitted: [DeviceTime] = []
        var receptions: [Reception] = []
        var failures: [TransceiverEvent] = []
        let ahead = try DeviceDuration.microseconds(300)
        let senderApp = { ClosureApplication(on: $0, onStart: { radio in
            for index in 0..<count {
                radio.schedule(after: period * (index + 1)) {
                    attempt(radio) { () throws(TransceiverError) in
                        let now = try radio.primary.systemTime()
                        transmitted.append(try radio.primary.transmit(frame, at: now + ahead, awaiting: nil))
                    }
                }
            }
        }) }
        let receiverApp = { ClosureApplication(
            on: $0,
            onStart: { radio in
                for transceiver in radio.transceivers {
                    attempt(radio) { () throws(TransceiverError) in try transceiver.enableReceiver(.untilTurnedOff) }
                }
            },
            onEvent: { event, chip, radio in
                switch event {
                case .frameReceived(let frame):
                    receptions.append(Reception(transmitted: transmitted.last ?? .zero, chip: chip, frame: frame))
                default:
                    failures.append(event)
                }
                attempt(radio) { () throws(TransceiverError) in try radio.transceivers[chip].enableReceiver(.untilTurnedOff) }
            }) }
        let sending = try world.add(sender, application: senderApp)
        let receiving = try world.add(receiver, application: receiverApp)
        try prepare(sending, receiving)
        world.run(until: SimulationTime(seconds: Double(count + 2) * period.secondsValue))
        link.transmitted = transmitted
        link.receptions = receptions
        link.failures = failures
        return link
    }
}

/// The mean of some numbers.
func mean(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
}

/// The sample standard deviation of some numbers.
func standardDeviation(_ values: [Double]) -> Double {
    let average = mean(values)
    return (values.map { ($0 - average) * ($0 - average) }.reduce(0, +) / Double(max(1, values.count - 1))).squareRoot()
}

/// Runs a transceiver call in a test, recording a failure instead of throwing out of a closure.
func attempt(_ radio: EmulatedRadio, _ body: () throws(TransceiverError) -> Void) {
    do {
        try body()
    } catch {
        radio.record(error)
    }
}

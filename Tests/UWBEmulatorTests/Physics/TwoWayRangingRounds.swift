import UWBCore
@testable import UWBEmulator

/// The timestamps of one double-sided two-way ranging round, each on its own device's clock.
struct RoundTimestamps {
    var pollTransmitted: DeviceTime?
    var pollReceived: DeviceTime?
    var responseTransmitted: DeviceTime?
    var responseReceived: DeviceTime?
    var finalTransmitted: DeviceTime?
    var finalReceived: DeviceTime?

    /// Ra, Db, Da, Rb in ticks, if the round completed.
    var intervals: (roundA: Double, replyB: Double, replyA: Double, roundB: Double)? {
        guard let pollTransmitted, let pollReceived, let responseTransmitted, let responseReceived,
              let finalTransmitted, let finalReceived else { return nil }
        return (Double(responseReceived.elapsed(since: pollTransmitted).ticks),
                Double(responseTransmitted.elapsed(since: pollReceived).ticks),
                Double(finalTransmitted.elapsed(since: responseReceived).ticks),
                Double(finalReceived.elapsed(since: responseTransmitted).ticks))
    }

    /// Single-sided TWR without clock correction: (Ra − Db) / 2, in metres.
    var singleSidedDistance: Double? {
        intervals.map { ($0.roundA - $0.replyB) / 2 * DeviceDuration(ticks: 1).lightTravelDistance.metres }
    }

    /// Asymmetric double-sided TWR: (Ra·Rb − Da·Db) / (Ra + Rb + Da + Db), in metres.
    var doubleSidedDistance: Double? {
        intervals.map { value in
            (value.roundA * value.roundB - value.replyA * value.replyB)
                / (value.roundA + value.roundB + value.replyA + value.replyB)
                * DeviceDuration(ticks: 1).lightTravelDistance.metres
        }
    }
}

/// Scripts poll → response → final rounds between two devices with the real driver on the
/// virtual chips: replies go out by delayed TX a fixed time after the frame they answer.
enum TwoWayRangingRounds {
    static let poll: [UInt8] = [0x41, 0x88, 0, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x21]
    static let response: [UInt8] = [0x41, 0x88, 0, 0xCA, 0xDE, 0x01, 0x00, 0x02, 0x00, 0x10]
    static let final: [UInt8] = [0x41, 0x88, 0, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00, 0x23]

    /// Runs `count` rounds, one every `period`, and returns their timestamps.
    static func run(
        in world: Emulation, initiator: DeviceSetup, responder: DeviceSetup, count: Int,
        responderReply: DeviceDuration, initiatorReply: DeviceDuration, period: Duration = .milliseconds(20)
    ) throws -> [RoundTimestamps] {
        var rounds: [RoundTimestamps] = []
        let listen = ResponseWindow(delay: .zero, timeout: nil)
        let ahead = try DeviceDuration.microseconds(300)
        let initiatorApp = ClosureApplication(on: try world.add(initiator).radio)
        initiatorApp.onStart = { radio in
            for index in 0..<count {
                radio.schedule(after: period * (index + 1)) {
                    attempt(radio) { () throws(TransceiverError) in
                        rounds.append(RoundTimestamps())
                        try radio.primary.turnOff()
                        let now = try radio.primary.systemTime()
                        rounds[rounds.count - 1].pollTransmitted = try radio.primary.transmit(
                            poll, at: now + ahead, awaiting: listen)
                    }
                }
            }
        }
        initiatorApp.onEvent = { event, chip, radio in
            guard chip == 0, case .frameReceived(let frame) = event, frame.frame.last == response.last else { return }
            attempt(radio) { () throws(TransceiverError) in
                rounds[rounds.count - 1].responseReceived = frame.timestamp
                rounds[rounds.count - 1].finalTransmitted = try radio.primary.transmit(
                    final, at: frame.timestamp + initiatorReply, awaiting: nil)
            }
        }
        let responderApp = ClosureApplication(on: try world.add(responder).radio)
        responderApp.onStart = { radio in
            attempt(radio) { () throws(TransceiverError) in try radio.primary.enableReceiver(.untilTurnedOff) }
        }
        responderApp.onEvent = { event, chip, radio in
            guard chip == 0 else { return }
            attempt(radio) { () throws(TransceiverError) in
                guard case .frameReceived(let frame) = event, !rounds.isEmpty else {
                    try radio.primary.enableReceiver(.untilTurnedOff)
                    return
                }
                if frame.frame.last == poll.last {
                    rounds[rounds.count - 1].pollReceived = frame.timestamp
                    rounds[rounds.count - 1].responseTransmitted = try radio.primary.transmit(
                        response, at: frame.timestamp + responderReply, awaiting: listen)
                } else {
                    rounds[rounds.count - 1].finalReceived = frame.timestamp
                    try radio.primary.enableReceiver(.untilTurnedOff)
                }
            }
        }
        initiatorApp.radio.adopt(initiatorApp)
        responderApp.radio.adopt(responderApp)
        world.run(until: SimulationTime(seconds: Double(count + 2) * period.secondsValue))
        return rounds
    }
}

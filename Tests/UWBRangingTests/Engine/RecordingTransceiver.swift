import UWBCore
import UWBRanging

/// A transceiver that records what it is asked to do and answers from settings, for testing the
/// radio loop without a radio.
final class RecordingTransceiver: Transceiver {
    enum Call: Equatable {
        case transmit(frame: [UInt8], at: DeviceTime, awaiting: ResponseWindow?)
        case transmitImmediately(frame: [UInt8], awaiting: ResponseWindow?)
        case enableReceiver(ReceiveWindow)
        case turnOff
        case systemTime
        case loadSecureTimestampSequence(frame: UInt32)
    }

    private(set) var calls: [Call] = []
    var now = DeviceTime(wrapping: 1_000_000)
    var transmitError: TransceiverError?
    /// When set, every operation is recorded and then fails with this error, as a radio that is gone does.
    var operationError: TransceiverError?
    var antennaDelay = DeviceDuration(ticks: 16_436)

    let capabilities = TransceiverCapabilities(
        coherentReceivers: 1, maximumFrameLength: 127, delayedTransmitGranularity: DeviceDuration(ticks: 512),
        maximumReceiveTimeout: DeviceDuration(ticks: 65_535 * 65_536))

    func configure(_ config: RadioConfig) throws(TransceiverError) {}

    func systemTime() throws(TransceiverError) -> DeviceTime {
        calls.append(.systemTime)
        if let operationError { throw operationError }
        return now
    }

    func transmit(_ frame: [UInt8], at time: DeviceTime, awaiting response: ResponseWindow?) throws(TransceiverError) -> DeviceTime {
        calls.append(.transmit(frame: frame, at: time, awaiting: response))
        if let error = operationError ?? transmitError { throw error }
        return DeviceTime(wrapping: time.ticks & ~0x1FF) + antennaDelay
    }

    func transmitImmediately(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
        calls.append(.transmitImmediately(frame: frame, awaiting: response))
        if let operationError { throw operationError }
    }

    func enableReceiver(_ window: ReceiveWindow) throws(TransceiverError) {
        calls.append(.enableReceiver(window))
        if let operationError { throw operationError }
    }

    func loadSecureTimestampSequence(frame index: UInt32) throws(TransceiverError) {
        calls.append(.loadSecureTimestampSequence(frame: index))
        if let operationError { throw operationError }
    }

    func turnOff() throws(TransceiverError) {
        calls.append(.turnOff)
        if let operationError { throw operationError }
    }

    func handleInterrupt() throws(TransceiverError) -> [TransceiverEvent] { [] }

    func readChannelImpulseResponse(
        _ accumulator: ImpulseResponseAccumulator, samples: Range<Int>?
    ) throws(TransceiverError) -> ChannelImpulseResponse {
        throw .noReceptionToRead
    }

    func waitForInterrupt(until deadline: ContinuousClock.Instant) throws(TransceiverError) -> Bool { false }
}

/// A state machine that returns scripted commands and records its inputs.
final class ScriptedMachine: RangingStateMachine {
    var inputs: [RangingInput] = []
    var script: (RangingInput) -> [RangingCommand] = { _ in [] }

    func handle(_ input: RangingInput) -> [RangingCommand] {
        inputs.append(input)
        return script(input)
    }
}

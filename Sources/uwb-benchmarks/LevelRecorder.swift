import UWBCore
import UWBEmulator

/// Software on an emulated radio that runs a ``ScriptedTransmitter`` and notes the received level of every frame it
/// gets, by the sender's short address, as its chip reported it.
final class LevelRecorder: RadioEventHandler {
    private let transmitter: ScriptedTransmitter
    /// Per sender address, the levels its frames arrived at.
    private(set) var levels: [UInt16: [Double]] = [:]

    /// A recorder that also sends `transmitter`'s frames.
    init(_ transmitter: ScriptedTransmitter) {
        self.transmitter = transmitter
    }

    func radioStarted() {
        transmitter.radioStarted()
    }

    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        if chip == 0, case .frameReceived(let received) = event,
           let frame = try? MACFrame(decoding: received.frame, fcs: .absent),
           case .short(let sender)? = frame.source?.address {
            levels[sender, default: []].append(received.diagnostics.receivedLevel.dBm)
        }
        transmitter.radio(event, fromChip: chip)
    }
}

import Foundation
import UWBCore

extension DW1000 {
    /// Reads SYS_STATUS, turns what the driver handles into events, and clears exactly the bits
    /// it handled (write-1-to-clear), so that an event arriving meanwhile is not lost (UM §7.2.17).
    ///
    /// A TX-done event comes before a reception outcome, the order in which they happen with
    /// WAIT4RESP. After a failed reception or a timeout the receiver is reset, as UM §4.1.6
    /// recommends, so the next timestamp is right.
    public func handleInterrupt() throws(TransceiverError) -> [TransceiverEvent] {
        let status = try onBus { try port.readValue(.sysStatus, count: 4) }
        var events: [TransceiverEvent] = []
        var handled: UInt64 = 0
        if status & Register.SysStatus.txfrs.mask != 0 {
            let stamp = try onBus { try port.readValue(.txStamp) }
            events.append(.transmitted(at: DeviceTime(wrapping: stamp)))
            handled |= Self.transmitProgressEvents
        }
        if status & Register.SysStatus.rxfcg.mask != 0 {
            events.append(.frameReceived(try readReceivedFrame()))
            handled |= Self.receiveProgressEvents
        } else if let outcome = Self.receiveOutcome(status) {
            events.append(outcome)
            handled |= status & (Self.handledEvents | Self.receiveProgressEvents) & ~Register.SysStatus.txfrs.mask
        }
        guard handled != 0 else { return events }
        try onBus {
            try port.write(.sysStatus, value: handled, count: 4)
            if events.contains(where: Self.needsReceiverReset) {
                try port.write(.sysCtrl, value: Register.SysCtrl.trxoff.placing(1), count: 1)
                try port.write(.pmscCtrl0, value: 0xE0, offset: 3, count: 1)
                try port.write(.pmscCtrl0, value: 0xF0, offset: 3, count: 1)
            }
        }
        return events
    }

    /// The event for a failed reception or timeout in `status`, most specific first.
    static func receiveOutcome(_ status: UInt64) -> TransceiverEvent? {
        if let failure = receiveFailures.first(where: { status & $0.0.mask != 0 }) {
            return .receiveFailed(failure.1)
        }
        return status & Register.SysStatus.rxrfto.mask != 0 ? .receiveTimeout : nil
    }

    /// The failure each SYS_STATUS error bit reports, most specific first.
    static let receiveFailures: [(BitField, ReceiveFailure)] = [
            (Register.SysStatus.rxfce, .frameCheckFailed),
            (Register.SysStatus.rxphe, .phyHeaderError),
            (Register.SysStatus.rxrfsl, .reedSolomonSyncLoss),
            (Register.SysStatus.ldeerr, .leadingEdgeDetectionFailed),
            (Register.SysStatus.rxsfdto, .sfdTimeout),
            (Register.SysStatus.rxpto, .preambleTimeout),
            (Register.SysStatus.affrej, .frameFilterRejected),
        ]

    /// Whether an event leaves the receiver needing an RX-only soft reset (UM §4.1.6; Decawave's
    /// `dwt_isr` resets after every RX error and timeout).
    static func needsReceiverReset(_ event: TransceiverEvent) -> Bool {
        switch event {
        case .receiveFailed, .receiveTimeout: true
        case .frameReceived, .transmitted: false
        }
    }

    /// Reads a good frame: length, data without FCS, timestamp and diagnostics.
    private func readReceivedFrame() throws(TransceiverError) -> ReceivedFrame {
        let config = try requireConfiguration()
        let registers = try onBus { () throws -> ReceptionRegisters in
            let info = try port.readValue(.rxFinfo)
            let length = Int(Register.RxFinfo.rxflen.value(in: info) | Register.RxFinfo.rxfle.value(in: info) << 7)
            guard (FrameCheckSequence.length...DW1000Constants.maximumFrameLength).contains(length) else {
                throw SPIBusError.transferFailed("RX_FINFO reports a \(length)-octet frame with a good FCS, which the chip cannot receive; check the SPI wiring and clock")
            }
            return ReceptionRegisters(
                frameInformation: info,
                frame: try port.read(.rxBuffer, count: length - FrameCheckSequence.length),
                receiveTime: try port.read(.rxTime),
                frameQuality: try port.readValue(.rxFqual),
                timeTrackingOffset: try port.readValue(.rxTtcko),
                carrierIntegrator: try port.readValue(.drxCarInt),
                unsaturatedPreambleCount: try port.readValue(.rxpaccNosat))
        }
        var frame = registers.receivedFrame(config)
        if measuresFirstPathPhase {
            frame.diagnostics.firstPathPhase = try readFirstPathPhase(
                index: frame.diagnostics.firstPathIndex, carrierPhase: frame.diagnostics.carrierPhase)
        }
        return frame
    }

    /// The phase of the accumulator sample at the first path minus RCPHASE: the carrier phase at
    /// this chip's antenna, comparable between chips on one clock (Decawave's dual-DW1000 PDoA
    /// method, physics reference §4.1). Reading the accumulator needs the FACE and AMCE clocks on
    /// (UM §7.2.38); its first octet is a dummy.
    private func readFirstPathPhase(index: Double, carrierPhase: Angle) throws(TransceiverError) -> Angle {
        let sample = Int(index.rounded(.down))
        guard (0..<(Register.accMem.length / 4 - 1)).contains(sample) else {
            throw .hardwareFault("FP_INDEX \(index) lies outside the accumulator; check the SPI wiring")
        }
        let octets = try onBus { () throws -> [UInt8] in
            let clocks = try port.readValue(.pmscCtrl0, count: 2)
            try port.write(.pmscCtrl0, value: clocks | Register.PmscCtrl0.face.mask | Register.PmscCtrl0.amce.mask, count: 2)
            let read = try port.read(.accMem, offset: sample * 4, count: 5)
            try port.write(.pmscCtrl0, value: clocks, count: 2)
            return read
        }
        let real = Double(Int16(bitPattern: UInt16(octets[1]) | UInt16(octets[2]) << 8))
        let imaginary = Double(Int16(bitPattern: UInt16(octets[3]) | UInt16(octets[4]) << 8))
        return (Angle(radians: atan2(imaginary, real)) - carrierPhase).wrapped
    }
}

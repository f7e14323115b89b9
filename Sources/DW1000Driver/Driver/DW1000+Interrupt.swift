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
        let interrupt = try onBus { try port.batch(InterruptStatus.init(reading:)) }
        let status = interrupt.status
        var transmitted: TransceiverEvent?
        var handled: UInt64 = 0
        if status & DW1000Register.SysStatus.txfrs.mask != 0, let stamp = interrupt.transmitStamp {
            transmitted = .transmitted(at: DeviceTime(wrapping: stamp))
            handled |= Self.transmitProgressEvents
        }
        if status & DW1000Register.SysStatus.rxfcg.mask != 0, let information = interrupt.frameInformation {
            handled |= Self.receiveProgressEvents
            let received = TransceiverEvent.frameReceived(try readReceivedFrame(information, clearing: handled))
            // Made at its final size: appending to an empty array goes through its growth path,
            // once for nearly every interrupt.
            return transmitted.map { [$0, received] } ?? [received]
        }
        var events = transmitted.map { [$0] } ?? []
        // Events masked out (AFFREJ under a frame filter) may be set, but are not this interrupt's.
        if let outcome = Self.receiveOutcome(status & unmaskedEvents) {
            events.append(outcome)
            handled |= status & (Self.handledEvents | Self.receiveProgressEvents) & ~DW1000Register.SysStatus.txfrs.mask
        }
        guard handled != 0 else { return events }
        let resetsReceiver = events.contains(where: Self.needsReceiverReset)
        try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) in
                try batch.write(.sysStatus, value: handled, count: 4)
                if resetsReceiver {
                    try batch.write(.sysCtrl, value: DW1000Register.SysCtrl.trxoff.placing(1), count: 1)
                    try batch.write(.pmscCtrl0, value: 0xE0, offset: 3, count: 1)
                    try batch.write(.pmscCtrl0, value: 0xF0, offset: 3, count: 1)
                }
            }
        }
        return events
    }

    /// The event for a failed reception or timeout in `status`, most specific first.
    static func receiveOutcome(_ status: UInt64) -> TransceiverEvent? {
        if let failure = receiveFailures.first(where: { status & $0.0.mask != 0 }) {
            return .receiveFailed(failure.1)
        }
        return status & DW1000Register.SysStatus.rxrfto.mask != 0 ? .receiveTimeout : nil
    }

    /// The failure each SYS_STATUS error bit reports, most specific first.
    static let receiveFailures: [(BitField, ReceiveFailure)] = [
            (DW1000Register.SysStatus.rxfce, .frameCheckFailed),
            (DW1000Register.SysStatus.rxphe, .phyHeaderError),
            (DW1000Register.SysStatus.rxrfsl, .reedSolomonSyncLoss),
            (DW1000Register.SysStatus.ldeerr, .leadingEdgeDetectionFailed),
            (DW1000Register.SysStatus.rxsfdto, .sfdTimeout),
            (DW1000Register.SysStatus.rxpto, .preambleTimeout),
            (DW1000Register.SysStatus.affrej, .frameFilterRejected),
        ]

    /// Whether an event leaves the receiver needing an RX-only soft reset (UM §4.1.6; Decawave's
    /// `dwt_isr` resets after every RX error and timeout).
    static func needsReceiverReset(_ event: TransceiverEvent) -> Bool {
        switch event {
        case .receiveFailed, .receiveTimeout: true
        case .frameReceived, .transmitted: false
        }
    }

    /// Reads a good frame whose RX_FINFO is `information`: data without FCS, timestamp and
    /// diagnostics, in one batch; then clears the `handled` events of SYS_STATUS, in the same
    /// batch unless the first-path phase is measured, which needs RX_TIME before its reads.
    private func readReceivedFrame(_ information: UInt64, clearing handled: UInt64) throws(TransceiverError) -> ReceivedFrame {
        let config = try requireConfiguration()
        let length = Int(DW1000Register.RxFinfo.rxflen.value(in: information) | DW1000Register.RxFinfo.rxfle.value(in: information) << 7)
        guard (FrameCheckSequence.length...DW1000Constants.maximumFrameLength).contains(length) else {
            throw .bus(.transferFailed("RX_FINFO reports a \(length)-octet frame with a good FCS, which the chip cannot receive; check the SPI wiring and clock"))
        }
        let measuresPhase = readsFirstPathPhase
        let (registers, clocks) = try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) -> (ReceptionRegisters, UInt64?) in
                let registers = ReceptionRegisters(
                    frameInformation: information,
                    frame: try batch.read(.rxBuffer, count: length - FrameCheckSequence.length),
                    receiveTime: try batch.read(.rxTime),
                    frameQuality: try batch.readValue(.rxFqual),
                    timeTrackingOffset: try batch.readValue(.rxTtcko),
                    carrierIntegrator: try batch.readValue(.drxCarInt),
                    unsaturatedPreambleCount: try batch.readValue(.rxpaccNosat))
                guard measuresPhase else {
                    try batch.write(.sysStatus, value: handled, count: 4)
                    return (registers, nil)
                }
                return (registers, try batch.readValue(.pmscCtrl0, count: 2))
            }
        }
        var frame = registers.receivedFrame(config)
        if let clocks {
            frame.diagnostics.firstPathPhase = try readFirstPathPhase(
                index: frame.diagnostics.firstPathIndex, carrierPhase: frame.diagnostics.carrierPhase,
                clocks: clocks, clearing: handled)
        }
        lastReception = frame.diagnostics
        return frame
    }

    /// The phase of the accumulator sample at the first path minus RCPHASE: the carrier phase at
    /// this chip's antenna, comparable between chips on one clock (Decawave's dual-DW1000 PDoA
    /// method, `Docs/reference/uwb-physics.md` §4.1). Reading the accumulator needs the FACE and AMCE clocks on
    /// (UM §7.2.38): the first two octets of PMSC_CTRL0 are `clocks` with them added, then
    /// `clocks` again; the accumulator's first octet is a dummy. Then clears the `handled`
    /// events of SYS_STATUS, all in one batch.
    private func readFirstPathPhase(
        index: Double, carrierPhase: Angle, clocks: UInt64, clearing handled: UInt64
    ) throws(TransceiverError) -> Angle {
        let sample = Int(index.rounded(.down))
        guard (0..<(DW1000Register.accMem.length / 4 - 1)).contains(sample) else {
            throw .hardwareFault("FP_INDEX \(index) lies outside the accumulator; check the SPI wiring")
        }
        let octets = try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) -> [UInt8] in
                try batch.write(.pmscCtrl0, value: clocks | DW1000Register.PmscCtrl0.face.mask | DW1000Register.PmscCtrl0.amce.mask, count: 2)
                let read = try batch.read(.accMem, offset: sample * 4, count: 5)
                try batch.write(.pmscCtrl0, value: clocks, count: 2)
                try batch.write(.sysStatus, value: handled, count: 4)
                return read
            }
        }
        let real = Double(Int16(bitPattern: UInt16(octets[1]) | UInt16(octets[2]) << 8))
        let imaginary = Double(Int16(bitPattern: UInt16(octets[3]) | UInt16(octets[4]) << 8))
        return (Angle(radians: atan2(imaginary, real)) - carrierPhase).wrapped
    }
}

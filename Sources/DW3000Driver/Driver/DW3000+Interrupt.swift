import UWBCore

extension DW3000 {
    /// Reads SYS_STATUS, turns what the driver handles into events, and clears exactly the bits it
    /// handled (write 1 to clear), so that an event arriving meanwhile is not lost (UM §8.2.2.15).
    /// A TX-done event comes before a reception outcome, the order in which they happen with a
    /// response window.
    ///
    /// On a bus that batches (``SPIBus/batchingReducesCost``, an FT232H) TX_TIME and RX_FINFO are
    /// read ahead with SYS_STATUS and a good frame's registers all together: two USB round trips
    /// for a reception, as the DW1000 driver takes; elsewhere each is read only when needed.
    public func handleInterrupt() throws(TransceiverError) -> [TransceiverEvent] {
        let ahead: [DW3000Register] = port.bus.batchingReducesCost ? [.txTime, .rxFinfo] : []
        let first = try onBus { () throws(SPIBusError) in
            try port.read([DW3000RegisterRead(.sysStatus, count: 4)] + ahead.map { DW3000RegisterRead($0) })
        }
        let status = DW3000RegisterPort.value(of: first[0])
        let readAhead = Dictionary(uniqueKeysWithValues: zip(ahead, first.dropFirst().map(DW3000RegisterPort.value(of:))))
        var events: [TransceiverEvent] = []
        var handled: UInt64 = 0
        if status & DW3000Register.SysStatus.txfrs.mask != 0 {
            let stamp = try value(of: .txTime, readAhead: readAhead)
            events.append(.transmitted(at: DeviceTime(wrapping: stamp)))
            handled |= DW3000Register.SysStatus.txfrs.mask | Self.progressEvents & 0xFF
        }
        if status & DW3000Register.SysStatus.rxfcg.mask != 0 {
            events.append(.frameReceived(try readReceivedFrame(information: try value(of: .rxFinfo, readAhead: readAhead))))
            handled |= status & (Self.handledEvents | Self.progressEvents)
        } else if let outcome = Self.receiveOutcome(status) {
            events.append(outcome)
            handled |= status & (Self.handledEvents | Self.progressEvents) & ~DW3000Register.SysStatus.txfrs.mask
        }
        if handled != 0 {
            try onBus { () throws(SPIBusError) in try port.write(.sysStatus, value: handled, count: 4) }
        }
        return events
    }

    /// `register`'s value: as read ahead with SYS_STATUS, if it was, else read now.
    private func value(of register: DW3000Register, readAhead: [DW3000Register: UInt64]) throws(TransceiverError) -> UInt64 {
        if let value = readAhead[register] {
            return value
        }
        return try onBus { () throws(SPIBusError) in try port.readValue(register) }
    }

    /// The event for a failed reception or timeout in `status`, most specific first.
    static func receiveOutcome(_ status: UInt64) -> TransceiverEvent? {
        if let failure = receiveFailures.first(where: { status & $0.0.mask != 0 }) {
            return .receiveFailed(failure.1)
        }
        return status & DW3000Register.SysStatus.rxfto.mask != 0 ? .receiveTimeout : nil
    }

    /// The failure each SYS_STATUS error bit reports, most specific first.
    static let receiveFailures: [(BitField, ReceiveFailure)] = [
        (DW3000Register.SysStatus.rxfce, .frameCheckFailed),
        (DW3000Register.SysStatus.rxphe, .phyHeaderError),
        (DW3000Register.SysStatus.rxfsl, .reedSolomonSyncLoss),
        (DW3000Register.SysStatus.ciaerr, .leadingEdgeDetectionFailed),
        (DW3000Register.SysStatus.rxsto, .sfdTimeout),
        (DW3000Register.SysStatus.rxpto, .preambleTimeout),
        (DW3000Register.SysStatus.arfe, .frameFilterRejected),
    ]

    /// Reads a good frame whose RX_FINFO is `information`: in one bus transfer the data without
    /// FCS, RX_TIME, the CIA diagnostics, the STS registers when the configuration has an STS, and
    /// PDOA whenever the configured PDoA mode measures it (mode 1 on the Ipatov preamble, mode 3
    /// on the STS).
    private func readReceivedFrame(information: UInt64) throws(TransceiverError) -> ReceivedFrame {
        let config = try requireConfiguration()
        let length = Int(DW3000Register.RxFinfo.rxflen.value(in: information))
        guard (FrameCheckSequence.length...DW3000Constants.maximumFrameLength).contains(length) else {
            throw .hardwareFault(
                "RX_FINFO reports a \(length)-octet frame with a good FCS, which the chip cannot receive with the standard PHR; "
                    + "check the SPI wiring and clock")
        }
        let secure = config.secureTimestamps != nil
        let pdoa = DW3000ConfigurationPlan.phaseDifferenceMode(config, measuresPhaseDifference: measuresPhaseDifference)
            .measures(secureTimestamps: secure)
        let registers: [DW3000Register] = [.rxTime, .ipTs, .ciaDiag0, .ipDiag1, .ipDiag2, .ipDiag3, .ipDiag4, .ipDiag8, .ipDiag12, .dgcDbg]
            + (secure ? [.stsTs, .stsSts] : []) + (pdoa ? [.pdoa] : [])
        let answers = try onBus { () throws(SPIBusError) in
            try port.read([DW3000RegisterRead(.rxBuffer0, count: length - FrameCheckSequence.length)] + registers.map { DW3000RegisterRead($0) })
        }
        var values = answers.dropFirst().map(DW3000RegisterPort.value(of:))[...]
        func next() -> UInt64 { values.popFirst() ?? 0 }
        let reception = DW3000Reception(
            frame: answers[0], timestamp: next(), ipatovTimestamp: next(), ciaDiagnostic: next(), channelArea: next(),
            firstPathAmplitudes: (next(), next(), next()), firstPathIndex: next(), accumulated: next(), gainDebug: next(),
            secureTimestamp: secure ? (next(), next()) : nil, phaseDifference: pdoa ? next() : nil)
        let frame = reception.receivedFrame(config)
        lastReception = frame.diagnostics
        return frame
    }
}

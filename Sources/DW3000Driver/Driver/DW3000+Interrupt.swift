import UWBCore

extension DW3000 {
    /// Reads SYS_STATUS, turns what the driver handles into events, and clears exactly the bits it
    /// handled (write 1 to clear), so that an event arriving meanwhile is not lost (UM §8.2.2.15).
    /// A TX-done event comes before a reception outcome, the order in which they happen with a
    /// response window.
    public func handleInterrupt() throws(TransceiverError) -> [TransceiverEvent] {
        let status = try onBus { () throws(SPIBusError) in try port.readValue(.sysStatus, count: 4) }
        var events: [TransceiverEvent] = []
        var handled: UInt64 = 0
        if status & DW3000Register.SysStatus.txfrs.mask != 0 {
            let stamp = try onBus { () throws(SPIBusError) in try port.readValue(.txTime) }
            events.append(.transmitted(at: DeviceTime(wrapping: stamp)))
            handled |= DW3000Register.SysStatus.txfrs.mask | Self.progressEvents & 0xFF
        }
        if status & DW3000Register.SysStatus.rxfcg.mask != 0 {
            events.append(.frameReceived(try readReceivedFrame()))
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

    /// Reads a good frame: RX_FINFO, the data without FCS, RX_TIME, the CIA diagnostics, and the
    /// STS registers when the configuration has an STS, and PDOA whenever the configured PDoA mode
    /// measures it (mode 1 on the Ipatov preamble, mode 3 on the STS).
    private func readReceivedFrame() throws(TransceiverError) -> ReceivedFrame {
        let config = try requireConfiguration()
        let information = try onBus { () throws(SPIBusError) in try port.readValue(.rxFinfo) }
        let length = Int(DW3000Register.RxFinfo.rxflen.value(in: information))
        guard (FrameCheckSequence.length...DW3000Constants.maximumFrameLength).contains(length) else {
            throw .hardwareFault(
                "RX_FINFO reports a \(length)-octet frame with a good FCS, which the chip cannot receive with the standard PHR; "
                    + "check the SPI wiring and clock")
        }
        let secure = config.secureTimestamps != nil
        let pdoa = DW3000ConfigurationPlan.phaseDifferenceMode(config, measuresPhaseDifference: measuresPhaseDifference)
            .measures(secureTimestamps: secure)
        let reception = try onBus { () throws(SPIBusError) in
            DW3000Reception(
                frame: try port.read(.rxBuffer0, count: length - FrameCheckSequence.length),
                timestamp: try port.readValue(.rxTime),
                ipatovTimestamp: try port.readValue(.ipTs),
                ciaDiagnostic: try port.readValue(.ciaDiag0),
                channelArea: try port.readValue(.ipDiag1),
                firstPathAmplitudes: (try port.readValue(.ipDiag2), try port.readValue(.ipDiag3), try port.readValue(.ipDiag4)),
                firstPathIndex: try port.readValue(.ipDiag8),
                accumulated: try port.readValue(.ipDiag12),
                gainDebug: try port.readValue(.dgcDbg),
                secureTimestamp: secure ? (try port.readValue(.stsTs), try port.readValue(.stsSts)) : nil,
                phaseDifference: pdoa ? try port.readValue(.pdoa) : nil)
        }
        return reception.receivedFrame(config)
    }
}

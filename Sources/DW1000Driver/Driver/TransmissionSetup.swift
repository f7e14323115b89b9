import UWBCore

/// The register writes that prepare a transmission, checked before any is made: the frame into
/// TX_BUFFER, TX_FCTRL with its length, and for a response window ACK_RESP_T.W4R_TIM and the
/// frame-wait timeout.
struct TransmissionSetup {
    /// The frame without its FCS.
    let frame: [UInt8]
    /// TX_FCTRL, octets 0–3, with TFLEN set.
    let frameControl: UInt64
    /// W4R_TIM in 1.0256 µs units, for a response window.
    let responseDelay: Int64?
    /// The frame-wait timeout, for a response window.
    let frameWait: FrameWaitSetting?

    /// Writes TX_BUFFER, TX_FCTRL, then ACK_RESP_T and the frame-wait registers if a response
    /// is awaited.
    func write(into batch: inout RegisterBatch) throws(SPIBusError) {
        try batch.write(RegisterWrite(.txBuffer, octets: frame))
        try batch.write(.txFctrl, value: frameControl, count: 4)
        if let responseDelay {
            try batch.write(.ackRespT, value: DW1000Register.AckRespT.w4rTim.placing(UInt64(responseDelay)))
        }
        try frameWait?.write(into: &batch)
    }
}

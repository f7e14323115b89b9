/// The DW3000 fast commands: one-octet SPI transactions that start or stop the transmitter and
/// receiver or act on the event status (DW3000 User Manual §2.3.1.2 and its fast command table;
/// codes as in the Qorvo DW3000 API, `dw3000_deca_vals.h`, `CMD_…`).
///
/// The header octet is `1 0 c4 c3 c2 c1 c0 1`: write bit set, bit 6 clear, the 5-bit command code,
/// bit 0 set (``header``).
public enum DW3000FastCommand: UInt8, Hashable, Sendable, CaseIterable {
    /// Turn the transmitter or receiver off and return to IDLE (TXRXOFF).
    case turnOff = 0x00
    /// Transmit now (TX).
    case transmit = 0x01
    /// Turn the receiver on now (RX).
    case receive = 0x02
    /// Transmit at DX_TIME (DTX).
    case delayedTransmit = 0x03
    /// Turn the receiver on at DX_TIME (DRX).
    case delayedReceive = 0x04
    /// Transmit at TX_TIME + DX_TIME (DTX_TS).
    case transmitAfterTransmitTime = 0x05
    /// Receive at TX_TIME + DX_TIME (DRX_TS).
    case receiveAfterTransmitTime = 0x06
    /// Transmit at RX_TIME + DX_TIME (DTX_RS).
    case transmitAfterReceiveTime = 0x07
    /// Receive at RX_TIME + DX_TIME (DRX_RS).
    case receiveAfterReceiveTime = 0x08
    /// Transmit at DREF_TIME + DX_TIME (DTX_REF).
    case transmitAfterReferenceTime = 0x09
    /// Receive at DREF_TIME + DX_TIME (DRX_REF).
    case receiveAfterReferenceTime = 0x0A
    /// Transmit if the channel is clear (CCA_TX).
    case transmitIfClear = 0x0B
    /// Transmit now, then turn the receiver on (TX_W4R).
    case transmitAwaitingResponse = 0x0C
    /// Transmit at DX_TIME, then turn the receiver on (DTX_W4R).
    case delayedTransmitAwaitingResponse = 0x0D
    /// DTX_TS, then turn the receiver on (DTX_TS_W4R).
    case transmitAfterTransmitTimeAwaitingResponse = 0x0E
    /// DTX_RS, then turn the receiver on (DTX_RS_W4R).
    case transmitAfterReceiveTimeAwaitingResponse = 0x0F
    /// DTX_REF, then turn the receiver on (DTX_REF_W4R).
    case transmitAfterReferenceTimeAwaitingResponse = 0x10
    /// CCA_TX, then turn the receiver on (CCA_TX_W4R).
    case transmitIfClearAwaitingResponse = 0x11
    /// Clear every event and the interrupt (CLR_IRQS).
    case clearInterrupts = 0x12
    /// Toggle the receive double-buffer pointer (DB_TOGGLE).
    case toggleDoubleBuffer = 0x13

    /// The one-octet transaction: `0x81 | code << 1`.
    public var header: [UInt8] {
        [0x81 | rawValue << 1]
    }
}

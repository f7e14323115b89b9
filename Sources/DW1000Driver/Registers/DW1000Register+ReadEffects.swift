extension DW1000Register {
    /// The registers whose reads have an effect, with it. RX_BUFFER: reading walks the receive
    /// buffer of the frame being handled, racing the receiver's double buffering (UM §7.2.19).
    /// ACC_MEM: a read returns the accumulator only while its clocks are forced on (PMSC_CTRL0
    /// FACE and AMCE, UM §7.2.36), which disturbs the receiver; and it spans 4064 octets.
    public static let readEffects: [String: String] = [
        "RX_BUFFER": "the receive buffer: reading it races the receiver's double buffering (UM §7.2.19)",
        "ACC_MEM": "the accumulator: readable only with its clocks forced on, which disturbs the receiver (UM §7.2.36)",
    ]
}

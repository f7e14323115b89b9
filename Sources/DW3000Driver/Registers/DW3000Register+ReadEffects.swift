extension DW3000Register {
    /// The registers whose reads have an effect, with it. RX_BUFFER_0 and RX_BUFFER_1: the two
    /// receive buffers, 1024 octets each; reading one races the receiver filling it (UM §8.2.19,
    /// §8.2.20). ACC_MEM: the accumulator reads right only with its clocks forced on (CLK_CTRL
    /// ACC_CLK_EN and ACC_MCLK_EN), which disturbs the receiver, and it spans 12 288 octets
    /// (UM §8.2.22). INDIRECT_PTR_A and _B: a read goes wherever PTR_ADDR and PTR_OFFSET point,
    /// a buffer among them (UM §8.2.26, §8.2.27).
    public static let readEffects: [String: String] = [
        "RX_BUFFER_0": "a receive buffer: reading it races the receiver filling it (UM §8.2.19)",
        "RX_BUFFER_1": "a receive buffer: reading it races the receiver filling it (UM §8.2.20)",
        "ACC_MEM": "the accumulator: readable only with its clocks forced on, which disturbs the receiver (UM §8.2.22)",
        "INDIRECT_PTR_A": "reads wherever PTR_ADDR_A and PTR_OFFSET_A point, a buffer among them (UM §8.2.26)",
        "INDIRECT_PTR_B": "reads wherever PTR_ADDR_B and PTR_OFFSET_B point, a buffer among them (UM §8.2.27)",
    ]
}

import UWBCore

extension DW1000 {
    /// The LDE_CFG1 value the driver writes at configuration: NTM 13 and PMULT 3, as Decawave's driver sets
    /// it (UM §7.2.47.1); the leading-edge detection of a chip this driver configured runs with it.
    public static let leadingEdgeConfiguration = ReceiverTuning.ldeConfiguration1

    /// How many taps the chip's accumulator (ACC_MEM) holds at `prf`: 992 at 16 MHz, 1016 at 64 MHz
    /// (UM §7.2.38).
    public static func accumulatorLength(_ prf: PulseRepetitionFrequency) -> Int {
        DW1000Constants.accumulatorSamples(prf)
    }
}

extension DW1000 {
    /// The LDE_CFG1 value the driver writes at configuration: NTM 13 and PMULT 3, as Decawave's driver sets
    /// it (UM §7.2.47.1); the leading-edge detection of a chip this driver configured runs with it.
    public static let leadingEdgeConfiguration = ReceiverTuning.ldeConfiguration1
}

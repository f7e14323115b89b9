import UWBCore

/// A virtual UWB chip: the shared radio core (``VirtualRadio``) with one family's register
/// semantics on its SPI side. The medium, boards and buses hold chips of either family through it.
public protocol VirtualChip: VirtualRadio {
    /// The family whose register map the chip answers with.
    var family: ChipFamily { get }

    /// Answers one SPI transaction at the simulator's current time.
    ///
    /// - Throws: ``VirtualChipError`` for accesses a real chip would not honour.
    func transfer(_ transaction: SPITransaction) throws(VirtualChipError) -> [UInt8]

    /// RSTn: everything back to its power-on state.
    func hardReset()

    /// A preamble reaches the antenna: the receiver locks onto it if it is hunting, can hear it
    /// and is configured for it. Returns whether it locked.
    func preambleArrives(_ arrival: Arrival) -> Bool

    /// Whether the receiver, as configured now, would lock onto a frame sent with `sent` (what
    /// the medium counts a missed frame as lost against).
    func receives(_ sent: RadioConfig) -> Bool

    /// The reception the chip locked onto ends as `ending` says.
    func endReception(_ arrival: Arrival, _ ending: ReceptionEnding)
}

/// What a chip finds when it checks a delayed start against its clock (DW1000 UM §3.3, §7.2.17;
/// the DW3000 checks the same way): each family reports the two late cases in its own status bits.
enum DelayedStartCheck {
    /// The start can be met.
    case inTime
    /// The start is more than half the counter's period ahead, so it has in fact passed
    /// (the DW1000's HPDWARN).
    case moreThanHalfAPeriod
    /// The start is too close for the transmitter to power up before its preamble (TXPUTE).
    case tooClose
}

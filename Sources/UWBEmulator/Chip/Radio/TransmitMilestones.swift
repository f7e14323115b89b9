/// What a chip's registers do at each milestone of a frame it sends: the family's status bits.
/// ``VirtualRadio/launch(_:raw:rangingBit:secureTimestamp:milestones:)`` schedules them in this order.
struct TransmitMilestones {
    /// The first preamble symbol leaves the antenna.
    let frameBegins: () -> Void
    /// The preamble is sent and the SFD starts.
    let preambleSent: () -> Void
    /// The PHY header has been sent (with an STS and no PHY header, the STS has): the TX
    /// timestamp is valid.
    let headerSent: () -> Void
    /// The frame's last bit has left.
    let finished: () -> Void
}

import UWBCore
import UWBPositioning
import UWBRanging

/// How a ``DeviceService``'s sessions range on its device: the project's ranging engine on a
/// radio (``EngineLinks``), or FiRa sessions of a UCI device (``UCILinks``). Used only on the
/// device's loop.
protocol SessionLinks: AnyObject {
    /// What the device can measure.
    var capabilities: NIRadioCapability { get }
    /// The shortest update interval the device keeps.
    var shortestInterval: Duration { get }
    /// How late this device's recent rounds started for want of air (see
    /// ``DeviceService/silenceLimit(of:requested:)``); zero where the device does not say.
    var lateness: Duration { get }
    /// Starts receiving the device's events (once, before the first link).
    func attach()
    /// Starts ranging on `pairing`, a round every `interval` on the initiator; results reach `handlers`.
    func start(_ pairing: SessionPairing, interval: Duration, handlers: LinkHandlers) -> SessionLinkID
    /// Stops a link; `sayingGoodbye` tells the peer the session ended, where the device can.
    func stop(_ link: SessionLinkID, sayingGoodbye: Bool)
    /// Tells the peer of a session that is not ranging now that it ended, where the device can.
    func sayGoodbye(on pairing: SessionPairing)
    /// Listens to the DL-TDoA anchors of `network`, handing the messages of every round it hears to
    /// `heard`, until ``stopListening()``; the device does nothing else meanwhile. A device that
    /// cannot go on (it refused the listening session) reports to `failed`, once.
    ///
    /// - Throws: ``NIError/Code/unsupportedPlatform`` where the device cannot listen at all.
    func listen(
        toDownlinkTDoA network: PANIdentifier, heard: @escaping ([NIDLTDOAMeasurement]) -> Void, failed: @escaping (NIError) -> Void
    ) throws(NIError)
    /// Stops listening to DL-TDoA anchors.
    func stopListening()
}

/// Identifies a link of a ``SessionLinks``.
package struct SessionLinkID: Hashable, Sendable {
    /// A number the links give out.
    let rawValue: Int
}

/// What a link reports, on the device's loop.
struct LinkHandlers {
    /// A round gave a measurement.
    let measured: (RangingMeasurement) -> Void
    /// The peer said it ended the session.
    let peerEnded: () -> Void
    /// The device cannot run the session (it refused its configuration); the session ends.
    let failed: (NIError) -> Void
}

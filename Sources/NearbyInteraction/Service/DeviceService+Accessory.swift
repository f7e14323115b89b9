import AccessoryProtocol
import UWBRanging

extension DeviceService {
    /// Starts one side of an accessory session on the device (``NearbyAccessory`` for the
    /// accessory, an emulated phone for the phone): the FiRa session on a UCI device, the engine's
    /// link with the session's static STS on a radio. `started` hears, on the device's loop, the
    /// link or why it cannot run: ``NIError/Code/unsupportedPlatform`` for a radio without an STS,
    /// ``NIError/Code/invalidConfiguration`` for a session on another channel or preamble code
    /// than the radio's. Then `measured` hears each measurement of the peer and `failed` a device
    /// that cannot go on, on the loop too. The request reaches the loop before this returns, so on
    /// virtual time it happens at the current instant.
    package func startAccessoryLink(
        _ session: AccessoryFiRaSession, measured: @escaping @Sendable (RangingMeasurement) -> Void,
        failed: @escaping @Sendable (NIError) -> Void, started: @escaping @Sendable (Result<SessionLinkID, NIError>) -> Void
    ) {
        onLoop { service in
            started(Result { () throws(NIError) in
                try service.checkAccessoryRadio(for: session)
                let pairing = try SessionPairing(accessory: session)
                return service.links.start(
                    pairing, interval: session.rangingInterval, handlers: LinkHandlers(measured: measured, peerEnded: {}, failed: failed))
            })
        }
    }

    /// ``startAccessoryLink(_:measured:failed:started:)``, awaiting its start.
    package func startAccessoryLink(
        _ session: AccessoryFiRaSession, measured: @escaping @Sendable (RangingMeasurement) -> Void, failed: @escaping @Sendable (NIError) -> Void
    ) async -> Result<SessionLinkID, NIError> {
        await withCheckedContinuation { continuation in
            startAccessoryLink(session, measured: measured, failed: failed) { continuation.resume(returning: $0) }
        }
    }

    /// Stops a link ``startAccessoryLink(_:measured:failed:)`` started.
    package func stopAccessoryLink(_ link: SessionLinkID) {
        onLoop { $0.links.stop(link, sayingGoodbye: false) }
    }

    /// The channel and preamble code a phone's side of an accessory session on this device offers:
    /// a radio's own (a radio keeps the ones it was configured with); on a UCI device `channel`
    /// where it has it, else its lowest, with `preambleCodeIndex`.
    ///
    /// - Throws: ``NIError/Code/unsupportedPlatform`` for a radio without an STS or a UCI device
    ///   that lists no channel.
    package func accessoryChannel(preferring channel: UInt8, preambleCodeIndex: UInt8) throws(NIError) -> (channel: UInt8, preambleCodeIndex: UInt8) {
        try checkAccessoryRadio()
        if let radio {
            return (UInt8(radio.configuration.channel.number), UInt8(clamping: radio.configuration.preambleCode))
        }
        let channels = uciDevice?.capabilities.channels ?? []
        guard let chosen = channels.contains(Int(channel)) ? Int(channel) : channels.first else {
            throw NIError(.unsupportedPlatform, detail: "the UCI device lists no FiRa channel (GET_CAPS_INFO CHANNELS)")
        }
        return (UInt8(clamping: chosen), preambleCodeIndex)
    }

    /// Checks that this device can range `session`: a radio with an STS, on the session's channel
    /// and preamble code (a radio keeps the ones it was configured with); a UCI device is asked by
    /// the session's SET_APP_CONFIG instead.
    ///
    /// - Throws: ``NIError/Code/unsupportedPlatform`` or ``NIError/Code/invalidConfiguration``.
    func checkAccessoryRadio(for session: AccessoryFiRaSession? = nil) throws(NIError) {
        guard let radio else { return }
        guard capabilities.supportsSecureTimestamps else {
            throw NIError(.unsupportedPlatform, detail: "the radio \(radio.name) has no STS (a DW1000): accessories range FiRa sessions with a static STS, which needs a DW3000-family radio")
        }
        guard let session else { return }
        let configuration = radio.configuration
        guard Int(session.channel) == configuration.channel.number, Int(session.preambleCodeIndex) == configuration.preambleCode else {
            throw NIError(.invalidConfiguration, detail: "the session asks for channel \(session.channel) with preamble code \(session.preambleCodeIndex), but the radio \(radio.name) is configured for \(configuration.channel) with code \(configuration.preambleCode); configure the radio as the phone asks")
        }
    }
}

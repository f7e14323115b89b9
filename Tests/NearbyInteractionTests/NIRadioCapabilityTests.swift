import NearbyInteraction
import Testing
import UWBCore

@Suite("NIRadioCapability")
struct NIRadioCapabilityTests {
    @Test("coherent receivers map to distance, angle and direction")
    func receiverCounts() {
        let none = NIRadioCapability(coherentReceivers: 0)
        #expect(!none.supportsPreciseDistanceMeasurement && !none.supportsHorizontalAngleMeasurement && !none.supportsDirectionMeasurement)
        let one = NIRadioCapability(coherentReceivers: 1)
        #expect(one.supportsPreciseDistanceMeasurement && !one.supportsHorizontalAngleMeasurement && !one.supportsDirectionMeasurement)
        let two = NIRadioCapability(coherentReceivers: 2)
        #expect(two.supportsPreciseDistanceMeasurement && two.supportsHorizontalAngleMeasurement && !two.supportsDirectionMeasurement)
        let three = NIRadioCapability(coherentReceivers: 3)
        #expect(three.supportsPreciseDistanceMeasurement && three.supportsHorizontalAngleMeasurement && three.supportsDirectionMeasurement)
        for capability in [none, one, two, three] {
            #expect(!capability.supportsCameraAssistance)
            #expect(!capability.supportsExtendedDistanceMeasurement)
            #expect(!capability.supportsDLTDOAMeasurement)
            #expect(!capability.supportsBluetoothChannelSounding)
        }
        #expect(NIRadioCapability(coherentReceivers: -4) == .unsupported)
    }

    @Test("built from a transceiver's capabilities")
    func fromTransceiver() throws {
        let capabilities = TransceiverCapabilities(
            coherentReceivers: 2,
            maximumFrameLength: 127,
            delayedTransmitGranularity: DeviceDuration(ticks: 512),
            maximumReceiveTimeout: DeviceDuration(ticks: 1 << 30)
        )
        #expect(NIRadioCapability(capabilities) == NIRadioCapability(coherentReceivers: 2))
    }

    @Test("flags are made consistent")
    func consistency() {
        let direction = NIRadioCapability(
            supportsPreciseDistanceMeasurement: false,
            supportsHorizontalAngleMeasurement: false,
            supportsDirectionMeasurement: true
        )
        #expect(direction == NIRadioCapability(coherentReceivers: 3))
        #expect(direction.description == "distance, horizontal angle, direction")
        #expect(NIRadioCapability.unsupported.description == "none")
    }
}

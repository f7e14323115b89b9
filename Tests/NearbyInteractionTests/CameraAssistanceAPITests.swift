import Foundation
import NearbyInteraction
import Synchronization
import Testing
import UWBCore

@Suite("Camera-assistance API: present, and behaving as Apple's does without a camera")
struct CameraAssistanceAPITests {
    /// A delegate that implements nothing: every callback, the convergence one too, has a default.
    final class Silent: NISessionDelegate {}

    /// Counts updates and convergence callbacks, on its own queue.
    final class ConvergenceCounter: NISessionDelegate, Sendable {
        let queue = DispatchQueue(label: "convergence-counter")
        let counts = Mutex((updates: 0, convergences: 0))

        func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
            counts.withLock { $0.updates += 1 }
        }

        func session(_ session: NISession, didUpdateAlgorithmConvergence convergence: NIAlgorithmConvergence, for object: NINearbyObject?) {
            counts.withLock { $0.convergences += 1 }
        }
    }

    @Test("convergence statuses and reasons, with Apple's names and descriptions")
    func statuses() {
        let reasons: [NIAlgorithmConvergenceStatus.Reason] = [
            .insufficientMovement, .insufficientHorizontalSweep, .insufficientVerticalSweep, .insufficientLighting,
            .insufficientSignalStrength,
        ]
        #expect(Set(reasons).count == 5)
        #expect(reasons.allSatisfy { $0.localizedDescription != nil })
        #expect(NIAlgorithmConvergenceStatus.Reason(rawValue: "somethingNew").localizedDescription == nil)
        #expect(NIAlgorithmConvergenceStatus.notConverged([.insufficientLighting]).description == "notConverged(insufficientLighting)")
        #expect(NIAlgorithmConvergenceStatus.converged != .unknown)
    }

    @Test("a convergence archives and unarchives with secure coding", arguments: [
        NIAlgorithmConvergenceStatus.unknown, .converged, .notConverged([]),
        .notConverged([.insufficientHorizontalSweep, .insufficientSignalStrength]),
    ])
    func archiving(status: NIAlgorithmConvergenceStatus) throws {
        let convergence = NIAlgorithmConvergence(status: status)
        let data = try NSKeyedArchiver.archivedData(withRootObject: convergence, requiringSecureCoding: true)
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIAlgorithmConvergence.self, from: data))
        #expect(decoded.status == status)
        #expect(convergence.copy() as? NIAlgorithmConvergence === convergence)
    }

    @Test("iOS 27's motion state: every state is taken by a ranging peer session and changes nothing")
    func motionState() throws {
        let pair = try SessionPair.ranging()
        let counter = ConvergenceCounter()
        pair.alice.delegateQueue = counter.queue
        pair.alice.delegate = counter
        let peer = try #require(pair.bob.discoveryToken)
        for state in NIMotionActivityState.allCases {
            pair.alice.updateMotionState(state, forObjectWithToken: peer)
        }
        pair.world.advance(by: .seconds(1))
        #expect(counter.queue.sync { counter.counts.withLock { $0.updates } } > 5)
        #expect(NIMotionActivityState.allCases.map(\.rawValue) == [0, 1, 2])
    }

    @Test("the convergence callback is optional, and a session never calls it")
    func callback() throws {
        let pair = try SessionPair.ranging()
        Silent().session(pair.alice, didUpdateAlgorithmConvergence: NIAlgorithmConvergence(status: .converged), for: nil)
        let counter = ConvergenceCounter()
        pair.alice.delegateQueue = counter.queue
        pair.alice.delegate = counter
        pair.world.advance(by: .seconds(1))
        let counts = counter.queue.sync { counter.counts.withLock { $0 } }
        #expect(counts.updates > 5)
        #expect(counts.convergences == 0)
    }

    @Test("worldTransform(for:) is nil without camera assistance; the Objective-C sentinel is not a transform")
    func worldTransform() throws {
        let pair = try SessionPair.ranging()
        let peer = try #require(pair.bob.discoveryToken)
        let object = NINearbyObject(discoveryToken: peer, distance: 4, direction: simd_float3(1, 0, 0), horizontalAngle: 0)
        #expect(pair.alice.worldTransform(for: object) == nil)
        let sentinel = NINearbyObject.worldTransformNotAvailable
        #expect(sentinel.columns.3 == simd_float4(repeating: .greatestFiniteMagnitude))
        #expect(sentinel != matrix_identity_float4x4)
    }

    @Test("a Bluetooth Channel Sounding configuration is made, as on iOS 27, and running it invalidates the session with unsupportedPlatform, as on a device without it")
    func bluetoothChannelSounding() throws {
        #expect(!NISession.deviceCapabilities.supportsBluetoothChannelSounding)
        let configuration = NINearbyAccessoryConfiguration(bluetoothChannelSoundingIdentifier: UUID(), previousBluetoothIdentifier: nil)
        #expect(!configuration.accessoryDiscoveryToken.deviceCapabilities.supportsPreciseDistanceMeasurement)
        let pair = try SessionPair(bob: Vector3(x: 3, y: 0, z: 0))
        pair.alice.run(configuration)
        pair.world.advance(by: .milliseconds(200))
        let error = try #require(pair.aliceLog.errors.first)
        #expect(error.code == .unsupportedPlatform)
        #expect(error.detail?.contains("Bluetooth Channel Sounding") == true, "\(error)")
    }

    @Test("an accessory configuration reads the accessory's data (a DWM3001CDK's): its token names the accessory's address; bad data is invalidConfiguration saying what is wrong")
    func accessory() throws {
        // A DWM3001CDK's configuration data as posted on Qorvo's forum (thread 21738).
        let qorvo = Data([0x01, 0x00, 0x00, 0x00, 0x14] + [UInt8](repeating: 0, count: 10) + [0x15, 0x01, 0x00, 0x01, 0x00, 0x3F, 0xF5, 0x03, 0x00,
                          0xB8, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x11, 0xD7, 0x19, 0x00])
        let configuration = try NINearbyAccessoryConfiguration(data: qorvo)
        let token = configuration.accessoryDiscoveryToken
        #expect(token.content.shortAddress == 0xD711)
        #expect(token.deviceCapabilities.supportsPreciseDistanceMeasurement)
        // The same data names the same accessory, whichever initializer reads it.
        #expect(try NINearbyAccessoryConfiguration(accessoryData: qorvo, bluetoothPeerIdentifier: UUID()).accessoryDiscoveryToken == token)

        var unknownBlock = [UInt8](qorvo)
        unknownBlock[17] = 7
        let cases: [(Data, String)] = [
            (Data([1, 2, 3]), "cut short"), (Data(), "cut short"), (qorvo + [0], "length field"),
            (Data(unknownBlock), "UWB configuration block"),
        ]
        for (data, reason) in cases {
            do {
                _ = try NINearbyAccessoryConfiguration(accessoryData: data, bluetoothPeerIdentifier: UUID())
                Issue.record("an accessory configuration was made of \(data.count) bad octets")
            } catch {
                #expect(error.code == .invalidConfiguration)
                #expect(error.detail?.contains(reason) == true, "\(String(describing: error.detail))")
            }
            #expect(throws: NIError.self) { _ = try NINearbyAccessoryConfiguration(data: data) }
        }
    }
}

// An app's DL-TDoA code (iOS 26), written as an iOS app writes it: it compiles unchanged for iOS.
// Nothing in this file is specific to Linux; the radio is chosen by whoever creates the view model
// (see IndoorPositionAppTests.swift).
import Foundation
import NearbyInteraction
import simd

/// The view model of a screen that listens to the building's DL-TDoA anchors and shows which it
/// hears and where they stand; positioning from the measurements is the app's own (Apple reports raw
/// measurements).
@MainActor
final class IndoorPositionViewModel: NSObject, @preconcurrency NISessionDelegate {
    /// The anchors heard, by address, with their coordinates.
    private(set) var anchors: [UInt64: simd_double3] = [:]
    /// How many measurements of each type arrived.
    private(set) var counts: [NIDLTDOAMeasurementType: Int] = [:]
    /// The rounds heard: one callback each.
    private(set) var rounds = 0
    /// The codes of the errors the session was invalidated with.
    private(set) var invalidations: [NIError.Code] = []
    private var session: NISession?

    /// Whether this device can listen to DL-TDoA anchors.
    var isSupported: Bool { NISession.deviceCapabilities.supportsDLTDOAMeasurement }

    /// Starts listening to the anchors of `networkIdentifier`, the session ID the building's anchors
    /// are configured with.
    func start(networkIdentifier: Int) {
        let session = NISession()
        session.delegate = self
        session.run(NIDLTDOAConfiguration(networkIdentifier: networkIdentifier))
        self.session = session
    }

    func stop() {
        session?.invalidate()
        session = nil
    }

    // MARK: NISessionDelegate

    func session(_ session: NISession, didUpdateDLTDOA measurements: [NIDLTDOAMeasurement]) {
        rounds += 1
        for measurement in measurements {
            counts[measurement.measurementType, default: 0] += 1
            if measurement.coordinatesType == .relative {
                anchors[measurement.address] = measurement.coordinates
            }
        }
    }

    func session(_ session: NISession, didInvalidateWith error: Error) {
        if let error = error as? NIError {
            invalidations.append(error.code)
        }
    }
}

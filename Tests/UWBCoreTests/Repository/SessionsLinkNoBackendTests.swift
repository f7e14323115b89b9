import Foundation
import Testing
import UWBTestSupport

/// The `NearbyInteractionSessions` product against `Package.swift`: an app that brings its own
/// radio or UCI device links the sessions and nothing that opens a device (decision 0027).
@Suite("The sessions link no backend")
struct SessionsLinkNoBackendTests {
    /// The modules that open or emulate devices, which only the `NearbyInteraction` product's
    /// `NearbyInteractionDefaultDevice` may bring.
    static let backends: Set<String> = [
        "UWBDevices", "UWBEmulator", "UWBEmulatorService", "UWBUSB", "CLibUSB", "FT232H", "FT232HEmulation",
        "ChipDrivers", "DW1000Driver", "DW3000Driver", "EmulatedUSBDevice", "CUMockdev", "EmulatorHarness",
    ]

    @Test("NearbyInteraction's dependencies, direct or not, include no emulator, no libusb and no chip driver")
    func noBackendBelowSessions() throws {
        let manifest = try PackageManifestText(try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8))
        var closure: Set<String> = []
        var waiting = ["NearbyInteraction"]
        while let name = waiting.popLast() {
            guard let target = manifest.target(named: name) else { continue }
            for dependency in target.dependencies where closure.insert(dependency).inserted {
                waiting.append(dependency)
            }
        }
        #expect(closure.contains("UWBRanging") && closure.contains("UCIClient"), "the reader found the sessions' own dependencies: \(closure.sorted())")
        #expect(closure.isDisjoint(with: Self.backends), "NearbyInteraction links \(closure.intersection(Self.backends).sorted())")
    }

    @Test("the products: NearbyInteractionSessions is the sessions alone; NearbyInteraction adds the default device")
    func products() throws {
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".library(name: "NearbyInteractionSessions", targets: ["NearbyInteraction"])"#))
        #expect(manifest.contains(#".library(name: "NearbyInteraction", targets: ["NearbyInteraction", "NearbyInteractionDefaultDevice"])"#))
    }
}

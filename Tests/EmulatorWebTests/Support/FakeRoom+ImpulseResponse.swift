import EmulatorWeb
import UWBCore
import UWBEmulator
import UWBEmulatorService

extension FakeRoom {
    /// A fixed response for the phone's chips (device 0, any chip of its three); the tag (device 1) has
    /// received nothing; other indices are refused as the service refuses them.
    func lastImpulseResponse(device: Int, chip: Int) throws(ImpulseResponseError) -> ChipImpulseResponse {
        let devices = plan.devices
        guard devices.indices.contains(device) else {
            throw .unknownDevice(device, devices: devices.map(\.name))
        }
        guard chip < devices[device].chips else {
            throw .unknownChip(chip, device: devices[device].name, board: devices[device].board, chips: devices[device].chips)
        }
        guard device == 0 else {
            throw .nothingReceived(device: devices[device].name, chip: chip)
        }
        return Self.testImpulseResponse(chip: chip)
    }

    /// The phone's chip `chip` 1.2 s in: eight taps from tap 740, the first path at 744.25, the peak at 745.
    static func testImpulseResponse(chip: Int = 0) -> ChipImpulseResponse {
        ChipImpulseResponse(
            device: 0, chip: chip, time: SimulationTime(picoseconds: 1_200_000_123_456), samplePeriod: .seconds(64 / 63_897_600_000.0),
            firstTap: 740, magnitudes: [12.04, 11.5, 13, 12.26, 180.56, 2500, 1200.126, 300],
            firstPath: 744.25, peak: 745, threshold: 151.234, noise: 10.126,
            receivedLevel: PowerLevel(dBm: -80.123), firstPathLevel: PowerLevel(dBm: -83.456), accumulated: 1000)
    }
}

import UWBCore

extension Scenario {
    /// The scenario with each device's board calibrated by its entry in `store`, found by
    /// `key(name)` (`emulator:NAME` for the emulator's devices): what the driver writes to the
    /// chips at bring-up. Devices without an entry keep their board's calibration; the true delays
    /// and offsets the scenario gives the chips do not change.
    ///
    /// - Throws: ``CalibrationStoreError`` if an entry was measured as another board or holds
    ///   values a board cannot take.
    public func calibrated(by store: CalibrationStore, key: (String) -> String) throws(CalibrationStoreError) -> Scenario {
        var calibrated = self
        for index in calibrated.devices.indices {
            let name = key(calibrated.devices[index].name)
            guard let entry = store.entries[name] else { continue }
            calibrated.devices[index].board = try entry.applied(to: calibrated.devices[index].board, key: name)
        }
        return calibrated
    }
}

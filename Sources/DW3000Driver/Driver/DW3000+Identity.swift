import UWBCore

extension DW3000 {
    /// The DW3000-family models whose DEV_ID (register 0x00:00) reads `deviceID`: DW3110 and
    /// DW3210 for 0xDECA0302, DW3120 and DW3220 (two antenna ports) for 0xDECA0312 (User Manual
    /// §8.2.2.1; Qorvo API `DWT_DW3000_DEV_ID`, `DWT_DW3000_PDOA_DEV_ID`); `nil` for any other
    /// value. DEV_ID does not tell the QFN parts from the WLCSP ones.
    public static func models(withDeviceID deviceID: UInt32) -> [ChipModel]? {
        guard let twoPorts = DW3000Constants.deviceIDs[deviceID] else { return nil }
        return ChipModel.allCases.filter { $0.family == .dw3000 && ($0.antennaPorts == 2) == twoPorts }
    }
}

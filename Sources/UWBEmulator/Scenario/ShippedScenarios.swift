/// The scenarios the project ships (`Docs/scenarios/*.json`), compiled into the program as SwiftPM
/// resources (`.embedInCode`, linked from `Sources/UWBEmulator/Scenario/Shipped/`), as the boards are
/// (decision 0017): `Scenario.load(from:)` falls back to them for a path that names no file but
/// whose file name is a shipped scenario's, so `uwb demo` and `--scenario demo-room` work from any
/// folder. `ShippedScenarioTests` checks that this table, the links and `Package.swift` list exactly
/// the files of `Docs/scenarios`.
enum ShippedScenarios {
    /// Each shipped scenario's JSON, by name (its file name without `.json`).
    static let files: [String: [UInt8]] = [
        "apartment-fridge": PackageResources.apartment_fridge_json,
        "apartment-wall": PackageResources.apartment_wall_json,
        "calibration-room": PackageResources.calibration_room_json,
        "capture-room": PackageResources.capture_room_json,
        "demo-room": PackageResources.demo_room_json,
        "dense-room": PackageResources.dense_room_json,
        "hall-twenty": PackageResources.hall_twenty_json,
        "hall-two-channels": PackageResources.hall_two_channels_json,
        "office-dl-tdoa": PackageResources.office_dl_tdoa_json,
        "office-wall": PackageResources.office_wall_json,
        "pdoa-bench": PackageResources.pdoa_bench_json,
        "phone-and-accessory": PackageResources.phone_and_accessory_json,
        "pdoa-dw3220-bench": PackageResources.pdoa_dw3220_bench_json,
        "pdoa-dw3220-sweep": PackageResources.pdoa_dw3220_sweep_json,
        "pdoa-sweep": PackageResources.pdoa_sweep_json,
        "thousand-tags": PackageResources.thousand_tags_json,
        "two-devices-3m": PackageResources.two_devices_3m_json,
        "uci-pairs-twenty": PackageResources.uci_pairs_twenty_json,
        "walking-around": PackageResources.walking_around_json,
        "warehouse": PackageResources.warehouse_json,
    ]
}

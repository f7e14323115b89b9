import Foundation
import Testing
import UWBCore
import UWBTestSupport

/// The calibration store: the file `uwb calibrate` writes and the radio reads at bring-up.
@Suite("Calibration store")
struct CalibrationStoreTests {
    static let dual = "ft232h-dw1000-dual"

    static func store() -> CalibrationStore {
        CalibrationStore(entries: [
            "usb:FT4A\"B": StoredCalibration(boardID: dual, chips: [
                StoredChipCalibration(txAntennaDelay: DeviceDuration(ticks: 16_470), rxAntennaDelay: DeviceDuration(ticks: 16_471)),
                StoredChipCalibration(phaseOffset: Angle(radians: -0.75)),
            ]),
            "emulator:tag": StoredCalibration(boardID: "ft232h-dw1000-single", chips: [StoredChipCalibration()]),
        ])
    }

    @Test("the file is what the format says, and it reads back as the same store")
    func roundTrip() throws {
        let text = String(decoding: Self.store().jsonData(), as: UTF8.self)
        #expect(text == """
            {
              "format": 1,
              "boards": {
                "emulator:tag": {
                  "board": "ft232h-dw1000-single",
                  "chips": [
                    { }
                  ]
                },
                "usb:FT4A\\"B": {
                  "board": "ft232h-dw1000-dual",
                  "chips": [
                    { "txAntennaDelay": 16470, "rxAntennaDelay": 16471 },
                    { "phaseOffset": -0.75 }
                  ]
                }
              }
            }

            """)
        #expect(try CalibrationStore(jsonData: Data(text.utf8)) == Self.store())
    }

    @Test("saved and loaded through a file, in a directory it creates; no file is an empty store")
    func saveAndLoad() throws {
        let directory = NSTemporaryDirectory() + "swift-uwb-store-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/nested/calibration.json"
        #expect(try CalibrationStore.load(from: path) == CalibrationStore())
        try Self.store().save(to: path)
        #expect(try CalibrationStore.load(from: path) == Self.store())
    }

    @Test("an entry replaces the description's values it holds and keeps the others")
    func applied() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/\(Self.dual).json"))
        let entry = try #require(Self.store().entries["usb:FT4A\"B"])
        let calibrated = try entry.applied(to: board, key: "usb:FT4A\"B")
        #expect(calibrated.chips[0].calibration == ChipCalibration(
            txAntennaDelay: DeviceDuration(ticks: 16_470), rxAntennaDelay: DeviceDuration(ticks: 16_471), phaseOffset: .zero))
        #expect(calibrated.chips[1].calibration == ChipCalibration(
            txAntennaDelay: DeviceDuration(ticks: 16_436), rxAntennaDelay: DeviceDuration(ticks: 16_436), phaseOffset: Angle(radians: -0.75)))
        #expect(calibrated.id == board.id && calibrated.chips.map(\.antennaPosition) == board.chips.map(\.antennaPosition))
    }

    @Test("an entry measured as another board, or holding values a board cannot take, says so")
    func unusableEntries() throws {
        let single = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let entry = try #require(Self.store().entries["usb:FT4A\"B"])
        let mismatch = #expect(throws: CalibrationStoreError.self) { try entry.applied(to: single, key: "usb:X") }
        #expect(mismatch?.description.contains("measured as board ft232h-dw1000-dual with 2 chip(s), but it runs as ft232h-dw1000-single with 1 chip(s)") == true)
        let tooLong = StoredCalibration(boardID: single.id, chips: [StoredChipCalibration(txAntennaDelay: DeviceDuration(ticks: 70_000))])
        let invalid = #expect(throws: CalibrationStoreError.self) { try tooLong.applied(to: single, key: "usb:X") }
        #expect(invalid?.description.hasPrefix("the stored calibration of usb:X is not usable: ") == true)
        #expect(invalid?.description.contains("70000") == true)
    }

    @Test("a file that is not a store is refused naming the field", arguments: [
        ("not json", "not valid JSON"),
        (#"{"format": 2, "boards": {}}"#, "format: 2 is not supported; use 1"),
        (#"{"format": 1}"#, "boards: missing"),
        (#"{"format": 1, "boards": {"usb:A": {"board": "x", "chips": [{"txAntennaDelay": 1.5}]}}}"#,
         "boards.usb:A.chips[0].txAntennaDelay: 1.5 is not a whole number"),
        (#"{"format": 1, "boards": {"usb:A": {"board": "x", "chips": [{"tx": 1}]}}}"#, "boards.usb:A.chips[0].tx: unknown key"),
        (#"{"format": 1, "boards": []}"#, "boards: expected an object, got an array"),
    ])
    func malformed(text: String, fragment: String) throws {
        let error = #expect(throws: JSONFieldError.self) { try CalibrationStore(jsonData: Data(text.utf8)) }
        #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("a corrupt file is reported with its path and what to do")
    func corruptFile() throws {
        let path = NSTemporaryDirectory() + "swift-uwb-store-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"format\": 1, \"boards\": ".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: CalibrationStoreError.self) { try CalibrationStore.load(from: path) }
        #expect(error?.description.hasPrefix("the calibration store \(path) is not valid: ") == true)
        #expect(error?.description.hasSuffix("fix or delete it and calibrate again (uwb calibrate)") == true)
    }

    @Test("the store's file: UWB_CALIBRATION, else the XDG configuration directory, else ~/.config")
    func defaultPath() {
        #expect(CalibrationStore.defaultPath(environment: ["UWB_CALIBRATION": "/x/c.json", "HOME": "/home/u"]) == "/x/c.json")
        #expect(CalibrationStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]) == "/cfg/swift-uwb/calibration.json")
        #expect(CalibrationStore.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
            == "/home/u/.config/swift-uwb/calibration.json")
        #expect(CalibrationStore.defaultPath(environment: [:]) == nil)
    }
}

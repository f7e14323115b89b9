// swift-tools-version:6.1
import PackageDescription

// Apple platforms have the system's `simd` and `ARKit` modules; Linux has neither, so there this
// package provides them (Sources/simd with Apple's names; Sources/ARKit with the ARKit types
// NearbyInteraction code passes around, never running a camera). They exist only when the manifest is
// evaluated on Linux: on an Apple host a package module of the same name would shadow the system's for
// every target. The `NearbyInteraction` product brings them along (an app can `import simd` or
// `import ARKit` without naming them); the `simd` and `ARKit` products are for code that uses them
// without NearbyInteraction.
#if os(Linux)
let simdProducts: [Product] = [.library(name: "simd", targets: ["simd"]), .library(name: "ARKit", targets: ["ARKit"])]
let simdTargets: [Target] = [.target(name: "simd"), .target(name: "ARKit", dependencies: ["simd"])]
let simdDependencies: [Target.Dependency] = [.target(name: "simd", condition: .when(platforms: [.linux]))]
let arKitDependencies: [Target.Dependency] = [.target(name: "ARKit", condition: .when(platforms: [.linux]))]
let simdTestTargets: [Target] = [.testTarget(name: "simdTests", dependencies: ["simd"])]
#else
let simdProducts: [Product] = []
let simdTargets: [Target] = []
let simdDependencies: [Target.Dependency] = []
let arKitDependencies: [Target.Dependency] = []
let simdTestTargets: [Target] = []
#endif

let package = Package(
    name: "swift-uwb",
    products: [
        .library(name: "UWBCore", targets: ["UWBCore"]),
        .library(name: "DW1000Driver", targets: ["DW1000Driver"]),
        .library(name: "DW3000Driver", targets: ["DW3000Driver"]),
        .library(name: "UWBEmulator", targets: ["UWBEmulator"]),
        .library(name: "UWBEmulatorService", targets: ["UWBEmulatorService"]),
        .library(name: "UWBRanging", targets: ["UWBRanging"]),
        .library(name: "UWBPositioning", targets: ["UWBPositioning"]),
        .library(name: "UWBDevices", targets: ["UWBDevices"]),
        // Sessions, and `NISession()` on the device `UWB_DEVICE` names: every backend comes along.
        .library(name: "NearbyInteraction", targets: ["NearbyInteraction", "NearbyInteractionDefaultDevice"]),
        // Sessions on a radio or UCI device the app gives them: no emulator, no libusb (decision 0027).
        .library(name: "NearbyInteractionSessions", targets: ["NearbyInteraction"]),
        .library(name: "UWBUSB", targets: ["UWBUSB"]),
        .library(name: "UCI", targets: ["UCI"]),
        .library(name: "UCIService", targets: ["UCIService"]),
        .library(name: "UCIClient", targets: ["UCIClient"]),
        .library(name: "AccessoryProtocol", targets: ["AccessoryProtocol"]),
        .library(name: "AccessoryBluetooth", targets: ["AccessoryBluetooth"]),
        .executable(name: "uwb", targets: ["uwb"]),
    ] + simdProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The shipped board descriptions are compiled in (Hardware/boards/*.json, linked from
        // Sources/UWBCore/Board/Shipped): a program finds them wherever it runs. Decision 0017.
        .target(
            name: "UWBCore",
            resources: [
                .embedInCode("Board/Shipped/ft232h-dw1000-single.json"),
                .embedInCode("Board/Shipped/ft232h-dw1000-dual.json"),
                .embedInCode("Board/Shipped/ft232h-dw1000-triple.json"),
                .embedInCode("Board/Shipped/ft232h-dwm3000-single.json"),
                .embedInCode("Board/Shipped/ft232h-dw3220-pdoa.json"),
            ]
        ),
        .target(name: "DW1000Driver", dependencies: ["UWBCore", .product(name: "Logging", package: "swift-log")]),
        .target(name: "DW3000Driver", dependencies: ["UWBCore", .product(name: "Logging", package: "swift-log")]),
        // The driver of a board's chip family, for the emulator's devices and UWBDevices alike (decision 0022).
        .target(name: "ChipDrivers", dependencies: ["UWBCore", "DW1000Driver", "DW3000Driver", .product(name: "Logging", package: "swift-log")]),
        .target(name: "UCI", dependencies: ["UWBCore"]),
        .target(name: "UCIService", dependencies: ["UCI", "UWBCore", "UWBEmulator", "UWBPositioning", "UWBRanging", .product(name: "Logging", package: "swift-log")]),
        .target(name: "UCIClient", dependencies: ["UCI", "UWBCore", .product(name: "Logging", package: "swift-log")]),
        .target(name: "AccessoryProtocol", dependencies: ["UCI", "UWBCore", "UWBRanging"]),
        // The accessory protocol over Bluetooth LE through BlueZ's D-Bus API (decision 0028).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "AccessoryBluetooth", dependencies: ["AccessoryProtocol", "UWBCore", "CDBus"]),
        .target(name: "FT232H", dependencies: ["UWBCore", .product(name: "Logging", package: "swift-log")]),
        .systemLibrary(name: "CLibUSB", pkgConfig: "libusb-1.0", providers: [.apt(["libusb-1.0-0-dev"])]),
        .target(
            name: "UWBUSB",
            dependencies: ["CLibUSB", "FT232H", "DW1000Driver", "DW3000Driver", "UWBCore", .product(name: "Logging", package: "swift-log")]),
        // Test support only (no product): an FT232H emulated at the usbdevfs level with umockdev.
        // Open MPI for the emulator's worlds split over processes (issue 34); only UWBMPI imports it.
        .systemLibrary(name: "CMPI", pkgConfig: "ompi-c", providers: [.apt(["libopenmpi-dev"])]),
        // The C library's printf("%.*f") for the uwb command's numbers, called without a va_list.
        .systemLibrary(name: "CFixedDecimal"),
        .target(name: "UWBMPI", dependencies: ["CMPI"]),
        .systemLibrary(name: "CUMockdev", pkgConfig: "umockdev-1.0", providers: [.apt(["libumockdev-dev"])]),
        .target(name: "EmulatedUSBDevice", dependencies: ["CUMockdev"]),
        .target(name: "FT232HEmulation", dependencies: ["FT232H", "UWBCore", "UWBEmulator", "DW1000Driver", "DW3000Driver"]),
        .target(name: "RegisterMapGenerator", dependencies: ["UWBCore"]),
        // The shipped scenarios are compiled in too (Docs/scenarios/*.json, linked from
        // Sources/UWBEmulator/Scenario/Shipped): `uwb demo` and `--scenario NAME` work from any folder.
        .target(
            name: "UWBEmulator",
            dependencies: ["UWBCore", "ChipDrivers", "DW1000Driver", "DW3000Driver", .product(name: "Logging", package: "swift-log")],
            resources: [
                .embedInCode("Scenario/Shipped/apartment-fridge.json"),
                .embedInCode("Scenario/Shipped/apartment-wall.json"),
                .embedInCode("Scenario/Shipped/calibration-room.json"),
                .embedInCode("Scenario/Shipped/capture-room.json"),
                .embedInCode("Scenario/Shipped/demo-room.json"),
                .embedInCode("Scenario/Shipped/dense-room.json"),
                .embedInCode("Scenario/Shipped/hall-twenty.json"),
                .embedInCode("Scenario/Shipped/hall-two-channels.json"),
                .embedInCode("Scenario/Shipped/office-wall.json"),
                .embedInCode("Scenario/Shipped/pdoa-bench.json"),
                .embedInCode("Scenario/Shipped/phone-and-accessory.json"),
                .embedInCode("Scenario/Shipped/pdoa-dw3220-bench.json"),
                .embedInCode("Scenario/Shipped/pdoa-dw3220-sweep.json"),
                .embedInCode("Scenario/Shipped/pdoa-sweep.json"),
                .embedInCode("Scenario/Shipped/two-devices-3m.json"),
                .embedInCode("Scenario/Shipped/uci-pairs-twenty.json"),
                .embedInCode("Scenario/Shipped/walking-around.json"),
                .embedInCode("Scenario/Shipped/warehouse.json"),
                .embedInCode("Scenario/Shipped/office-dl-tdoa.json"),
                .embedInCode("Scenario/Shipped/thousand-tags.json"),
            ]
        ),
        .target(name: "UWBPlot", dependencies: ["UWBCore", "UWBEmulator"]),
        .target(name: "UWBEmulatorService", dependencies: ["UWBCore", "UWBEmulator", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "UWBRanging",
            dependencies: [
                "UWBCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "EmulatorHarness",
            dependencies: ["NearbyInteraction", "UWBDevices", "UWBRanging", "UWBPositioning", "UWBEmulator", "UWBCore", "DW1000Driver", "FT232H", "FT232HEmulation", "AccessoryProtocol"]
        ),
        // The emulator service's web page: the page's files are compiled in (Sources/EmulatorWeb/Page).
        .target(
            name: "EmulatorWeb",
            dependencies: [
                "UWBEmulatorService", "UWBEmulator", "UWBRanging", "UWBCore", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/room.js"), .embedInCode("Page/room.css")]
        ),
        .target(
            name: "UWBDevices",
            dependencies: [
                "UWBCore", "ChipDrivers", "DW1000Driver", "UWBEmulator", "UWBEmulatorService", "UWBUSB", "FT232H", "UCIClient",
                "UCI", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "NearbyInteraction",
            dependencies: [
                "UWBPositioning", "UWBRanging", "UWBCore", "UCIClient", "UCI", "AccessoryProtocol", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ]
                + simdDependencies + arKitDependencies
        ),
        .target(name: "NearbyInteractionDefaultDevice", dependencies: ["NearbyInteraction", "UWBDevices"]),
        .target(name: "UWBPositioning", dependencies: ["UWBRanging", "UWBCore"]),
        .executableTarget(
            name: "uwb-regmap",
            dependencies: [
                "RegisterMapGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "uwb",
            dependencies: [
                "CFixedDecimal",
                "NearbyInteraction",
                "NearbyInteractionDefaultDevice",
                "UWBDevices",
                "UWBCore",
                "DW1000Driver",
                "DW3000Driver",
                "UWBEmulator",
                "UWBEmulatorService",
                "EmulatorWeb",
                "UWBRanging",
                "UWBPositioning",
                "EmulatorHarness",
                "UWBUSB",
                "UWBMPI",
                "UWBPlot",
                "UCIService",
                "UCIClient",
                "UCI",
                "AccessoryProtocol",
                "AccessoryBluetooth",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "uwb-benchmarks",
            dependencies: [
                "UWBDevices",
                "FT232H",
                "FT232HEmulation",
                "NearbyInteraction",
                "UWBEmulator",
                "UWBRanging",
                "UWBPositioning",
                "EmulatorHarness",
                "UWBCore",
                "DW1000Driver",
                "UCI",
                "UCIService",
                "UWBPlot",
                "AccessoryProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support only (no product): prints archived tokens, for tests that compare archives
        // made in different processes.
        .executableTarget(name: "token-archive-probe", dependencies: ["NearbyInteraction", "UWBCore"]),
        .executableTarget(
            name: "uwb-fuzz",
            dependencies: ["UWBCore", "UWBRanging", "UWBEmulator", "UWBEmulatorService", "NearbyInteraction", "FT232H", "FT232HEmulation", "UCI", "AccessoryProtocol", "UWBPlot", "UWBPositioning"]
        ),
        .target(
            name: "UWBTestSupport",
            dependencies: ["UWBCore", "DW1000Driver", "DW3000Driver", "UWBEmulator", .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log")]
        ),
        .testTarget(
            name: "NearbyInteractionTests",
            dependencies: [
                "NearbyInteraction", "NearbyInteractionDefaultDevice", "UWBDevices", "UWBRanging", "UWBCore", "UWBEmulator", "UWBTestSupport", "EmulatorHarness",
                "UWBUSB", "token-archive-probe", "AccessoryProtocol", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "UWBRangingTests",
            dependencies: [
                "UWBRanging", "EmulatorHarness", "UWBCore", "UWBEmulator", "UWBTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "UWBEmulatorTests",
            dependencies: ["UWBEmulator", "UWBEmulatorService", "UWBCore", "DW1000Driver", "DW3000Driver", "UWBTestSupport"]
        ),
        .testTarget(name: "UWBCoreTests", dependencies: ["UWBCore", "UWBTestSupport"]),
        .testTarget(name: "UWBPositioningTests", dependencies: ["UWBPositioning", "EmulatorHarness", "UWBEmulator", "UWBCore", "UWBTestSupport"]),
        .testTarget(name: "UCITests", dependencies: ["UCI"]),
        .testTarget(
            name: "UCIClientTests",
            dependencies: [
                "UCIClient", "UCI", "UCIService", "NearbyInteraction", "NearbyInteractionDefaultDevice", "UWBDevices", "UWBRanging", "UWBCore", "UWBEmulator",
                "EmulatorHarness", "UWBTestSupport", "AccessoryProtocol", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "UCIServiceTests", dependencies: ["UCIService", "UCI", "UWBCore", "UWBEmulator", "EmulatorHarness", "AccessoryProtocol", "UWBTestSupport"]),
        .testTarget(
            name: "UWBPlotTests", dependencies: ["UWBPlot", "UWBCore", "UWBEmulator", "UWBTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "UWBDevicesTests",
            dependencies: ["UWBDevices", "UWBCore", "UWBEmulator", "UWBEmulatorService", "UWBTestSupport", "FT232H", "FT232HEmulation", "NearbyInteraction", "EmulatorHarness"]
        ),
        .testTarget(
            name: "EmulatorWebTests",
            dependencies: ["EmulatorWeb", "UWBEmulatorService", "UWBEmulator", "UWBCore", "UWBTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "UWBCommandTests",
            dependencies: ["uwb", "UWBCore", "UWBEmulator", "UWBEmulatorService", "UWBTestSupport", "UWBUSB", "EmulatorHarness", "NearbyInteraction", "UWBDevices", "UWBPositioning",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "UWBUSBTests",
            dependencies: [
                "UWBUSB", "FT232H", "FT232HEmulation", "DW1000Driver", "DW3000Driver", "UWBEmulator", "UWBCore", "UWBTestSupport",
                "EmulatedUSBDevice",
                "UWBDevices", "NearbyInteraction", "UWBRanging", "EmulatorHarness",
            ]
        ),
        .testTarget(
            name: "FT232HTests",
            dependencies: ["FT232H", "FT232HEmulation", "UWBCore", "DW1000Driver", "DW3000Driver", "UWBEmulator", "UWBTestSupport"]
        ),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["uwb-fuzz", "UWBTestSupport"]),
        .testTarget(name: "AccessoryProtocolTests", dependencies: ["AccessoryProtocol", "UWBRanging", "UWBCore", "UCI", "UWBTestSupport"]),
        // Needs dbus-daemon and python3-dbusmock (a BlueZ mock on a private bus).
        .testTarget(name: "AccessoryBluetoothTests", dependencies: ["AccessoryBluetooth", "AccessoryProtocol", "UWBTestSupport"]),
        .testTarget(
            name: "DW1000Tests",
            dependencies: ["DW1000Driver", "RegisterMapGenerator", "UWBTestSupport", "UWBCore", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "DW3000Tests",
            dependencies: ["DW3000Driver", "RegisterMapGenerator", "UWBTestSupport", "UWBCore"]
        ),
        // Written as an iOS app writes NearbyInteraction code: it names only NearbyInteraction (and
        // imports simd and ARKit through it); UWBTestSupport, UWBEmulator and UWBDevices make the emulated radios.
        .testTarget(
            name: "IOSStyleAppTests",
            dependencies: ["NearbyInteraction", "UWBTestSupport", "UWBEmulator", "EmulatorHarness", "UWBDevices", "UWBCore"] + simdDependencies + arKitDependencies
        ),
    ] + simdTargets + simdTestTargets,
    swiftLanguageModes: [.v6]
)

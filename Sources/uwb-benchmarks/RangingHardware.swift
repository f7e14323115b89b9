import ArgumentParser
import UWBCore

/// Which chips and channel the ranging accuracy worlds run on: the family's one-antenna board
/// for pairs and its direction-finding board for the angle of arrival (`Hardware/boards`), and
/// the STS they range with, if any.
struct RangingHardware: CustomStringConvertible {
    /// The chip family of every device.
    let family: ChipFamily
    /// The UWB channel of every world.
    let channel: Channel
    /// The scrambled timestamp sequence every device ranges with; nil for none.
    var secureTimestamps: SecureTimestampConfiguration? = nil

    /// DW1000 boards on channel 5: the figures recorded before the DW3000 family.
    static let dw1000 = RangingHardware(family: .dw1000, channel: .five)

    /// The board of the devices that only measure distance.
    var pairBoard: String {
        family == .dw1000 ? "ft232h-dw1000-single" : "ft232h-dwm3000-single"
    }

    /// The board of the device that measures the angle of arrival: three DW1000s on one clock, or
    /// one DW3220 with two antenna ports (a horizontal angle only).
    var arrayBoard: String {
        family == .dw1000 ? "ft232h-dw1000-triple" : "ft232h-dw3220-pdoa"
    }

    /// "DW3000 boards on channel 9", and the STS if there is one.
    var description: String {
        "\(family) boards on \(channel)" + (secureTimestamps.map { ", with an STS (\($0), a fixed test key and IV)" } ?? "")
    }

    /// The STS of the benchmarks' `--sts` worlds: the one sessions use
    /// (``SecureTimestampConfiguration/ranging(key:initializationVector:)``) under a fixed key
    /// (octets 0 to 15) and IV (octets 16 to 31), so that every run is the same.
    static func testSecureTimestamps() throws -> SecureTimestampConfiguration {
        .ranging(
            key: try SecureTimestampSecret(octets: Array(0..<16), field: "STS key"),
            initializationVector: try SecureTimestampSecret(octets: Array(16..<32), field: "STS IV"))
    }
}

extension ChipFamily: ExpressibleByArgument {
    /// Parses `dw1000` or `dw3000`, in any case.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}

extension Channel: ExpressibleByArgument {
    /// Parses a channel number.
    public init?(argument: String) {
        guard let number = Int(argument) else { return nil }
        self.init(rawValue: number)
    }
}

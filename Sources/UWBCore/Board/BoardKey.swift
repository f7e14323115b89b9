/// The keys of the board description format.
///
/// The decoder and the validator both build field paths from these, so every error message names
/// exactly the key a person has to fix.
enum BoardKey {
    static let id = "id"
    static let name = "name"
    static let description = "description"
    static let usb = "usb"
    static let spi = "spi"
    static let chips = "chips"

    static let vendorID = "vendorId"
    static let productID = "productId"
    static let bridge = "bridge"
    static let product = "product"

    static let initialClock = "initialClockHz"
    static let fastClock = "fastClockHz"
    static let mode = "mode"

    static let chipSelect = "chipSelect"
    static let model = "model"
    static let clock = "clock"
    static let antenna = "antenna"
    static let position = "position"
    static let secondPort = "secondPort"
    static let wiring = "wiring"
    static let calibration = "calibration"

    static let cs = "cs"
    static let irq = "irq"
    static let reset = "reset"

    static let txAntennaDelay = "txAntennaDelay"
    static let rxAntennaDelay = "rxAntennaDelay"
    static let phaseOffset = "phaseOffset"

    /// `key` inside the object at `parent`, for example `usb.vendorId`; a key at the top level
    /// when `parent` is empty.
    static func path(_ parent: String, _ key: String) -> String {
        JSONPath.member(key, of: parent)
    }

    /// Element `index` of the array at `parent`, for example `chips[1]`.
    static func path(_ parent: String, index: Int) -> String {
        JSONPath.element(index, of: parent)
    }

    /// The path of chip `index`, for example `chips[1]`.
    static func chip(_ index: Int) -> String {
        path(chips, index: index)
    }
}

/// Why a board description was rejected.
///
/// Every message starts with the JSON field path it is about (for example
/// `chips[1].antenna.position`) and says what is wrong and what would be accepted.
public enum BoardDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be read.
    case cannotRead(path: String, reason: String)
    /// The data is not valid JSON; `reason` is the parser's message.
    case malformedJSON(reason: String)
    /// A required key is absent.
    case missingKey(field: String)
    /// A key the format does not define, usually a typo.
    case unknownKey(field: String, allowed: [String])
    /// A value of the wrong JSON type, for example a string where a number belongs.
    case wrongType(field: String, expected: String, found: String)
    /// A number that is infinite or NaN.
    case notFinite(field: String)
    /// A number that must be whole has a fractional part.
    case notWholeNumber(field: String, value: Double)
    /// A whole number too large to be a count or a tick value.
    case numberTooLarge(field: String, value: Double)
    /// An array with the wrong number of elements.
    case wrongCount(field: String, expected: String, found: Int)
    /// A text that must say something is empty.
    case emptyText(field: String)
    /// A board id that is not kebab-case.
    case invalidIdentifier(field: String, value: String)
    /// A USB id that is not a 16-bit hexadecimal number.
    case notHexadecimal(field: String, text: String)
    /// A value outside the set the format allows.
    case unsupportedValue(field: String, value: String, allowed: [String])
    /// A pin name that is not an FT232H pin usable in MPSSE mode.
    case unknownPin(field: String, name: String)
    /// An SPI clock above what the DW1000 accepts at that stage.
    case spiClockTooFast(field: String, clock: Frequency, limit: Frequency)
    /// An SPI clock below what the FT232H can make.
    case spiClockTooSlow(field: String, clock: Frequency)
    /// The fast SPI clock is slower than the initial one.
    case fastClockBelowInitialClock(initial: Frequency, fast: Frequency)
    /// A board with fewer than one or more than three chips.
    case chipCount(Int)
    /// A chip-select index outside 0..<number of chips.
    case chipSelectOutOfRange(field: String, index: Int, chipCount: Int)
    /// Two chips with the same chip-select index.
    case duplicateChipSelect(field: String, index: Int, firstField: String)
    /// An antenna coordinate farther than ``BoardChip/maximumAntennaOffset`` from the origin.
    case antennaTooFarFromOrigin(field: String, metres: Double)
    /// A chip's antenna lists a `secondPort` its model does not have, or lacks one it has.
    case antennaPortCount(field: String, model: ChipModel, found: Int)
    /// An antenna delay that does not fit its 16-bit register.
    case antennaDelayOutOfRange(field: String, ticks: Int64, register: String)
    /// A phase offset outside −π...π.
    case phaseOffsetOutOfRange(field: String, radians: Double)
    /// The reference chip of a clock (the first one listed) has a phase offset other than zero.
    case referencePhaseOffsetNotZero(field: String, clock: String, radians: Double)
    /// SCK, MOSI or MISO (ADBUS0–ADBUS2) used as a CS, IRQ or reset line.
    case spiPinNotAllowed(field: String, pin: FT232HPin)
    /// A pin given two jobs: CS and IRQ pins must be distinct across all chips; only reset lines
    /// may be shared between chips.
    case pinConflict(field: String, pin: FT232HPin, otherField: String)
    /// The `id` differs from the file name it was loaded from.
    case idMismatch(id: String, fileName: String)
    /// An error in the board file at `path`.
    indirect case inFile(path: String, error: BoardDescriptionError)
    /// No board file with this id in any search path.
    case unknownBoard(id: String, available: [String], searched: [String])

    /// The JSON field path the error is about, or `nil` if it concerns the whole file or catalog.
    public var field: String? {
        switch self {
        case .cannotRead, .malformedJSON, .unknownBoard:
            nil
        case .missingKey(let field), .unknownKey(let field, _), .wrongType(let field, _, _),
            .notFinite(let field), .notWholeNumber(let field, _), .numberTooLarge(let field, _),
            .wrongCount(let field, _, _), .emptyText(let field), .invalidIdentifier(let field, _),
            .notHexadecimal(let field, _), .unsupportedValue(let field, _, _), .unknownPin(let field, _),
            .spiClockTooFast(let field, _, _), .spiClockTooSlow(let field, _),
            .chipSelectOutOfRange(let field, _, _), .duplicateChipSelect(let field, _, _),
            .antennaTooFarFromOrigin(let field, _), .antennaDelayOutOfRange(let field, _, _),
            .antennaPortCount(let field, _, _),
            .phaseOffsetOutOfRange(let field, _), .referencePhaseOffsetNotZero(let field, _, _),
            .spiPinNotAllowed(let field, _), .pinConflict(let field, _, _):
            field
        case .fastClockBelowInitialClock:
            BoardKey.path(BoardKey.spi, BoardKey.fastClock)
        case .chipCount:
            BoardKey.chips
        case .idMismatch:
            BoardKey.id
        case .inFile(_, let error):
            error.field
        }
    }

    /// What is wrong, where, and what would be accepted.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason); check the path"
        case .malformedJSON(let reason):
            "not valid JSON: \(reason)"
        case .missingKey(let field):
            "\(shown(field)): missing; every board description needs it (see Hardware/boards/README.md)"
        case .unknownKey(let field, let allowed):
            "\(shown(field)): unknown key; allowed here: \(allowed.joined(separator: ", "))"
        case .wrongType(let field, let expected, let found):
            "\(shown(field)): expected \(expected), got \(found)"
        case .notFinite(let field):
            "\(shown(field)): not a finite number"
        case .notWholeNumber(let field, let value):
            "\(shown(field)): \(number(value)) is not a whole number"
        case .numberTooLarge(let field, let value):
            "\(shown(field)): \(number(value)) is far too large"
        case .wrongCount(let field, let expected, let found):
            "\(shown(field)): expected \(expected), got \(found)"
        case .emptyText(let field):
            "\(shown(field)): must not be empty"
        case .invalidIdentifier(let field, let value):
            "\(shown(field)): \"\(value)\" is not kebab-case; use lowercase letters and digits separated by single hyphens, like \"ft232h-dw1000-dual\""
        case .notHexadecimal(let field, let text):
            "\(shown(field)): \"\(text)\" is not a hexadecimal number from 0x0000 to 0xFFFF; write it like \"0x0403\""
        case .unsupportedValue(let field, let value, let allowed):
            "\(shown(field)): \(value) is not supported; use \(allowed.joined(separator: " or "))"
        case .unknownPin(let field, let name):
            "\(shown(field)): \"\(name)\" is not an FT232H pin usable in MPSSE mode; use ADBUS3...ADBUS7 or ACBUS0...ACBUS7"
        case .spiClockTooFast(let field, let clock, let limit):
            "\(shown(field)): \(number(clock.hertz)) Hz is above \(number(limit.hertz)) Hz, the DW1000's SPI limit at this stage (User Manual §2.3.2); values are in hertz"
        case .spiClockTooSlow(let field, let clock):
            "\(shown(field)): \(number(clock.hertz)) Hz is below the FT232H's slowest SCK (\(formatted(SPISettings.minimumClock.hertz, decimals: 1)) Hz); values are in hertz, so 2 MHz is 2000000"
        case .fastClockBelowInitialClock(let initial, let fast):
            "\(BoardKey.path(BoardKey.spi, BoardKey.fastClock)): \(number(fast.hertz)) Hz is slower than \(BoardKey.initialClock) (\(number(initial.hertz)) Hz); the fast clock is for after PLL lock and should not be slower"
        case .chipCount(let count):
            "\(BoardKey.chips): \(count) chips, but a board has 1 to 3"
        case .chipSelectOutOfRange(let field, let index, let count):
            "\(shown(field)): \(index) is not a chip-select index of this board; with \(count) chip\(count == 1 ? "" : "s") use 0...\(count - 1)"
        case .duplicateChipSelect(let field, let index, let firstField):
            "\(shown(field)): chip select \(index) is already used by \(firstField); each chip needs its own"
        case .antennaTooFarFromOrigin(let field, let metres):
            "\(shown(field)): \(number(metres)) m is more than \(number(BoardChip.maximumAntennaOffset.metres)) m from the board origin; positions are in metres (20.8 mm is 0.0208)"
        case .antennaPortCount(let field, let model, let found):
            model.antennaPorts == 2
                ? "\(shown(field)): a \(model) has two antenna ports; give the second port's antenna as `secondPort` (found \(found) position)"
                : "\(shown(field)): a \(model) has one antenna port; remove `secondPort` (found \(found) positions) or use a DW3120 or DW3220"
        case .antennaDelayOutOfRange(let field, let ticks, let register):
            "\(shown(field)): \(ticks) does not fit the 16-bit \(register) register (0...\(ChipCalibration.maximumAntennaDelay.ticks)); delays are in device ticks of 15.65 ps"
        case .phaseOffsetOutOfRange(let field, let radians):
            "\(shown(field)): \(number(radians)) rad is outside −π...π; phase offsets are in radians, wrapped into −π...π"
        case .referencePhaseOffsetNotZero(let field, let clock, let radians):
            "\(shown(field)): \(number(radians)) rad, but this chip is the phase reference of clock \"\(clock)\" (the first chip listed on it), so its offset must be 0; subtract it from the other chips on that clock"
        case .spiPinNotAllowed(let field, let pin):
            "\(shown(field)): \(pin) carries SPI (ADBUS0 SCK, ADBUS1 MOSI, ADBUS2 MISO) and cannot be a CS, IRQ or reset line"
        case .pinConflict(let field, let pin, let otherField):
            "\(shown(field)): \(pin) is already used as \(otherField); CS and IRQ pins must be distinct, only reset lines may be shared between chips"
        case .idMismatch(let id, let fileName):
            "\(BoardKey.id): \"\(id)\" differs from the file name \"\(fileName)\"; the id must equal the file name without .json"
        case .inFile(let path, let error):
            "\(path): \(error)"
        case .unknownBoard(let id, let available, let searched):
            "no board named \"\(id)\"; found: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
                + "; searched: " + (searched.isEmpty ? "no paths" : searched.joined(separator: ", "))
                + " (set UWB_BOARDS_DIR to add a directory)"
        }
    }

    private func shown(_ field: String) -> String {
        field.isEmpty ? "(top level)" : field
    }

    private func number(_ value: Double) -> String {
        JSONNumberText.text(value)
    }
}

import UWBCore
import UWBDevices

/// What `uwb registers --read` read from one chip: each register's reading, and the registers
/// left unread with the reason (Docs/guides/attaching-a-board.md shows the output); `Mapped` is
/// the register map of the chip's family (the DW1000's `DW1000Register`, the DW3000's `DW3000Register`).
struct RegisterDump<Mapped: MappedRegister> {
    /// The radio's name (`usb:SERIAL`, `emulator:NAME`).
    let radio: String
    /// The board description's id.
    let board: String
    /// The chip's index on the board.
    let chip: Int
    /// The registers read, in map order.
    let readings: [MappedRegisterReading<Mapped>]
    /// The registers not read, with why.
    let skipped: [(register: Mapped, reason: String)]

    /// Reads `registers` from chip `chip` of `radio` with `reader` (the driver's register access
    /// of the chip's family), leaving out the write-only ones, the files read as their
    /// sub-registers, and (unless `includingSideEffects`) those whose reads have effects.
    ///
    /// - Throws: ``CommandFailure`` for a chip the board lacks or a bus that fails.
    static func read(
        _ registers: [Mapped], from radio: RadioBus, chip: Int, includingSideEffects: Bool,
        reader: (Mapped, any SPIBus, ChipSelect) throws(SPIBusError) -> MappedRegisterReading<Mapped>
    ) throws(CommandFailure) -> RegisterDump {
        let select = try Self.chipSelect(chip, of: radio)
        var readings: [MappedRegisterReading<Mapped>] = []
        var skipped: [(Mapped, String)] = []
        for register in registers {
            switch register.readability {
            case .writeOnly:
                skipped.append((register, "write-only"))
                continue
            case .readAsSubRegisters:
                skipped.append((register, "read as its sub-registers"))
                continue
            case .sideEffects(let effect) where !includingSideEffects:
                skipped.append((register, effect + "; --include-side-effects reads it"))
                continue
            case .sideEffects, .harmless:
                break
            }
            do throws(SPIBusError) {
                readings.append(try reader(register, radio.bus, select))
            } catch {
                throw CommandFailure("reading \(register.name) from chip \(chip) of \(radio.name) failed: \(error)")
            }
        }
        return RegisterDump(radio: radio.name, board: radio.board.id, chip: chip, readings: readings, skipped: skipped)
    }

    /// Chip `chip` of `radio`'s board, or a failure saying which chips it has.
    static func chipSelect(_ chip: Int, of radio: RadioBus) throws(CommandFailure) -> ChipSelect {
        let chips = radio.board.chips.count
        guard chip < chips else {
            throw CommandFailure("--chip \(chip): \(radio.name) is a \(radio.board.id) board with \(chips) chip\(chips == 1 ? "" : "s") "
                + "(0…\(chips - 1)); give one of those")
        }
        do {
            return try ChipSelect(chip)
        } catch {
            throw CommandFailure("--chip \(chip): \(error)")
        }
    }

    /// One block per register: its name and address, the raw value in hex, then each field with
    /// its bits, value and meaning; then one line per register not read.
    var text: String {
        var blocks = ["\(radio) (\(board)), chip \(chip)"]
        for reading in readings {
            var lines = ["\(reading.register)  UM §\(reading.register.section)", "  raw    " + Self.hex(reading.octets)]
            for field in reading.fields {
                let bits = field.field.width == 1 ? "bit \(field.field.lowBit)"
                    : "bits \(field.field.lowBit + field.field.width - 1):\(field.field.lowBit)"
                lines.append("  " + DemoText.column(field.field.name, width: 14) + DemoText.column(bits, width: 12)
                    + DemoText.column(Self.fieldValue(field.value, width: field.field.width), width: 20)
                    + (field.meaning ?? ""))
            }
            blocks.append(lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n"))
        }
        if !skipped.isEmpty {
            blocks.append("not read:\n" + skipped.map { "  \($0.register): \($0.reason)" }.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }

    /// One JSON object: `device`, `board`, `chip`, `registers` (each `name`, `file`, `offset`,
    /// `length`, `access`, `raw`, `fields`: each `name`, `low_bit`, `width`, `value`, `meaning`), `skipped`
    /// (each `name`, `reason`).
    var json: String {
        let registers = readings.map { reading in
            JSONText.object([
                ("name", JSONText.string(reading.register.name)),
                ("file", "\(reading.register.file)"),
                ("offset", "\(reading.register.offset)"),
                ("length", "\(reading.register.length)"),
                ("access", JSONText.string(reading.register.access.rawValue)),
                ("raw", JSONText.string(Self.hex(reading.octets))),
                ("fields", "[" + reading.fields.map { field in
                    JSONText.object([
                        ("name", JSONText.string(field.field.name)),
                        ("low_bit", "\(field.field.lowBit)"),
                        ("width", "\(field.field.width)"),
                        ("value", "\(field.value)"),
                        ("meaning", field.meaning.map(JSONText.string) ?? "null"),
                    ])
                }.joined(separator: ",") + "]"),
            ])
        }
        let left = skipped.map { JSONText.object([("name", JSONText.string($0.register.name)), ("reason", JSONText.string($0.reason))]) }
        return JSONText.object([
            ("device", JSONText.string(radio)),
            ("board", JSONText.string(board)),
            ("chip", "\(chip)"),
            ("registers", "[" + registers.joined(separator: ",") + "]"),
            ("skipped", "[" + left.joined(separator: ",") + "]"),
        ])
    }

    /// The octets as one hex number, most significant first: `0xDECA0130`.
    static func hex(_ octets: [UInt8]) -> String {
        "0x" + octets.reversed().map { hexDigits(UInt64($0), count: 2) }.joined()
    }

    /// A field's value: decimal for a single bit, else hex and decimal (`0xDECA (57034)`).
    private static func fieldValue(_ value: UInt64, width: Int) -> String {
        width == 1 ? "\(value)" : "0x" + String(value, radix: 16, uppercase: true) + " (\(value))"
    }
}

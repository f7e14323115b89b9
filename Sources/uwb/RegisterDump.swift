import DW1000Driver
import UWBCore
import UWBDevices

/// What `uwb registers --read` read from one chip: each register's reading, and the registers
/// left unread with the reason (Docs/guides/attaching-a-board.md shows the output).
struct RegisterDump {
    /// The radio's name (`usb:SERIAL`, `emulator:NAME`).
    let radio: String
    /// The board description's id.
    let board: String
    /// The chip's index on the board.
    let chip: Int
    /// The registers read, in map order.
    let readings: [RegisterReading]
    /// The registers not read, with why.
    let skipped: [(register: Register, reason: String)]

    /// Reads `registers` from chip `chip` of `radio`, leaving out the write-only ones, the files
    /// read as their sub-registers, and (unless `includingSideEffects`) those whose reads have effects.
    ///
    /// - Throws: ``CommandFailure`` for a chip the board lacks or a bus that fails.
    static func read(_ registers: [Register], from radio: RadioBus, chip: Int, includingSideEffects: Bool) throws -> RegisterDump {
        let chips = radio.board.chips.count
        guard chip < chips else {
            throw CommandFailure("--chip \(chip): \(radio.name) is a \(radio.board.id) board with \(chips) chip\(chips == 1 ? "" : "s") "
                + "(0…\(chips - 1)); give one of those")
        }
        let select: ChipSelect
        do {
            select = try ChipSelect(chip)
        } catch {
            throw CommandFailure("--chip \(chip): \(error)")
        }
        var readings: [RegisterReading] = []
        var skipped: [(Register, String)] = []
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
            do {
                readings.append(try RegisterReading.read(register, on: radio.bus, chip: select))
            } catch {
                throw CommandFailure("reading \(register.name) from chip \(chip) of \(radio.name) failed: \(error)")
            }
        }
        return RegisterDump(radio: radio.name, board: radio.board.id, chip: chip, readings: readings, skipped: skipped)
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
        "0x" + octets.reversed().map { String(format: "%02X", $0) }.joined()
    }

    /// A field's value: decimal for a single bit, else hex and decimal (`0xDECA (57034)`).
    private static func fieldValue(_ value: UInt64, width: Int) -> String {
        width == 1 ? "\(value)" : "0x" + String(value, radix: 16, uppercase: true) + " (\(value))"
    }
}

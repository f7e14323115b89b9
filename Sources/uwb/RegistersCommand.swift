import ArgumentParser
import DW1000Driver
import DW3000Driver
import UWBCore
import UWBDevices

/// `uwb registers`: prints a register map the drivers and the emulator share (the DW1000's, or
/// with `--map dw3000` the DW3000 family's), or with `--read`, reads the registers of a live chip
/// and decodes them field by field with the map of its family.
struct RegistersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registers",
        abstract: "List the DW1000 or DW3000 registers (Hardware/dw1000 or dw3000/registers.json), or read and decode them on a live chip.",
        discussion: """
            With --read, the registers are read over SPI from chip --chip of the radio --device names \
            (usb:SERIAL or emulator:NAME; default UWB_DEVICE), without bringing the chip up, and each \
            field is decoded by the register map of the chip's family, as the board description \
            gives its model: Hardware/dw1000/registers.json for a DW1000, \
            Hardware/dw3000/registers.json for a DW3000-family chip (--filter then matches DW3000 \
            names). For bring-up and debugging. Write-only registers are never read; buffers whose \
            reads have effects (DW1000 RX_BUFFER, ACC_MEM; DW3000 RX_BUFFER_0/1, ACC_MEM, \
            INDIRECT_PTR_A/B) only with --include-side-effects; register files whose sub-registers \
            the map lists are read as those.
            """)

    @Option(name: .shortAndLong, help: "Only registers whose name contains this text (case-insensitive).")
    var filter: String?

    @Flag(help: "Read the registers from a live chip and decode their fields.")
    var read = false

    @Option(help: "Without --read: the map to list, dw1000 or dw3000 (with --read the chip's family chooses it).")
    var map: RegisterMapChoice = .dw1000

    @Option(help: "With --read: the radio, usb:SERIAL or emulator:NAME; default: UWB_DEVICE (the first attached board if unset).")
    var device: String?

    @Option(parsing: .unconditional, help: "With --read: the chip's index on the board (its chip select), from 0.")
    var chip = 0

    @Option(help: "With --read: text (one block per register) or json (one object).")
    var format: RegisterDumpFormat = .text

    @Flag(help: "With --read: also read registers whose reads have effects (RX_BUFFER, ACC_MEM).")
    var includeSideEffects = false

    func validate() throws {
        if !read, device != nil || chip != 0 || format != .text || includeSideEffects {
            throw ValidationError("--device, --chip, --format and --include-side-effects go with --read")
        }
        if read, map != .dw1000 {
            throw ValidationError("--map goes without --read: a live chip is decoded with the map of its family")
        }
        guard chip >= 0 else { throw ValidationError("--chip \(chip): give a chip index from 0") }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        guard read else {
            switch map {
            case .dw1000: list(matching(DW1000Register.all))
            case .dw3000: list(matching(DW3000Register.all))
            }
            return
        }
        guard !matching(DW1000Register.all).isEmpty || !matching(DW3000Register.all).isEmpty else {
            throw ValidationError("--filter \(filter ?? ""): no register's name contains it; `uwb registers` lists them all")
        }
        let choice: DeviceChoice
        do throws(DeviceChoiceError) {
            if let device {
                choice = try DeviceChoice(environmentValue: device)
            } else {
                choice = try DeviceChoice.fromEnvironment()
            }
        } catch {
            throw ValidationError(error.description)
        }
        if choice == .firstAttachedBoard, device != nil {
            throw ValidationError("--device is empty: give usb:SERIAL or emulator:NAME, or leave it out for UWB_DEVICE")
        }
        let radio: RadioBus
        do {
            radio = try choice.openBus()
        } catch {
            throw CommandFailure(error.description)
        }
        defer { radio.release() }
        let family = radio.board.chips.indices.contains(chip) ? radio.board.chips[chip].model.family : nil
        switch family {
        case .dw3000:
            try dump(matching(DW3000Register.all), family: "DW3000", from: radio) { register, bus, chip throws(SPIBusError) in
                try DW3000RegisterReading.read(register, on: bus, chip: chip)
            }
        case .dw1000, nil:
            try dump(matching(DW1000Register.all), family: "DW1000", from: radio) { register, bus, chip throws(SPIBusError) in
                try DW1000RegisterReading.read(register, on: bus, chip: chip)
            }
        }
    }

    /// Prints each of `registers` with its User Manual section.
    private func list<Mapped: MappedRegister>(_ registers: [Mapped]) {
        for register in registers {
            print("\(register)  UM §\(register.section)")
        }
    }

    /// The registers of `all` whose name contains `--filter` (case-insensitive); all without it.
    private func matching<Mapped: MappedRegister>(_ all: [Mapped]) -> [Mapped] {
        let needle = filter?.uppercased()
        return all.filter { needle.map($0.name.uppercased().contains) ?? true }
    }

    /// Reads `registers` (of the `family` map) from chip `--chip` of `radio` with `reader` and
    /// prints them as `--format` says.
    private func dump<Mapped: MappedRegister>(
        _ registers: [Mapped], family: String, from radio: RadioBus,
        reader: (Mapped, any SPIBus, ChipSelect) throws(SPIBusError) -> MappedRegisterReading<Mapped>
    ) throws {
        guard !registers.isEmpty else {
            throw ValidationError("--filter \(filter ?? ""): no \(family) register's name contains it; "
                + "`uwb registers` lists the DW1000's, Hardware/\(family.lowercased())/registers.json the \(family)'s")
        }
        let dump = try RegisterDump.read(registers, from: radio, chip: chip, includingSideEffects: includeSideEffects, reader: reader)
        print(format == .json ? dump.json : dump.text)
    }
}

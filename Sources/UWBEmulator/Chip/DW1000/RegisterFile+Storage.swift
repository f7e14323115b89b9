import DW1000Driver

extension RegisterFile {
    /// A run of one register file's octets kept together in the block: the file's octets
    /// `offset ..< offset + length`, stored from `position`.
    struct Piece {
        /// The run's first octet in the file.
        let offset: Int
        /// The run's length in octets.
        let length: Int
        /// Where the run's first octet is stored in the block.
        let position: Int
    }

    /// Where each register file's octets are stored in the block, which is not where the register
    /// map puts them.
    ///
    /// The files a reception writes and the driver then reads come first, side by side, so that a
    /// reception touches three or four of the chip's cache lines rather than about ten spread over
    /// its 16.9 KB (in the register map's order they sit between the TX and RX buffers, past the RX
    /// buffer, in DRX_CONF and in four places of LDE_IF); then the RX buffer, whose first octets
    /// hold the frame; then the other files in the map's order. And a file whose registers are
    /// apart (LDE_IF: 10 246 octets for 13 of registers) keeps only its runs of registers, the
    /// octets between them being never written and read as zero. Measured in the 1000 listening
    /// tags (1 MB last-level cache): 22.97 M → 21.67 M data misses a virtual second, instructions
    /// unchanged (4.860 → 4.861 G).
    struct Storage {
        /// By file ID: where the file's octet 0 is stored, for a file stored whole.
        let positions: [Int]
        /// By file ID: the file's runs of registers when it is stored in pieces, else empty.
        let pieces: [[Piece]]
        /// The octets of every file together, as stored.
        let length: Int
    }

    /// The files stored first, in this order: the registers a reception writes or reads (DRX_CONF
    /// ends with the carrier integrator and RXPACC_NOSAT, LDE_IF holds the leading edge's), those
    /// the driver reads or writes for each interrupt, and last the RX buffer, whose first octets
    /// are the frame.
    private static let receptionFiles: [UInt8] = [
        DW1000Register.drxConf.file, DW1000Register.ldeIf.file, DW1000Register.sysCfg.file, DW1000Register.chanCtrl.file,
        DW1000Register.sysCtrl.file, DW1000Register.sysMask.file, DW1000Register.sysStatus.file, DW1000Register.rxFinfo.file,
        DW1000Register.rxFqual.file, DW1000Register.rxTtcki.file, DW1000Register.rxTtcko.file, DW1000Register.rxTime.file,
        DW1000Register.txTime.file, DW1000Register.rxBuffer.file,
    ]

    /// A file is stored in pieces where it has at least this many undocumented octets in a row:
    /// a cache line.
    private static let gapWorthSkipping = 64

    /// The storage of the files of ``layouts``.
    static let storage: Storage = {
        let order = receptionFiles.map(Int.init) + layouts.indices.filter { !receptionFiles.contains(UInt8($0)) }
        var positions = [Int](repeating: 0, count: layouts.count)
        var pieces = [[Piece]](repeating: [], count: layouts.count)
        var next = 0
        for id in order {
            guard let layout = layouts[id] else { continue }
            let runs = registerRuns(of: layout)
            if runs.count > 1 {
                pieces[id] = runs.map { run in
                    defer { next += run.count }
                    return Piece(offset: run.lowerBound, length: run.count, position: next)
                }
            } else {
                positions[id] = next
                next += layout.length
            }
        }
        return Storage(positions: positions, pieces: pieces, length: next)
    }()

    /// The runs of `layout`'s documented octets with fewer than ``gapWorthSkipping`` undocumented
    /// octets between two documented ones.
    private static func registerRuns(of layout: Layout) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in layout.documented.indices where layout.documented[index] {
            if let last = runs.last, index - last.upperBound < gapWorthSkipping {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }

    /// Where octet `offset` of the file with ID `file` is stored, if it is stored: always for a file
    /// stored whole, for a file in pieces only within its runs of registers.
    static func position(file: Int, offset: Int) -> Int? {
        let pieces = storage.pieces[file]
        guard !pieces.isEmpty else { return storage.positions[file] + offset }
        guard let piece = pieces.last(where: { $0.offset <= offset }), offset < piece.offset + piece.length else { return nil }
        return piece.position + (offset - piece.offset)
    }
}

import UWBEmulatorService

/// A file of the room's run a page downloads (Docs/emulator-web.md, "HTTP"): the path it is
/// served at, the ``RoomFile`` it is, and its `Content-Type`.
struct PageDownload: Sendable {
    /// Which of the run's files.
    let file: RoomFile
    /// The `Content-Type` it is served with.
    let contentType: String

    /// The downloads by the path they are served at.
    static let byPath: [String: PageDownload] = [
        "/scenario.json": PageDownload(file: .scenario, contentType: "application/json"),
        "/moves.jsonl": PageDownload(file: .moves, contentType: "application/x-ndjson"),
        "/trace.pcapng": PageDownload(file: .trace, contentType: "application/x-pcapng"),
    ]

    /// The `Content-Disposition` that has a browser save it as `fileName` (quotes, backslashes,
    /// control characters and characters beyond ASCII replaced by `_`: a quoted file name in a
    /// header cannot hold them as they are).
    static func disposition(of fileName: String) -> String {
        let safe = String(fileName.unicodeScalars.map { scalar in
            scalar == "\"" || scalar == "\\" || !(0x20..<0x7F).contains(scalar.value) ? "_" : Character(scalar)
        })
        return "attachment; filename=\"\(safe)\""
    }
}

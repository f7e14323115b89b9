/// A file of the page, compiled into the server (Sources/EmulatorWeb/Page): what `GET` of its
/// path answers.
struct PageFile: Sendable {
    /// The `Content-Type` it is served with.
    let contentType: String
    /// Its contents.
    let bytes: [UInt8]

    /// The files by the path they are served at.
    static let byPath: [String: PageFile] = [
        "/": PageFile(contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html),
        "/room.js": PageFile(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.room_js),
        "/room.css": PageFile(contentType: "text/css; charset=utf-8", bytes: PackageResources.room_css),
    ]
}

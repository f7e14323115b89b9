import Foundation

/// An SVG-to-PNG converter found on `PATH`: rsvg-convert (librsvg), Inkscape or ImageMagick's
/// `convert`, tried in that order.
public struct PNGConverter: Hashable, Sendable {
    /// The tools tried, in order of preference.
    public static let tools = ["rsvg-convert", "inkscape", "convert"]

    /// The tool's name.
    public let tool: String
    /// Its absolute path.
    public let executable: String

    /// The first converter on `path` (a `PATH`-style list of directories), or `nil` when none is there.
    public static func find(searchPath path: String? = ProcessInfo.processInfo.environment["PATH"]) -> PNGConverter? {
        let directories = (path ?? "").split(separator: ":").map(String.init)
        for tool in tools {
            for directory in directories {
                let candidate = URL(fileURLWithPath: directory).appendingPathComponent(tool).path
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    return PNGConverter(tool: tool, executable: candidate)
                }
            }
        }
        return nil
    }

    /// The converter's arguments to turn `svg` into `png`.
    func arguments(svg: String, png: String) -> [String] {
        switch tool {
        case "rsvg-convert": ["--format", "png", "--background-color", "white", "--output", png, svg]
        case "inkscape": [svg, "--export-type=png", "--export-filename=\(png)"]
        default: [svg, png]
        }
    }

    /// Converts the SVG file at `svg` into a PNG file at `png`.
    ///
    /// - Throws: ``PlotError/converterFailed(tool:status:message:)`` when the tool cannot start or fails.
    public func convert(svg: String, png: String) throws(PlotError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(svg: svg, png: png)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .converterFailed(tool: tool, status: -1, message: "\(error.localizedDescription); check the installation")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .converterFailed(
                tool: tool, status: process.terminationStatus,
                message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

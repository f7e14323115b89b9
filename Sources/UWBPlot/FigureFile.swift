import Foundation

/// Writes a figure's SVG to a file, and a PNG beside it through an external converter when asked.
public enum FigureFile {
    /// Writes `figure` as SVG to `path`, replacing the file if it exists.
    ///
    /// - Throws: ``PlotError/cannotWrite(path:reason:)``.
    public static func write(_ figure: Figure, to path: String) throws(PlotError) {
        do {
            try Data(FigureRenderer.svg(figure).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// The PNG path for an SVG path: `.svg` replaced by `.png`, or `.png` added.
    public static func pngPath(for svgPath: String) -> String {
        svgPath.lowercased().hasSuffix(".svg") ? String(svgPath.dropLast(4)) + ".png" : svgPath + ".png"
    }
}

/// The legend right of the plot area: a swatch and the name of each series, as many as fit, then
/// a line saying how many more there are.
enum LegendDrawing {
    /// The `<g class="legend">` element.
    static func element(_ series: [Series], area: PlotArea) -> SVGElement {
        let left = PlotStyle.width - PlotStyle.marginRight + 16
        let fitting = max(Int((area.bottom - area.top) / PlotStyle.legendLineHeight), 1)
        let shown = series.count > fitting ? Array(series.prefix(fitting - 1)) : series
        var children: [SVGElement] = []
        for (index, entry) in shown.enumerated() {
            let y = area.top + PlotStyle.legendLineHeight * (Double(index) + 0.5)
            let colour = PlotStyle.colour(entry.colour)
            let swatch: SVGElement
            switch entry.style {
            case .points, .markers:
                swatch = SVGElement("circle", [
                    SVGAttribute("cx", left + 9), SVGAttribute("cy", y), SVGAttribute("r", PlotStyle.pointRadius + 1),
                    SVGAttribute("fill", colour),
                ])
            case .line:
                swatch = SVGElement("line", [
                    SVGAttribute("x1", left), SVGAttribute("y1", y), SVGAttribute("x2", left + 18), SVGAttribute("y2", y),
                    SVGAttribute("stroke", colour), SVGAttribute("stroke-width", PlotStyle.lineWidth),
                ])
            }
            children.append(SVGElement("g", [SVGAttribute("class", "legend-entry"), SVGAttribute("data-name", entry.name)], children: [
                swatch,
                SVGElement("text", [SVGAttribute("x", left + 24), SVGAttribute("y", y + PlotStyle.textSize / 3)], text: shortened(entry.name)),
            ]))
        }
        if shown.count < series.count {
            let y = area.top + PlotStyle.legendLineHeight * (Double(shown.count) + 0.5)
            children.append(SVGElement("text", [
                SVGAttribute("class", "legend-more"), SVGAttribute("x", left), SVGAttribute("y", y + PlotStyle.textSize / 3),
            ], text: "… and \(series.count - shown.count) more"))
        }
        return SVGElement("g", [SVGAttribute("class", "legend")], children: children)
    }

    /// `name` cut to ``PlotStyle/legendNameLength`` characters with "…".
    static func shortened(_ name: String) -> String {
        name.count > PlotStyle.legendNameLength ? String(name.prefix(PlotStyle.legendNameLength - 1)) + "…" : name
    }
}

/// The grid, the frame, and both axes with their ticks, tick labels and titles.
enum AxisDrawing {
    /// The elements, grid first so that data is drawn over it.
    static func elements(figure: Figure, area: PlotArea) -> [SVGElement] {
        var grid: [SVGElement] = []
        for value in area.x.ticks.values {
            let x = area.x.position(value)
            grid.append(line(x, area.top, x, area.bottom))
        }
        for value in area.y.ticks.values {
            let y = area.y.position(value)
            grid.append(line(area.left, y, area.right, y))
        }
        let frame = SVGElement("rect", [
            SVGAttribute("class", "frame"), SVGAttribute("x", area.left), SVGAttribute("y", area.top),
            SVGAttribute("width", area.right - area.left), SVGAttribute("height", area.bottom - area.top),
            SVGAttribute("fill", "none"), SVGAttribute("stroke", PlotStyle.inkColour),
        ])
        return [
            SVGElement("g", [SVGAttribute("class", "grid"), SVGAttribute("stroke", PlotStyle.gridColour)], children: grid),
            frame, xAxis(figure.xAxis, area: area), yAxis(figure.yAxis, area: area),
        ]
    }

    /// The x axis under the plot area: ticks, labels and the title.
    private static func xAxis(_ axis: Axis, area: PlotArea) -> SVGElement {
        var children = area.x.ticks.values.map { value in
            let x = area.x.position(value)
            return SVGElement("g", [SVGAttribute("class", "tick"), SVGAttribute("data-value", area.x.ticks.label(value))], children: [
                line(x, area.bottom, x, area.bottom + PlotStyle.tickLength, stroke: PlotStyle.inkColour),
                SVGElement("text", [
                    SVGAttribute("x", x), SVGAttribute("y", area.bottom + PlotStyle.tickLength + PlotStyle.textSize + 2),
                    SVGAttribute("text-anchor", "middle"),
                ], text: area.x.ticks.label(value)),
            ])
        }
        children.append(SVGElement("text", [
            SVGAttribute("class", "axis-title"), SVGAttribute("x", (area.left + area.right) / 2),
            SVGAttribute("y", area.bottom + PlotStyle.tickLength + 2 * PlotStyle.textSize + 14), SVGAttribute("text-anchor", "middle"),
        ], text: axis.title))
        return SVGElement("g", [SVGAttribute("class", "x-axis")], children: children)
    }

    /// The y axis left of the plot area: ticks, labels and the title, turned upright.
    private static func yAxis(_ axis: Axis, area: PlotArea) -> SVGElement {
        var children = area.y.ticks.values.map { value in
            let y = area.y.position(value)
            return SVGElement("g", [SVGAttribute("class", "tick"), SVGAttribute("data-value", area.y.ticks.label(value))], children: [
                line(area.left - PlotStyle.tickLength, y, area.left, y, stroke: PlotStyle.inkColour),
                SVGElement("text", [
                    SVGAttribute("x", area.left - PlotStyle.tickLength - 3), SVGAttribute("y", y + PlotStyle.textSize / 3),
                    SVGAttribute("text-anchor", "end"),
                ], text: area.y.ticks.label(value)),
            ])
        }
        let titleX = area.left - PlotStyle.marginLeft + PlotStyle.textSize + 4
        let titleY = (area.top + area.bottom) / 2
        children.append(SVGElement("text", [
            SVGAttribute("class", "axis-title"), SVGAttribute("x", titleX), SVGAttribute("y", titleY), SVGAttribute("text-anchor", "middle"),
            SVGAttribute("transform", "rotate(-90 \(SVGNumber.text(titleX)) \(SVGNumber.text(titleY)))"),
        ], text: axis.title))
        return SVGElement("g", [SVGAttribute("class", "y-axis")], children: children)
    }

    /// A line from (x1, y1) to (x2, y2), stroked by its group unless `stroke` is given.
    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String? = nil) -> SVGElement {
        var attributes = [SVGAttribute("x1", x1), SVGAttribute("y1", y1), SVGAttribute("x2", x2), SVGAttribute("y2", y2)]
        if let stroke { attributes.append(SVGAttribute("stroke", stroke)) }
        return SVGElement("line", attributes)
    }
}

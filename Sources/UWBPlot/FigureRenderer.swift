/// Draws a ``Figure`` as an SVG document.
///
/// The document is meant to be read back as data as well as looked at: each series is a
/// `<g class="series" data-name="…">` holding one `<circle>` per point or one `<polyline>`, each
/// axis a `<g class="x-axis">` or `<g class="y-axis">` of `<g class="tick" data-value="…">`
/// elements whose line sits at the value's coordinate, each region a `<polygon class="region">`,
/// and each legend entry a `<g class="legend-entry" data-name="…">`. Layout and colours come from
/// ``PlotStyle``.
public enum FigureRenderer {
    /// The SVG document of `figure`.
    public static func svg(_ figure: Figure) -> String {
        root(figure).document
    }

    /// The scales of `figure`'s axes: ticks covering its data, mapped onto the plot area (shrunk
    /// on one axis when the figure needs equal scales).
    public static func scales(_ figure: Figure) -> (x: AxisScale, y: AxisScale) {
        let points = figure.dataPoints
        let xTicks = NiceTicks(covering: points.map(\.x).min() ?? 0, points.map(\.x).max() ?? 1)
        let yTicks = NiceTicks(covering: points.map(\.y).min() ?? 0, points.map(\.y).max() ?? 1)
        var left = PlotStyle.marginLeft
        var top = PlotStyle.marginTop
        var width = PlotStyle.width - PlotStyle.marginLeft - PlotStyle.marginRight
        var height = PlotStyle.height - PlotStyle.marginTop - PlotStyle.marginBottom
        if figure.hasEqualScales {
            let xSpan = xTicks.span.upperBound - xTicks.span.lowerBound
            let ySpan = yTicks.span.upperBound - yTicks.span.lowerBound
            let perUnit = min(width / xSpan, height / ySpan)
            left += (width - xSpan * perUnit) / 2
            top += (height - ySpan * perUnit) / 2
            width = xSpan * perUnit
            height = ySpan * perUnit
        }
        let x = figure.xAxis.isReversed
            ? AxisScale(ticks: xTicks, start: left + width, end: left)
            : AxisScale(ticks: xTicks, start: left, end: left + width)
        let y = figure.yAxis.isReversed
            ? AxisScale(ticks: yTicks, start: top, end: top + height)
            : AxisScale(ticks: yTicks, start: top + height, end: top)
        return (x, y)
    }

    /// The `<svg>` element.
    private static func root(_ figure: Figure) -> SVGElement {
        let (x, y) = scales(figure)
        let area = PlotArea(x: x, y: y)
        var children: [SVGElement] = [
            SVGElement("title", text: figure.title),
            SVGElement("rect", [SVGAttribute("width", PlotStyle.width), SVGAttribute("height", PlotStyle.height), SVGAttribute("fill", "white")]),
            SVGElement("defs", children: [
                SVGElement("clipPath", [SVGAttribute("id", clipIdentifier)], children: [
                    SVGElement("rect", [
                        SVGAttribute("x", area.left), SVGAttribute("y", area.top),
                        SVGAttribute("width", area.right - area.left), SVGAttribute("height", area.bottom - area.top),
                    ])
                ])
            ]),
            SVGElement("text", [
                SVGAttribute("class", "title"), SVGAttribute("x", PlotStyle.width / 2), SVGAttribute("y", PlotStyle.marginTop / 2 + 4),
                SVGAttribute("text-anchor", "middle"), SVGAttribute("font-size", PlotStyle.titleSize), SVGAttribute("font-weight", "bold"),
            ], text: figure.title),
        ]
        children += AxisDrawing.elements(figure: figure, area: area)
        children.append(regions(figure.regions, area: area))
        children.append(
            SVGElement("g", [SVGAttribute("class", "all-series"), SVGAttribute("clip-path", "url(#\(clipIdentifier))")],
                children: figure.series.map { series($0, area: area) }))
        children.append(labels(figure.labels, area: area))
        children.append(LegendDrawing.element(figure.series, area: area))
        if !figure.caption.isEmpty {
            children.append(
                SVGElement("text", [
                    SVGAttribute("class", "caption"), SVGAttribute("x", PlotStyle.width / 2), SVGAttribute("y", PlotStyle.height - 12),
                    SVGAttribute("text-anchor", "middle"),
                ], text: figure.caption))
        }
        return SVGElement("svg", [
            SVGAttribute("xmlns", "http://www.w3.org/2000/svg"), SVGAttribute("version", "1.1"),
            SVGAttribute("width", PlotStyle.width), SVGAttribute("height", PlotStyle.height),
            SVGAttribute("viewBox", "0 0 \(SVGNumber.text(PlotStyle.width)) \(SVGNumber.text(PlotStyle.height))"),
            SVGAttribute("font-family", PlotStyle.fontFamily), SVGAttribute("font-size", PlotStyle.textSize),
            SVGAttribute("fill", PlotStyle.inkColour),
        ], children: children)
    }

    /// The id of the clip path that keeps data inside the plot area.
    private static let clipIdentifier = "plot-area"

    /// The filled polygons, with the names of labelled ones above their label points.
    private static func regions(_ regions: [Region], area: PlotArea) -> SVGElement {
        var children: [SVGElement] = []
        for region in regions {
            let corners = region.corners.filter(\.isFinite).map { area.position($0) }
            guard corners.count >= 3 else { continue }
            children.append(SVGElement("polygon", [
                SVGAttribute("class", "region"), SVGAttribute("data-name", region.name),
                SVGAttribute("points", SVGNumber.points(corners)),
                SVGAttribute("fill", region.colour.map(PlotStyle.colour) ?? PlotStyle.neutralColour),
                SVGAttribute("fill-opacity", region.opacity), SVGAttribute("stroke", region.colour.map(PlotStyle.colour) ?? PlotStyle.neutralColour),
                SVGAttribute("stroke-width", 0.8),
            ]))
            if let labelAt = region.labelAt, labelAt.isFinite {
                let point = area.position(labelAt)
                children.append(SVGElement("text", [
                    SVGAttribute("class", "region-label"), SVGAttribute("x", point.x), SVGAttribute("y", point.y - 4),
                    SVGAttribute("text-anchor", "middle"),
                ], text: region.name))
            }
        }
        return SVGElement("g", [SVGAttribute("class", "regions"), SVGAttribute("clip-path", "url(#\(clipIdentifier))")], children: children)
    }

    /// One series: a circle per point, or a polyline through them.
    private static func series(_ series: Series, area: PlotArea) -> SVGElement {
        let colour = PlotStyle.colour(series.colour)
        let points = series.points.filter(\.isFinite).map { area.position($0) }
        var attributes = [SVGAttribute("class", "series"), SVGAttribute("data-name", series.name)]
        let children: [SVGElement]
        switch series.style {
        case .points, .markers:
            let isMarker = series.style == .markers
            attributes.append(SVGAttribute("data-style", isMarker ? "markers" : "points"))
            attributes.append(SVGAttribute("fill", colour))
            if isMarker {
                attributes += [SVGAttribute("stroke", "white"), SVGAttribute("stroke-width", 1.5)]
            }
            let radius = isMarker ? PlotStyle.markerRadius : PlotStyle.pointRadius
            children = points.map { SVGElement("circle", [SVGAttribute("cx", $0.x), SVGAttribute("cy", $0.y), SVGAttribute("r", radius)]) }
        case .line:
            attributes.append(SVGAttribute("data-style", "line"))
            children = points.isEmpty ? [] : [
                SVGElement("polyline", [
                    SVGAttribute("points", SVGNumber.points(points)), SVGAttribute("fill", "none"), SVGAttribute("stroke", colour),
                    SVGAttribute("stroke-width", PlotStyle.lineWidth), SVGAttribute("stroke-linejoin", "round"),
                ])
            ]
        }
        return SVGElement("g", attributes, children: children)
    }

    /// The labels, each just right of and above its point.
    private static func labels(_ labels: [PlotLabel], area: PlotArea) -> SVGElement {
        SVGElement("g", [SVGAttribute("class", "labels")], children: labels.filter { $0.at.isFinite }.map { label in
            let point = area.position(label.at)
            return SVGElement("text", [
                SVGAttribute("class", "label"), SVGAttribute("x", point.x + 5), SVGAttribute("y", point.y - 5),
            ], text: label.text)
        })
    }
}

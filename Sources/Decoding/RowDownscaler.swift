import Geometry

/// `RGBAImage.downscaled(toFit:)`'s area average fed one source row at a time, top to bottom, so a decoder can
/// shrink an image while it decodes it and never hold it whole. The same integers as the whole-image pass, in
/// another order, so the output is byte for byte the same.
///
/// Shrinking only (`output` at most `source` on both axes): a source row then falls into one or two output rows,
/// whose column sums are the only state kept.
final class RowDownscaler {
    let source: PixelSize
    let output: PixelSize
    private let columns: AxisWeights
    private let rows: AxisWeights
    private let area: Int
    /// Column sums of output row `row` and of the one after it.
    private var current: ColumnSums
    private var next: ColumnSums
    private let destination: UnsafeMutablePointer<UInt8>
    private let knownOpaque: Bool
    private var row = 0
    private var sourceRow = 0

    /// Writes `output.width * output.height * 4` bytes to `destination` as rows are added. The cheaper plain sums
    /// (`ColumnSums`) are kept while the rows are opaque: each row is looked at, unless `knownOpaque` (the source
    /// has no alpha) says every one is.
    init(source: PixelSize, output: PixelSize, destination: UnsafeMutablePointer<UInt8>, knownOpaque: Bool) {
        precondition(output.width >= 1 && output.height >= 1 && output.width <= source.width
                     && output.height <= source.height, "RowDownscaler only shrinks (\(source) → \(output))")
        self.source = source
        self.output = output
        columns = AxisWeights(source: source.width, output: output.width)
        rows = AxisWeights(source: source.height, output: output.height)
        area = source.width * source.height
        self.knownOpaque = knownOpaque
        current = ColumnSums(width: source.width, opaque: true)
        next = ColumnSums(width: source.width, opaque: true)
        self.destination = destination
    }

    /// True once every source row has been added (and every output row written).
    var isComplete: Bool { sourceRow == source.height }

    /// Adds the next source row (`source.width` RGBA pixels).
    func add(_ pixels: UnsafePointer<UInt8>) {
        precondition(sourceRow < source.height, "more rows than the source has")
        let j = sourceRow
        let first = rows.first[row], count = rows.start[row + 1] - rows.start[row]
        if !knownOpaque && current.opaque && !isOpaqueRow(pixels, count: source.width) {
            current.weightByAlpha()
            next.weightByAlpha()
        }
        current.add(pixels, weight: rows.weights[rows.start[row] + j - first])
        // A source row straddling two output rows counts in the next one too.
        if row + 1 < output.height && rows.first[row + 1] == j {
            next.add(pixels, weight: rows.weights[rows.start[row + 1]])
        }
        if j == first + count - 1 {
            current.average(columns, area: area, into: destination + row * output.width * 4)
            swap(&current, &next)
            next.clear()
            row += 1
        }
        sourceRow += 1
    }
}

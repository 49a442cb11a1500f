/// Writes the Prometheus text exposition format (version 0.0.4): `# HELP`, `# TYPE`, then samples.
struct Exposition {
    private(set) var text = ""

    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.escape($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    mutating func histogram(_ name: String, _ help: String, _ h: Histogram) {
        family(name, "histogram", help)
        var cumulative = 0
        for (bound, n) in zip(h.bounds, h.counts) {
            cumulative += n
            sample(name + "_bucket", ["le": Self.number(bound)], Double(cumulative))
        }
        sample(name + "_bucket", ["le": "+Inf"], Double(h.count))
        sample(name + "_sum", [:], h.sum)
        sample(name + "_count", [:], Double(h.count))
    }

    /// Label values escape backslash, double quote and newline.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    /// Integers without a fraction; others as Swift prints them (Go's ParseFloat and Python's float read both).
    static func number(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "+Inf" : "-Inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

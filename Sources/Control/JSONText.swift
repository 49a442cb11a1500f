/// JSON text written by hand, pure: the event log's lines (`--log-events`, `recto ctl status`) and the visit
/// report's JSON both quote their strings here, so there is one escaping rule.
public enum JSONText {
    /// `s` as a JSON string literal: quote and backslash escaped, newline, carriage return and tab by name, every
    /// other control character as `\u00XX`; everything else (non-ASCII included) as it is, in UTF-8.
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

/// Figures and columns for the terminal, without Foundation's formatting (which links ICU).
extension String {
    public init(format1 x: Double) {
        guard x.isFinite else { self = "n/a"; return }
        let r = (x * 100).rounded() / 100
        self = String(r)
    }
    /// `x` with exactly `decimals` digits after the point: "%.2f" without Foundation's formatting, which links ICU.
    public init(_ x: Double, decimals: Int) {
        guard x.isFinite else { self = "n/a"; return }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((abs(x) * Double(scale)).rounded())
        var fraction = String(n % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        self = (x < 0 && n != 0 ? "-" : "") + String(n / scale) + (decimals > 0 ? "." + fraction : "")
    }
    public func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}

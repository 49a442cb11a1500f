// Natural ("human") ordering of page file names: page2 before page10, Page1 next to page1.
// Books are directories or zip archives whose entry order is whatever the file system or the archiver
// produced, so the reading order must come from the names alone and must be a strict total order:
// two different names never compare equal, which makes the sort deterministic on every machine.

/// Natural order of two names: runs of ASCII digits compare by numeric value (any length, no overflow),
/// everything else compares case-insensitively by Unicode scalar.
///
/// Ties under that rule are broken so the order stays total: first fewer leading zeros
/// (`a1` < `a01`), then plain scalar order of the original names (`A` < `a`). Only identical strings are
/// equivalent, so `naturalLess(a, b) == false && naturalLess(b, a) == false` implies `a == b`.
public func naturalLess(_ a: String, _ b: String) -> Bool {
    naturalCompare(a, b) < 0
}

/// Three-way natural comparison: negative when `a` sorts first, zero only when `a == b` (scalar-wise),
/// positive otherwise. See `naturalLess` for the rule.
public func naturalCompare(_ a: String, _ b: String) -> Int {
    let primary = compareFolded(a, b)
    if primary.order != 0 { return primary.order }
    if primary.zeroBias != 0 { return primary.zeroBias }
    return compareScalars(Array(a.unicodeScalars), Array(b.unicodeScalars))
}

/// `names` in natural order. Stable: equal names (only identical strings are equal) keep their order.
public func naturallySorted(_ names: [String]) -> [String] {
    naturallySorted(names, by: { $0 })
}

/// `items` in the natural order of `key(item)`, stable for items with identical keys
/// (for example the same entry name listed twice in a zip archive).
public func naturallySorted<T>(_ items: [T], by key: (T) -> String) -> [T] {
    stablySorted(items, by: key, naturalCompare)
}

/// Natural order of `/`-separated paths, folder by folder: each component compares by `naturalCompare`, and a
/// path that is a prefix of another sorts first. So `ch2/p9` < `ch2/p10` < `ch10/p1`, and `ch1/…` stays before
/// `ch1.5/…` and `ch1 extra/…` (comparing whole strings would weigh "/" against "." or " "). Zero only when
/// `a == b`.
public func naturalPathCompare(_ a: String, _ b: String) -> Int {
    let x = a.split(separator: "/", omittingEmptySubsequences: false)
    let y = b.split(separator: "/", omittingEmptySubsequences: false)
    for (p, q) in zip(x, y) {
        let c = naturalCompare(String(p), String(q))
        if c != 0 { return c }
    }
    return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
}

/// `items` in the natural path order (`naturalPathCompare`) of `key(item)`, stable for identical keys.
public func naturallySortedPaths<T>(_ items: [T], by key: (T) -> String) -> [T] {
    stablySorted(items, by: key, naturalPathCompare)
}

private func stablySorted<T>(_ items: [T], by key: (T) -> String, _ compare: (String, String) -> Int) -> [T] {
    let keys = items.map(key)
    let order = items.indices.sorted { i, j in
        let c = compare(keys[i], keys[j])
        return c != 0 ? c < 0 : i < j
    }
    return order.map { items[$0] }
}

// MARK: - Internals

@inline(__always) private func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

/// Compares case-folded names run by run. `order` is the primary result; `zeroBias` records the first
/// difference in leading zeros between numerically equal digit runs, used only as a tie-break.
private func compareFolded(_ a: String, _ b: String) -> (order: Int, zeroBias: Int) {
    let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
    var i = 0, j = 0, zeroBias = 0
    while i < x.count && j < y.count {
        if isDigit(x[i]) && isDigit(y[j]) {
            let (ri, zi) = digitRun(x, from: i), (rj, zj) = digitRun(y, from: j)
            // After leading zeros: a longer run is a larger number; equal lengths compare digit by digit.
            let li = ri.upperBound - zi, lj = rj.upperBound - zj
            if li != lj { return (li < lj ? -1 : 1, 0) }
            for k in 0..<li where x[zi + k] != y[zj + k] {
                return (x[zi + k].value < y[zj + k].value ? -1 : 1, 0)
            }
            let zerosI = zi - ri.lowerBound, zerosJ = zj - rj.lowerBound
            if zeroBias == 0 && zerosI != zerosJ { zeroBias = zerosI < zerosJ ? -1 : 1 }
            i = ri.upperBound; j = rj.upperBound
        } else {
            if x[i] != y[j] { return (x[i].value < y[j].value ? -1 : 1, 0) }
            i += 1; j += 1
        }
    }
    let restI = x.count - i, restJ = y.count - j
    return (restI == restJ ? 0 : (restI < restJ ? -1 : 1), zeroBias)
}

/// The digit run starting at `start` and the index of its first significant digit (a run of zeros keeps
/// its last zero as the significant digit, so "000" reads as the one-digit number 0).
private func digitRun(_ s: [Unicode.Scalar], from start: Int) -> (run: Range<Int>, significant: Int) {
    var end = start
    while end < s.count && isDigit(s[end]) { end += 1 }
    var first = start
    while first < end - 1 && s[first].value == 48 { first += 1 }
    return (start..<end, first)
}

private func compareScalars(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
    for (p, q) in zip(x, y) where p != q { return p.value < q.value ? -1 : 1 }
    return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
}

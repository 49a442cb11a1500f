@testable import Bench
import Testing

/// `recto bench` reports the single page's last fifth against the floor run by run as well as over all runs, so that
/// a reader sees how far the machine moved the ratio within one invocation.
@Suite struct BenchRunsTests {
    /// Five frames a run (the last fifth is frame 4), two runs: the second on a machine twice as slow for the floor.
    static func twoRuns() -> BenchResults.Case {
        var floor = FrameTimes(frames: 5), curl = FrameTimes(frames: 5)
        for (run, (floorMs, lastMs)) in [(2.0, 3.0), (4.0, 4.0)].enumerated() {
            for i in 0..<5 {
                floor.append(frame: i, wall: floorMs, cpu: floorMs)
                let ms = i == 4 ? lastMs : 1.0 + Double(run)
                curl.append(frame: i, wall: ms, cpu: ms)
            }
        }
        return .init(name: "single", floor: floor, curl: curl, damaged: [], vertices: 0)
    }

    @Test func eachRunIsDividedByTheFloorBesideIt() {
        #expect(BenchResults.lastFifthByRun(Self.twoRuns()) == [1.5, 1.0])
    }

    @Test func runsAreCutInTheOrderTheyRan() {
        let c = Self.twoRuns()
        #expect(c.floor.byRun(c.floor.cpu).map { Array($0) } == [[2, 2, 2, 2, 2], [4, 4, 4, 4, 4]])
        #expect(c.curl.byRun(c.curl.cpu).map { Array($0) } == [[1, 1, 1, 1, 3], [2, 2, 2, 2, 4]])
    }

    @Test func theTableAndTheJSONCarryTheRunByRunRatios() {
        var results = BenchResults()
        results.cases = [Self.twoRuns()]
        #expect(results.table(size: Size(argument: "100x100")!).contains("run by run 1.5, 1"))
        #expect(results.json(size: Size(argument: "100x100")!).contains("\"cpu_ratio_by_run\":[1.500,1.000]"))
    }
}
